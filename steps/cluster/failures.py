"""Things going wrong on nodes: failure, recovery, cordoning."""

from __future__ import annotations

from kubeloop.harness.registry import when
from kubeloop.harness.world import World
from kubeloop.steps.cluster.support import set_node_state


@when(
    "{node:node} fails",
    "node-2 fails",
    'node "node-2" fails',
    "I take node-3 down",
    variants=(
        "{node:node} <crashes|dies|stops responding|is lost|is powered off|breaks>",
        "I <fail|kill|stop|shut down|power off|lose> {node:node}",
        "I take {node:node} down",
    ),
)
def node_fails(world: World, node: str) -> None:
    """The node stops responding: NotReady, its pods evicted, nothing new lands there."""
    world.attempt(lambda: world.cluster.fail_node(node))


@when(
    "{node:node} recovers",
    "node-2 recovers",
    "node-2 comes back",
    variants=(
        "{node:node} <comes back|comes back up|is back|is back up|is repaired|rejoins the cluster>",
        "I <recover|repair|restart|bring back> {node:node}",
    ),
)
def node_recovers(world: World, node: str) -> None:
    """The node is healthy again and takes pods from the next reconcile on."""
    world.attempt(lambda: world.cluster.recover_node(node))


@when(
    "{node:node} <goes|becomes|turns|is marked|is now> {state:nodestate}",
    "node-2 goes NotReady",
    "node-2 goes down",
    "node-1 becomes unschedulable",
    "node-2 becomes Ready",
)
def node_goes(world: World, node: str, state: str) -> None:
    """The node changes state: NotReady fails it, Ready recovers it, unschedulable cordons it."""
    world.attempt(lambda: set_node_state(world, node, state))


@when(
    "I cordon {node:node}",
    "I cordon node-1",
    "I mark node-1 unschedulable",
    variants=("I mark {node:node} [as ]unschedulable",),
)
def i_cordon(world: World, node: str) -> None:
    """Mark the node unschedulable: its pods stay, no new pod lands there."""
    cordon = world.capability(world.cluster, "cordon")
    world.attempt(lambda: cordon(node))


@when(
    "I uncordon {node:node}",
    "I uncordon node-1",
    variants=("I mark {node:node} [as ]schedulable[ again]",),
)
def i_uncordon(world: World, node: str) -> None:
    """Make the node schedulable again."""
    uncordon = world.capability(world.cluster, "uncordon")
    world.attempt(lambda: uncordon(node))
