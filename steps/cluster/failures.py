"""Things going wrong on nodes: failure, recovery, cordoning."""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World


@when("[node ]{node:name} fails", "node-2 fails", 'node "node-2" fails')
def node_fails(world: World, node: str) -> None:
    """The node stops responding: NotReady, its pods evicted, nothing new lands there."""
    world.attempt(lambda: world.cluster.fail_node(node))


@given("[node ]{node:name} has failed", "node-2 has failed")
def node_has_failed(world: World, node: str) -> None:
    """The node is down from the start of the scenario."""
    world.cluster.fail_node(node)


@when("[node ]{node:name} recovers", "node-2 recovers")
def node_recovers(world: World, node: str) -> None:
    """The node is healthy again and takes pods from the next reconcile on."""
    world.attempt(lambda: world.cluster.recover_node(node))


@when("I cordon [node ]{node:name}", "I cordon node-1")
def i_cordon(world: World, node: str) -> None:
    """Mark the node unschedulable: its pods stay, no new pod lands there."""
    cordon = world.capability(world.cluster, "cordon")
    world.attempt(lambda: cordon(node))


@given("[node ]{node:name} is cordoned", "node-1 is cordoned")
def node_is_cordoned(world: World, node: str) -> None:
    """The node is unschedulable from the start of the scenario."""
    world.capability(world.cluster, "cordon")(node)


@when("I uncordon [node ]{node:name}", "I uncordon node-1")
def i_uncordon(world: World, node: str) -> None:
    """Make the node schedulable again."""
    uncordon = world.capability(world.cluster, "uncordon")
    world.attempt(lambda: uncordon(node))
