"""Where pods sit relative to other pods: on the same node or zone as them, or apart.

The other side is a deployment (every node one of its pods is bound to) or a single pod
by name; "web" is looked up as a deployment first, as the rest of the catalog does.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .affinity import ZONE
from .pods import check

_OTHER = "[<the|a|an> ]{other:name}[ pod(s)]"
_BOUND = "[<running|scheduled|placed|bound> ]"


def _nodes_of(world: World, other: str) -> set[str]:
    """The nodes the other side's pods are bound to (a deployment's, or one named pod's)."""
    if other in world.declared.deployments:
        return {p.node for p in world.pods(other) if p.node is not None}
    pods = {p.name: p for p in world.pods()}
    if other in pods:
        return {pods[other].node} if pods[other].node is not None else set()
    known = sorted({*world.declared.deployments, *pods})
    raise world.fail(
        f'a deployment or pod named "{other}"',
        "there is none; known: " + (", ".join(known[:12]) or "nothing"),
    )


def _zone(world: World, node: str | None) -> str | None:
    if node is None:
        return None
    labels = world.capability(world.cluster, "node")(node).labels
    return labels.get(ZONE)  # type: ignore[no-any-return]


@then(
    f"{{pods:pods}} <is|are> [still ]{_BOUND}<on|in> the same node as {_OTHER}",
    "both cache pods are on the same node as web",
    'every "cache" pod is on the same node as a "web" pod',
    "1 cache pod is on the same node as web-1",
    variants=(
        f"{{pods:pods}} <share|shares> a node with {_OTHER}",
        f"{{pods:pods}} <is|are> [still ]co-located with {_OTHER}",
    ),
)
def on_the_same_node(world: World, pods: PodSet, other: str) -> None:
    """The pods are bound to a node that one of OTHER's pods (a deployment, or a pod by
    name) is bound to, as many as the set says."""
    hosts = _nodes_of(world, other)
    check(world, pods, lambda p: p.node in hosts, f'on a node of "{other}"', detail=_where)


@then(
    f"{{pods:pods}} <is|are> [still ]{_BOUND}<on|in> a different node <than|from> {_OTHER}",
    'no "cache" pod is on a different node than web',
    "every web pod is on a different node from the batch pods",
    variants=(f"{{pods:pods}} <is|are> not on the same node as {_OTHER}",),
)
def on_a_different_node(world: World, pods: PodSet, other: str) -> None:
    """The pods are bound, each to a node none of OTHER's pods is bound to."""
    hosts = _nodes_of(world, other)
    check(
        world,
        pods,
        lambda p: p.node is not None and p.node not in hosts,
        f'bound apart from "{other}"',
        detail=_where,
    )


@then(
    f"{{pods:pods}} <is|are> [still ]{_BOUND}in the same zone as {_OTHER}",
    "every cache pod is in the same zone as web",
)
def in_the_same_zone(world: World, pods: PodSet, other: str) -> None:
    """The pods are bound to nodes whose topology.kubernetes.io/zone label is one of the
    zones OTHER's pods are in."""
    zones = {_zone(world, node) for node in _nodes_of(world, other)} - {None}
    check(
        world,
        pods,
        lambda p: _zone(world, p.node) in zones,
        f'in a zone of "{other}" ({", ".join(sorted(z for z in zones if z)) or "none"})',
        detail=_where,
    )


@then(
    f"{{pods:pods}} <is|are> [still ]{_BOUND}in a different zone <than|from> {_OTHER}",
    "no cache pod is in a different zone from web",
)
def in_a_different_zone(world: World, pods: PodSet, other: str) -> None:
    """The pods are bound to nodes in a zone none of OTHER's pods is in."""
    zones = {_zone(world, node) for node in _nodes_of(world, other)}
    check(
        world,
        pods,
        lambda p: p.node is not None and _zone(world, p.node) not in zones,
        f'in a zone apart from "{other}"',
        detail=_where,
    )


def _where(pod: Any) -> str:
    return f"{pod.name} on {pod.node or 'no node'}"
