"""What held throughout a drain: the fewest ready (available) pods a deployment had from the
drain's start on, read from the cluster's pass records."""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .disruption import DRAIN, Drains

_DRAIN = (
    "<throughout the drain|during the drain|the whole drain|while the node drained|"
    "while the node was drained|while the node was draining|throughout the maintenance|"
    "during the maintenance>"
)
_STATE = "<ready|available|up|serving>"


def _lowest_since_drain(world: World, deployment: str) -> tuple[int, int] | None:
    """(fewest ready pods, pass) over the record the drain began in and every later one;
    None when no record since the drain saw the deployment."""
    drains = world.parts.get(DRAIN)
    if not isinstance(drains, Drains):
        raise world.fail("a drain earlier in the scenario", "no drain ran")
    records = list(world.attribute(world.cluster, "history"))
    began = drains.began
    if began is not None and records and records[0].number > began:
        raise world.fail(
            "every reconcile pass since the drain began",
            f"the history keeps passes from {records[0].number} on and the drain began at "
            f"pass {began}: raise the history limit",
        )
    lowest: tuple[int, int] | None = None
    for record in records:
        if began is not None and record.number < began:
            continue
        totals = record.deployments.get(deployment)
        if totals is not None and (lowest is None or totals.ready < lowest[0]):
            lowest = (totals.ready, record.number)
    return lowest


@then(
    "at least {count:n} {deployment:deployment} pod(s) <were|was|stayed|remained> "
    + _STATE
    + " "
    + _DRAIN,
    "at least 5 ledger pods were available throughout the drain",
    "at least 5 pods of ledger stayed ready during the drain",
    "ledger never had fewer than 5 ready pods during the drain",
    "ledger kept at least 5 pods available throughout the drain",
    variants=(
        "at least {count:n} pod(s) of {deployment:deployment} <were|was|stayed|remained> "
        + _STATE
        + " "
        + _DRAIN,
        "{deployment:deployment} never had fewer than {count:n} <ready|available> pod(s) " + _DRAIN,
        "{deployment:deployment} never had fewer than {count:n} pod(s) <ready|available> " + _DRAIN,
        "{deployment:deployment} <kept|always had|had> at least {count:n} [<ready|available> ]"
        "pod(s)[ " + _STATE + "] " + _DRAIN,
        _DRAIN + "[,] at least {count:n} {deployment:deployment} pod(s) <were|was|stayed|"
        "remained> " + _STATE,
    ),
)
def ready_throughout_the_drain(world: World, count: int, deployment: str) -> None:
    """From the drain's start on, the deployment never had fewer than COUNT ready pods
    (available: ready, where the deployment has no minReadySeconds; else the step says so)."""
    declared = world.declared.deployments.get(deployment)
    said = world.step.text.lower()
    if "available" in said and declared is not None and declared[1].get("min_ready_seconds"):
        raise world.fail(
            f"available pods of {deployment} counted after every pass",
            "it has minReadySeconds, so available is not ready and only ready pods are kept "
            f'per pass: say "at least {count} {deployment} pods were ready throughout the drain"',
        )
    lowest = _lowest_since_drain(world, deployment)
    if lowest is None:
        raise world.fail(f"a reconcile pass that saw {deployment} since the drain", "none")
    if lowest[0] < count:
        raise world.fail(
            f"at least {count} ready {deployment} pods from the drain on",
            f"{lowest[0]} after pass {lowest[1]}",
        )


@then(
    "<no more than|at most> {count:n} {deployment:deployment} pod(s) <was|were|went> "
    "<unavailable|down|not ready>[ <at any point|at any time|at once|at a time>] " + _DRAIN,
    "no more than 1 api pod was unavailable at any point during the drain",
    "at most 2 ledger pods were down during the drain",
    "ledger never had more than 1 pod unavailable throughout the drain",
    variants=(
        "<no more than|at most> {count:n} pod(s) of {deployment:deployment} <was|were|went> "
        "<unavailable|down|not ready>[ <at any point|at any time|at once|at a time>] " + _DRAIN,
        "{deployment:deployment} never had more than {count:n} pod(s) <unavailable|down|not "
        "ready>[ <at any point|at any time|at once|at a time>] " + _DRAIN,
        _DRAIN + "[,] <no more than|at most> {count:n} {deployment:deployment} pod(s) <was|were|"
        "went> <unavailable|down|not ready>[ <at any point|at any time|at once|at a time>]",
    ),
)
def unavailable_during_the_drain(world: World, count: int, deployment: str) -> None:
    """From the drain's start on, the deployment's desired replicas minus its ready pods never
    went above COUNT (a pod is unavailable while it is not ready)."""
    replicas = world.capability(world.cluster, "deployment")(deployment).replicas
    ready_throughout_the_drain(world, max(replicas - count, 0), deployment)
