"""Where pods are, said by the nodes' labels: "every pod of "etl" is on a node labeled
tier=batch", "no web pod runs on nodes with label tier=batch".

The check is observed, not trusted: each pod's node is read from the cluster's pods, and
that node's labels from the cluster's nodes, so a nodeSelector the engine ignored shows as
a pod on the wrong node. A label no node carries names nothing, and the check fails.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.referents import known
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pods import check

_ON_LABELLED = "<a node|nodes|the nodes|a node that is|nodes that are> <labeled|labelled>"
_ON_WITH = "<a node|nodes|the nodes> with [the ]label"


def labelled_nodes(world: World, label: str) -> list[str]:
    """The nodes that carry the label key=value now, in name order."""
    key, value = label.split("=", 1)
    node = world.capability(world.cluster, "node")
    return [name for name in known(world, "node") if node(name).labels.get(key) == value]


def _describe(world: World) -> Callable[[Any], str]:
    node = world.capability(world.cluster, "node")

    def describe(pod: Any) -> str:
        if pod.node is None:
            return f"{pod.name} {pod.phase} on no node"
        labels = ", ".join(f"{k}={v}" for k, v in sorted(node(pod.node).labels.items()))
        return f"{pod.name} on {pod.node} ({labels or 'no labels'})"

    return describe


@then(
    "{pods:pods} <is|are> [still ][<running|scheduled|placed|bound> ]on " + _ON_LABELLED + " "
    "{label:label}",
    'every pod of "etl" is on a node labeled tier=batch',
    "no web pod is running on nodes labelled disk=ssd",
    "at least 2 pods of db are on nodes with label disk=ssd",
    variants=(
        "{pods:pods} <is|are> [still ][<running|scheduled|placed|bound> ]on " + _ON_WITH + " "
        "{label:label}",
        "{pods:pods} <run|runs|landed|land|lands|ended up|went> on " + _ON_LABELLED + " "
        "{label:label}",
        "{pods:pods} <run|runs|landed|land|lands|ended up|went> on " + _ON_WITH + " {label:label}",
    ),
)
def pods_on_labelled(world: World, pods: PodSet, label: str) -> None:
    """The pods are bound to nodes that carry the label, as many as the set says ("no pod":
    none is); a Pending pod is on no node, so on no labelled one."""
    holding = labelled_nodes(world, label)
    if not holding:
        labels = sorted(
            {
                f"{k}={v}"
                for name in known(world, "node")
                for k, v in world.capability(world.cluster, "node")(name).labels.items()
            }
        )
        raise world.fail(
            f"a node labeled {label}",
            f"no node carries it; the nodes' labels are {', '.join(labels) or 'none'} "
            '(label nodes when you add them: "a node pool "batch" with 3 nodes labeled '
            f'{label}")',
        )
    check(
        world,
        pods,
        lambda p: p.node in holding,
        f"on a node labeled {label} ({', '.join(holding)})",
        detail=_describe(world),
    )
