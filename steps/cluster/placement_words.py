"""Where pods are, said over a list of nodes: "across" both nodes, "only" these nodes."""

from __future__ import annotations

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.referents import known
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pods import _describe_pod, check, members, pods_on, pods_run


def _listed(world: World, nodes: tuple[str, ...]) -> None:
    """A node the line names must exist: a check about a node that is not there fails."""
    missing = [node for node in nodes if node not in known(world, "node")]
    if missing:
        raise world.fail(
            f"the nodes {', '.join(nodes)} to exist",
            f"no node {', '.join(missing)}; the nodes are {', '.join(known(world, 'node'))}",
        )


@then(
    "{pods:pods} <is|are> [still ][<running|scheduled|placed|spread|spread out|"
    "distributed> ]across {nodes:nodes}",
    "8 api pods are spread over node-1, node-2 and node-3",
    "6 api pods are running across node-1 and node-3",
    "all 8 copies are spread across node-2 and node-4",
    variants=(
        "{pods:pods} [still ]<run|runs> across {nodes:nodes}",
        "{pods:pods} <is|are> [still ]<spread|spread out|distributed|split> <over|between> "
        "{nodes:nodes}",
    ),
)
def pods_across(world: World, pods: PodSet, nodes: tuple[str, ...]) -> None:
    """As "… are on node-1 and node-3", and every node listed has at least one of them:
    "across" says the pods are spread over each node named, not piled on one."""
    _listed(world, nodes)
    where = " or ".join(nodes)
    check(world, pods, lambda p: p.node in nodes, f"on {where}", detail=_describe_pod)
    found = [p for p in members(world, pods) if p.node is not None]
    empty = [node for node in nodes if not any(p.node == node for p in found)]
    if empty:
        raise world.fail(
            f"{pods.describe()} across {', '.join(nodes)} (each with at least one)",
            f"none on {', '.join(empty)}",
        )


@then(
    "only {nodes:nodes} <have|has|run|runs|host|hosts> [any ]pods",
    "only node-2 and node-4 have pods",
    "only node-2 and node-4 run web pods",
    "the pods are only on node-2 and node-4",
    variants=(
        "only {nodes:nodes} <have|has|run|runs|host|hosts> [any ]{deployment:deployment} pods",
        "[all ][the ]pods are only on {nodes:nodes}",
        "[all ][the ]{deployment:deployment} pods are only on {nodes:nodes}",
        "{nodes:nodes} <is|are> the only <node|nodes> with [any ]pods",
        "{nodes:nodes} <is|are> the only <node|nodes> <running|with> [any ]"
        "{deployment:deployment} pods",
    ),
)
def only_nodes_have_pods(
    world: World, nodes: tuple[str, ...], deployment: str | None = None
) -> None:
    """The nodes that have pods bound (of the deployment, if named) are exactly these: each
    has at least one, and no other node has any."""
    _listed(world, nodes)
    if deployment is not None and deployment not in known(world, "deployment"):
        raise world.fail(
            f'pods of "{deployment}"',
            f"no deployment {deployment}; the deployments are "
            f"{', '.join(known(world, 'deployment')) or 'none'}",
        )
    holding = sorted({p.node for p in world.pods(deployment) if p.node is not None})
    if holding != sorted(nodes):
        whose = f"{deployment} " if deployment else ""
        raise world.fail(
            f"{whose}pods on {', '.join(sorted(nodes))} and no other node",
            f"{whose}pods on {', '.join(holding) or 'no node'}",
        )


_HEALTHY = "<healthy|ready|Ready|working|surviving|live>"
_DOWN = "<failed|down|dead|NotReady|unhealthy|broken>"


def _ready_nodes(world: World) -> list[str]:
    view = world.capability(world.cluster, "node")
    return [node for node in known(world, "node") if view(node).ready]


@then(
    "{pods:pods} <is|are|run|runs|is running|are running> on [one of ]the [{count:n} ]"
    + _HEALTHY
    + " nodes",
    "every web pod is running on one of the three healthy nodes",
    "all pods run on the ready nodes",
    variants=(
        "{pods:pods} <is|are|run|runs|is running|are running> on <a|one> " + _HEALTHY + " node",
    ),
)
def pods_on_healthy_nodes(world: World, pods: PodSet, count: int | None = None) -> None:
    """The pods are bound to Ready nodes, as many as the set says (a Pending pod is on no
    node); "the three healthy nodes" also says how many nodes are Ready."""
    ready = _ready_nodes(world)
    if count is not None and len(ready) != count:
        raise world.fail(f"{count} Ready nodes", f"{len(ready)}: {', '.join(ready) or 'none'}")
    check(world, pods, lambda p: p.node in ready, "on a Ready node", detail=_describe_pod)


@then(
    "{pods:pods} <is|are|runs|is running|are running|was left|were left> on <a|any> "
    + _DOWN
    + " node",
    "no web pod is on a failed node",
    "no pod is left on a NotReady node",
    variants=("{pods:pods} <is|are> [still ]left on <a|any> " + _DOWN + " node",),
)
def pods_on_failed_nodes(world: World, pods: PodSet) -> None:
    """The pods bound to nodes that are not Ready, as many as the set says ("no pod is on a
    failed node")."""
    ready = _ready_nodes(world)
    check(
        world,
        pods,
        lambda p: p.node is not None and p.node not in ready,
        "on a node that is not Ready",
        detail=_describe_pod,
    )


