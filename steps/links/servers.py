"""The cluster as a manager tells it: copies of a service on servers, a server dying, and
where the copies are afterwards: "checkout runs 6 copies of v2 across 3 servers", "one of
the servers dies", "checkout still has 6 copies running on the other two servers", "none of
them are on the dead server".

A copy is a pod and a server a node. "One of the servers" is the first node, by name, that
runs a pod of the deployment named last (ties broken by name, never by chance); "the dead
server" is every node that is not Ready now, and a check about it fails when none is.
"""

from __future__ import annotations

from kubeloop.harness.referents import it
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

from ..cluster.assertions import never_fewer_ready
from .story import _serving

_COPIES = "<copies|pods|replicas|instances>"
_SERVERS = "<servers|nodes|machines|hosts|boxes>"
_DEAD = "<dead|failed|broken|lost|crashed|down>"
_WHOLE_TIME = "<the whole time|throughout|all along|the entire time|at all times>"


@given(
    "{deployment:name} runs {replicas:n} " + _COPIES + " of {version:version} <across|on> "
    "{count:n} " + _SERVERS,
    "checkout runs 6 copies of v2 across 3 servers",
    "checkout runs 4 copies across 3 servers",
    variants=(
        "{deployment:name} runs {replicas:n} " + _COPIES + " <across|on> {count:n} " + _SERVERS,
    ),
)
def copies_across(
    world: World, deployment: str, replicas: int, count: int, version: str = "v1"
) -> None:
    """COUNT nodes and DEPLOYMENT with REPLICAS pods at VERSION (v1 unless said) on them."""
    _serving(world, deployment, version, {"nodes": count, "replicas": replicas})


def _failed(world: World) -> list[str]:
    return sorted(node.name for node in world.cluster.nodes() if not node.ready)


@when(
    "<one of the servers|a server|one server|one of the nodes|a node|one of the machines> "
    "<dies|fails|goes down|crashes|is lost|breaks>",
    "one of the servers dies",
    "a node crashes",
)
def one_server_dies(world: World) -> None:
    """The first node (by name) running a pod of the deployment named last fails (else the
    first Ready node): NotReady, its pods evicted, as "node-2 fails"."""
    if not world.settled:
        world.settle()
    deployment = world.declared.mentioned.get("deployment")
    ready = sorted(node.name for node in world.cluster.nodes() if node.ready)
    hosting = sorted(
        {p.node for p in world.cluster.pods(deployment) if p.node in ready} if deployment else set()
    )
    chosen = (hosting or ready or [None])[0]
    if chosen is None:
        raise world.fail("a Ready node to fail", "there is none")
    world.attempt(lambda: world.capability(world.cluster, "fail_node")(chosen))


@then(
    "none of <them|its pods|its copies|the copies|the pods> <are|is> on the " + _DEAD + " "
    "<server|node|machine|servers|nodes|machines>",
    "none of them are on the dead server",
    "none of its copies are on the failed node",
)
def none_on_dead(world: World) -> None:
    """No pod of the deployment named last is on a node that is not Ready (there must be one)."""
    deployment = it(world, "deployment")
    failed = _failed(world)
    if not failed:
        raise world.fail("a node that failed", "every node is Ready")
    there = sorted(p.name for p in world.cluster.pods(deployment) if p.node in failed)
    if there:
        raise world.fail(f"no pod of {deployment} on {', '.join(failed)}", ", ".join(there))


@then(
    "{deployment:name} [still ]has {replicas:n} " + _COPIES + " running on the <other|remaining|"
    "healthy|surviving> {count:n} " + _SERVERS,
    "checkout still has 6 copies running on the other two servers",
    "web has 4 pods running on the remaining 2 nodes",
)
def copies_on_the_others(world: World, deployment: str, replicas: int, count: int) -> None:
    """REPLICAS pods of DEPLOYMENT are Running, every one on a Ready node, and COUNT nodes
    are Ready (the others); some node must have failed."""
    world.declared.mentioned["deployment"] = deployment
    failed = _failed(world)
    ready = sorted(node.name for node in world.cluster.nodes() if node.ready)
    running = [p for p in world.cluster.pods(deployment) if p.phase == "Running"]
    misplaced = sorted(p.name for p in running if p.node not in ready)
    if not failed or len(ready) != count or len(running) != replicas or misplaced:
        raise world.fail(
            f"{replicas} pods of {deployment} running on the {count} nodes still Ready",
            f"{len(running)} running ({', '.join(misplaced) or 'none'} on a failed node); "
            f"Ready nodes {', '.join(ready) or 'none'}; failed {', '.join(failed) or 'none'}",
        )


@then(
    "at least {count:n} <copies|instances> <were|was|stayed|remained> <serving customers|"
    "serving traffic|serving|up|ready|available> " + _WHOLE_TIME,
    "at least 4 copies were serving customers the whole time",
    variants=(
        "at least {count:n} <pods|replicas> <were|was|stayed|remained> <serving customers|"
        "serving traffic|serving> " + _WHOLE_TIME,
    ),
)
def copies_serving_throughout(world: World, count: int) -> None:
    """After every reconcile pass so far at least COUNT pods of the deployment named last
    were Ready (only Ready pods serve), as "at least 4 pods were ready the whole time"."""
    never_fewer_ready(world, None, count)
