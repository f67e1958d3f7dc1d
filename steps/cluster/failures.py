"""Things going wrong on nodes: failure, recovery, cordoning — of one node or of several."""

from __future__ import annotations

from kubeloop.harness.referents import known
from kubeloop.harness.registry import when
from kubeloop.harness.world import World

from .engine_objects import each_node, set_node_state

_AT_NIGHT = (
    "[ <in the middle of the night|at night|during the night|late at night|"
    "in the early hours|in the early hours of the morning|early in the morning|"
    "in the small hours>]"
)
"""When a node fails, said as colour: the failure happens now, as the line stands."""


@when(
    "{nodes:nodes} <fails|fail>" + _AT_NIGHT,
    "node-2 fails",
    'node "node-2" fails',
    "I take node-3 down",
    "node-1 and node-2 fail",
    "I fail node-1, node-2 and node-3",
    variants=(
        "{nodes:nodes} <crashes|crash|dies|die|stops responding|stop responding|is lost|are lost"
        "|is powered off|are powered off|breaks|break|loses power|lose power|goes dark|go dark|"
        "drops off the network|drop off the network|goes offline|go offline|is gone|are gone>"
        + _AT_NIGHT,
        "I <fail|kill|stop|shut down|power off|lose> {nodes:nodes}",
        "I take {nodes:nodes} down",
    ),
)
def node_fails(world: World, nodes: tuple[str, ...]) -> None:
    """The node stops responding: NotReady, its pods evicted, nothing new lands there (a
    service's name instead, "payments crashes": its target stops answering)."""
    if _as_services(world, nodes, up=False):
        return
    each_node(world, nodes, world.capability(world.cluster, "fail_node"))


def _as_services(world: World, nodes: tuple[str, ...], up: bool) -> bool:
    """Names that are all the scenario's services and none of its nodes ("payments comes
    back"): the services go down or come back instead; False when they are not. "It" in a
    world with services and no nodes is the service named last ("checkout fails …, then it
    recovers")."""
    node_names = set(known(world, "node"))
    if "telemetry" not in world.parts or any(n in node_names for n in nodes):
        return False
    service = world.declared.mentioned.get("service")
    if nodes == ("it",) and service is not None and not node_names:
        nodes = (service,)
    from ..telemetry.services import goes_down, recovers  # noqa: PLC0415  (a service, said so)
    from ..telemetry.telemetry_part import call  # noqa: PLC0415

    services = set(call(world, "services"))
    if not all(name in services for name in nodes):
        return False
    for name in nodes:
        (recovers if up else goes_down)(world, name)
    return True


@when(
    "{nodes:nodes} <recovers|recover>",
    "node-2 recovers",
    "node-2 comes back",
    "node-1 and node-2 recover",
    variants=(
        "{nodes:nodes} <comes back|come back|comes back up|come back up|is back|are back"
        "|is back up|are back up|is repaired|are repaired|rejoins the cluster|rejoin the cluster>",
        "I <recover|repair|restart|bring back> {nodes:nodes}",
    ),
)
def node_recovers(world: World, nodes: tuple[str, ...]) -> None:
    """The node is healthy again and takes pods from the next reconcile on (a service's
    name instead: it answers again, its errors gone)."""
    if _as_services(world, nodes, up=True):
        return
    each_node(world, nodes, world.capability(world.cluster, "recover_node"))


@when(
    "{nodes:nodes} <goes|go|becomes|become|turns|turn|is marked|are marked|is now|are now>"
    " {state:nodestate}" + _AT_NIGHT,
    "node-2 goes NotReady",
    "node-2 goes down",
    "node-1 becomes unschedulable",
    "node-2 becomes Ready",
    "node-1 and node-2 go NotReady",
)
def node_goes(world: World, nodes: tuple[str, ...], state: str) -> None:
    """The node changes state: NotReady fails it, Ready recovers it, unschedulable cordons it
    (a service's name instead: down or up)."""
    if state in ("NotReady", "Ready") and _as_services(world, nodes, up=state == "Ready"):
        return
    each_node(world, nodes, lambda node: set_node_state(world, node, state))


@when(
    "I cordon {nodes:nodes}",
    "I cordon node-1",
    "I mark node-1 unschedulable",
    "I cordon node-1 and node-2",
    variants=("I mark {nodes:nodes} [as ]unschedulable",),
)
def i_cordon(world: World, nodes: tuple[str, ...]) -> None:
    """Mark the node unschedulable: its pods stay, no new pod lands there."""
    each_node(world, nodes, world.capability(world.cluster, "cordon"))


@when(
    "I uncordon {nodes:nodes}",
    "I uncordon node-1",
    "I uncordon node-1 and node-2",
    variants=("I mark {nodes:nodes} [as ]schedulable[ again]",),
)
def i_uncordon(world: World, nodes: tuple[str, ...]) -> None:
    """Make the node schedulable again."""
    each_node(world, nodes, world.capability(world.cluster, "uncordon"))


_MIDWAY = (
    "<halfway through|half-way through|midway through|mid-way through|in the middle of|during>"
)


@when(
    "{nodes:nodes} <fails|fail|dies|die|goes down|go down|crashes|crash> " + _MIDWAY + " the "
    "rollout[ of {deployment:deployment}]",
    "node-3 fails halfway through the rollout",
    "node-2 dies in the middle of the rollout of web",
    variants=(
        "{nodes:nodes} <fails|fail|dies|die|goes down|go down|crashes|crash> <halfway through|"
        "half-way through|midway through|mid-way through|mid-rollout>",
    ),
)
def node_fails_mid_rollout(
    world: World, nodes: tuple[str, ...], deployment: str | None = None
) -> None:
    """The node fails while a rollout is under way (pods of a deployment still run another
    version than its template): as "node-3 fails". A rollout that already ran to its end in
    its own step ("When I roll out v2 of web" waits for the end) cannot be failed half-way:
    the step fails and says how to begin a rollout that is left to run."""
    names = [deployment] if deployment else sorted(world.declared.deployments)
    rolling = [name for name in names if _rolling(world, name)]
    if names and not rolling:
        said = f" of {deployment}" if deployment else ""
        version = world.cluster.deployment(names[0]).version
        raise world.fail(
            f"a rollout{said} under way when {' and '.join(nodes)} fails",
            "every rollout has run to its end: When I roll out … waits for the end in its own "
            "step; begin one that is left to run (When I start rolling out "
            f"{version} of {names[0]} with maxSurge 1 and maxUnavailable 1), then fail the node "
            f"(And {nodes[0]} fails)",
        )
    node_fails(world, nodes)


def _rolling(world: World, name: str) -> bool:
    """Whether some pod of the deployment runs another version than its template (an engine
    that does not show its templates, a learner's, is taken at its word: the node fails)."""
    view = getattr(world.cluster, "deployment", None)
    if view is None:
        return True
    wanted = view(name).version
    return any(pod.version != wanted for pod in world.pods(name))