@then(
    "no two {deployment:deployment} pods share a node",
    "no two web pods share a node",
    "every web pod is on a different node",
    variants=(
        "<every|each> {deployment:deployment} pod <is|runs> on a different node",
        "[all ]the {deployment:deployment} pods <are|run> on different nodes",
        "<every|each> {deployment:deployment} pod has a node to itself",
    ),
)
def one_per_node(world: World, deployment: str) -> None:
    """Every pod of the deployment is bound, each to a node none of the others is on."""
    check(world, PodSet("all", None, deployment, None, None), lambda p: p.node is not None, "bound")
    crowded = _per_node(world, deployment)
    shared = {node: n for node, n in crowded.items() if n > 1}
    if shared:
        raise world.fail(
            f"one {deployment} pod per node",
            ", ".join(f"{n} on {node}" for node, n in sorted(shared.items())),
        )


def _per_node(world: World, deployment: str) -> dict[str, int]:
    counts = dict.fromkeys(known(world, "node"), 0)
    for pod in world.pods(deployment):
        if pod.node is not None:
            counts[pod.node] = counts.get(pod.node, 0) + 1
    return counts


@then(
    "{deployment:deployment} pods are spread evenly <across|over> the nodes",
    "web pods are spread evenly across the nodes",
    "the pods of web are evenly spread over the nodes",
    variants=(
        "the pods of {deployment:deployment} are <spread evenly|evenly spread> <across|over> the "
        "nodes",
        "the {deployment:deployment} pods are <spread evenly|evenly spread> <across|over> the "
        "nodes",
    ),
)
def spread_evenly(world: World, deployment: str) -> None:
    """Every pod of the deployment is bound, and the nodes' counts of them differ by at most
    one (every node of the cluster counted, an empty one too)."""
    check(world, PodSet("all", None, deployment, None, None), lambda p: p.node is not None, "bound")
    counts = _per_node(world, deployment)
    if max(counts.values()) - min(counts.values()) > 1:
        raise world.fail(
            f"{deployment} pods spread evenly (counts per node within one of each other)",
            ", ".join(f"{node}: {n}" for node, n in sorted(counts.items())),
        )


@then(
    "{pods:pods} <is|are> [all ][now ]back <on|at|to|running> {target:name}",
    "all orders pods are back on O1",
    "every web pod is back on node-2",
    variants=(
        "{pods:pods} <went|have gone|has gone|have moved|has moved|moved|have all gone> back to "
        "{target:name}",
    ),
)
def pods_back_on(world: World, pods: PodSet, target: str) -> None:
    """ "back on" a node: the pods are bound there; "back on" anything else (a version, a
    build's alias): the pods run it, as "every pod runs v1" checks."""
    if target in known(world, "node"):
        pods_on(world, pods, (target,))
    else:
        pods_run(world, pods, target)


@then(
    "{pods:pods} <is|are> [still ][<running|placed|scheduled|bound> ]<on|in> [the ]{group:name} "
    "[node ]pool[ nodes]",
    "both trainer pods are placed on gpu pool nodes",
    "every web pod is running in the general pool",
    "no batch pod is on the gpu node pool",
    'every pod of "recon" is in the node pool "batch"',
    variants=(
        "{pods:pods} <is|are> [still ][<running|placed|scheduled|bound> ]on <the nodes|nodes|"
        "a node|any node> <of|in|from> [the ]{group:name} [node ]pool",
        "{pods:pods} [still ]<run|runs> <on|in> [the ]{group:name} [node ]pool[ nodes]",
        "{pods:pods} [still ]<run|runs> on [the ]nodes <of|in|from> [the ]{group:name} [node ]pool",
        "{pods:pods} <is|are> [still ][<running|placed|scheduled|bound> ]on <a node|nodes|the "
        "nodes> <of|in|from> [the ][node ]pool {group:name}",
        "{pods:pods} <is|are> [still ][<running|placed|scheduled|bound> ]<on|in> the "
        "<node pool|pool|node group> {group:name}",
    ),
)
def pods_in_pool(world: World, pods: PodSet, group: str) -> None:
    """The pods are bound to nodes of the node pool (node group) GROUP, as many as the set
    says; a pool that does not exist fails."""
    held = set(world.capability(world.cluster, "node_group")(group).nodes)
    check(world, pods, lambda p: p.node in held, f"in pool {group}", detail=_describe_pod)


@then(
    "{deployment:deployment} [still ]<has|runs|keeps> <a|one> pod on {node:node}",
    "zk still has a pod on node-2",
    "web has 2 pods on node-1",
    "api still runs one pod on node-3",
    variants=("{deployment:deployment} [still ]<has|runs|keeps> {count:n} pod(s) on {node:node}",),
)
def has_pods_on(world: World, deployment: str, node: str, count: int | None = None) -> None:
    """The deployment has pods bound to NODE: at least one ("a pod"), or exactly COUNT."""
    _listed(world, (node,))
    pods = PodSet("at least", 1, deployment, None, None)
    if count is not None:
        pods = PodSet("exactly", count, deployment, None, None)
    check(world, pods, lambda p: p.node == node, f"on {node}", detail=_describe_pod)
