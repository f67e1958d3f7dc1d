"""What the cluster autoscaler did: group sizes, unneeded nodes, why a node is kept, removals."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import then
from kubeloop.harness.world import World


def _group(world: World, name: str) -> Any:
    return world.capability(world.cluster, "node_group")(name)


@then(
    "node group {group:name} has {count:n} node(s)",
    'node group "pool" has 3 nodes',
    "the node group pool has grown to 3 nodes",
    "node group pool has shrunk back to 1 node",
    variants=(
        "the node group {group:name} has {count:n} node(s)",
        "[the ]node group {group:name} has <grown|shrunk>[ back] to {count:n} node(s)",
        "[the ][node ]pool {group:name}[ now] has[ <grown|shrunk>[ back] to] {count:n} node(s)",
        "the {group:name} [node ]pool[ now] has[ <grown|shrunk>[ back] to] {count:n} node(s)",
    ),
)
def group_size(world: World, group: str, count: int) -> None:
    """The group's registered nodes now (nodes still being provisioned do not count)."""
    info = _group(world, group)
    if info.size != count:
        upcoming = f", {len(info.upcoming)} provisioning" if info.upcoming else ""
        raise world.fail(
            f"{count} node(s) in {group}",
            f"{info.size}: {', '.join(info.nodes) or 'none'}{upcoming}",
        )


@then(
    "node group {group:name} is provisioning {count:n} node(s)",
    "node group pool is provisioning 2 nodes",
)
def group_provisioning(world: World, group: str, count: int) -> None:
    """Nodes the autoscaler asked for that have not joined yet."""
    info = _group(world, group)
    if len(info.upcoming) != count:
        raise world.fail(f"{count} node(s) provisioning", f"{len(info.upcoming)}")


@then(
    "node group {group:name} has a target size of {count:n}",
    "node group pool has a target size of 3",
)
def group_target(world: World, group: str, count: int) -> None:
    """Registered plus provisioning nodes: what the cloud provider has been asked for."""
    info = _group(world, group)
    if info.target_size != count:
        raise world.fail(f"target size {count}", f"{info.target_size}")


def _status(world: World) -> Any:
    return world.capability(world.cluster, "cluster_autoscaler")()


@then(
    "node {node:name} is <unneeded|not unneeded>",
    "node pool-2 is unneeded",
    "node pool-1 is not unneeded",
)
def node_unneeded(world: World, node: str) -> None:
    """Whether the autoscaler's last loop found the node unneeded (removable)."""
    status = _status(world)
    wanted = "not unneeded" not in world.step.text
    since = status.unneeded_since(node)
    if (since is not None) != wanted:
        why = status.unremovable.get(node, "it is not a node of any node group")
        seen = f"unneeded since {since}s" if since is not None else f"not unneeded: {why}"
        raise world.fail("unneeded" if wanted else "not unneeded", seen)


@then(
    "node {node:name} has been unneeded for {duration:duration}",
    "node pool-2 has been unneeded for 5 minutes",
)
def unneeded_for(world: World, node: str, duration: int) -> None:
    """The node has been unneeded, continuously, for exactly DURATION (since the loop that
    first found it so)."""
    status = _status(world)
    since = status.unneeded_since(node)
    now = world.attribute(world.cluster, "clock")
    if since is None or now - since != duration:
        seen = "not unneeded" if since is None else f"unneeded for {now - since} s"
        raise world.fail(f"unneeded for {duration} s", seen)


@then(
    "node {node:name} is kept because {text:text}",
    'node pool-1 is kept because "NotEnoughPdb"',
)
def kept_because(world: World, node: str, text: str) -> None:
    """The autoscaler's reason for not removing the node contains TEXT."""
    reason = _status(world).unremovable.get(node)
    if reason is None or text not in reason:
        raise world.fail(f'a reason containing "{text}"', reason or "no reason recorded")


@then(
    "node {node:name} was removed by the cluster autoscaler",
    "node pool-2 was removed by the cluster autoscaler",
    variants=("the cluster autoscaler removed node {node:name}",),
)
def removed(world: World, node: str) -> None:
    """The autoscaler deleted the node (it is gone from the cluster)."""
    status = _status(world)
    names = [n.name for n in world.capability(world.cluster, "nodes")()]
    if node not in status.removed or node in names:
        raise world.fail(
            f"{node} removed", f"removed so far: {', '.join(status.removed) or 'none'}"
        )


@then(
    "the cluster autoscaler removed {count:n} node(s)",
    "the cluster autoscaler removed 0 nodes",
    variants=("the cluster autoscaler has removed {count:n} node(s)",),
)
def removed_count(world: World, count: int) -> None:
    """How many nodes the autoscaler has deleted so far."""
    removed_nodes = _status(world).removed
    if len(removed_nodes) != count:
        raise world.fail(f"{count} removed", f"{len(removed_nodes)}: {', '.join(removed_nodes)}")
