"""A deployment declared with the state it is in: "a deployment "batch" of 4 replicas
requesting 1 CPU each with priority 100, all running" is the deployment, placed, every pod
of it Running (a Given that cannot hold says so at its own line)."""

from __future__ import annotations

from typing import Any

from kubeloop.cluster.defaults import DEFAULT_DEPLOYMENT_NAME
from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .reconcile import i_reconcile_until_stable
from .workloads import a_deployment

_COUNT = "{replicas:n}[ <replicas|replica|pods|pod|instances|instance|copies>]"
_ALL_RUNNING = (
    "[,] <all|all of them|both|both of them|and all|and all of them|with all of them|"
    "with all|with every pod> <running|up and running|up|scheduled>"
)


@given(
    "a deployment[ <named|called>][ {name:name}] <of|with> "
    + _COUNT
    + "{options:declared}"
    + _ALL_RUNNING,
    'a deployment "batch" of 4 replicas requesting 1 CPU each with priority 100, all running',
    'a deployment "web" with 2 replicas, both running',
)
def a_running_deployment(
    world: World, replicas: int, options: dict[str, Any], name: str | None = None
) -> None:
    """Declare the deployment, reconcile until nothing changes, and hold that every one of
    its REPLICAS pods is Running."""
    a_deployment(world, replicas, options, name)
    i_reconcile_until_stable(world)
    wanted = name or DEFAULT_DEPLOYMENT_NAME
    pods = list(world.pods(wanted))
    running = [p for p in pods if p.phase == "Running"]
    if len(running) != replicas or len(pods) != replicas:
        waiting = [p for p in pods if p.phase != "Running"]
        why = world.attribute(waiting[0], "reason") if waiting else None
        raise world.fail(
            f'all {replicas} pods of "{wanted}" running',
            f"{len(running)} running, {len(waiting)} pending"
            + (f" ({waiting[0].name}: {why})" if why else ""),
        )
