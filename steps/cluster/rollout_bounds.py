"""What held at every step of the last rollout: how many pods existed, how many were ready."""

from __future__ import annotations

from dataclasses import replace

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.registry import then
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .pods import holds
from .rollout import _snapshots, _steps, lowest_ready
from .rollout_observed import Observed

_THROUGHOUT = (
    "<throughout the rollout|during the rollout|at every step|at every step of the rollout|"
    "at each step|at all times during the rollout|after every step|at every point of the rollout|"
    "at every point during the rollout|at any point during the rollout>[,]"
)
_AT_ALL_TIMES = (
    " <at all times|at any time|at every step|throughout the rollout|during the rollout|"
    "at any point|at every point of the rollout|at every point during the rollout|"
    "at any point during the rollout>"
)
_AT_ROLLOUT_STEPS = (
    " <at any time|at every step|throughout the rollout|during the rollout|at any point|"
    "at every point of the rollout|at every point during the rollout|"
    "at any point during the rollout>"
)
"""As above but "at all times": "at least 4 copies were ready at all times" is said of the
whole run (links/servers.py), so a bare count of copies takes only these."""


def _count_at(pods: PodSet, snapshot: Observed) -> int:
    if pods.state == "ready":
        return int(snapshot.ready)
    if pods.state == "updated":
        return int(snapshot.updated)
    return int(snapshot.total)


def _throughout(world: World, pods: PodSet, said: str) -> None:
    """Judged on the pods ``pods()`` showed after each pass, never the engine's snapshots;
    a count said as "not every pod" is no bound, so it is an error, never a pass."""
    if pods.quantifier == "not all":
        raise world.fail(f"a count of pods {said} at every step", f'"{pods.describe()}"')
    for number, observed in enumerate(_snapshots(world), 1):
        count = _count_at(pods, observed)
        if not holds(replace(pods, quantifier=pods.quantifier), count, count):
            raise world.fail(
                f"{pods.describe()} {said} at every step",
                f"{count} after reconcile pass {number} of the rollout, as pods() showed them"
                f"{_budget(world)}; passes: {_steps(world)}",
                _check(world, pods, count, number),
            )


_OPS = {"at least": ">=", "at most": "<=", "none": "=="}
_LINES = {"ready": "ready", "updated": "updated"}


def _check(world: World, pods: PodSet, count: int, number: int) -> FailedCheck:
    """The failed check on the rollout chart: the line it read, its bound, the pass."""
    entry = world.report.rollouts[-1] if world.report.rollouts else {}
    bound = 0 if pods.quantifier == "none" else pods.count
    return FailedCheck(
        "rollout",
        str(entry.get("deployment") or pods.deployment or ""),
        _LINES.get(pods.state or "", "total"),
        None if bound is None else float(bound),
        float(count),
        _OPS.get(pods.quantifier, "=="),
        number,
    )


def _budget(world: World) -> str:
    """The budget the scenario gave the rollout, as a failure names it."""
    entry = world.report.rollouts[-1] if world.report.rollouts else None
    deployment = entry["deployment"] if entry else None
    declared = world.declared.deployments.get(deployment or "")
    if entry is None or declared is None:
        return ""
    spec = declared[1]
    return (
        f" (replicas {entry['replicas']}, maxSurge {spec.get('max_surge', '25%')}, "
        f"maxUnavailable {spec.get('max_unavailable', '25%')})"
    )


@then(
    _THROUGHOUT + " {pods:pods} <was|were|is|are> <ready|available>",
    "throughout the rollout at least 3 pods were ready",
    "at every step at least 3 pods are ready",
    "at least 5 pods are available at all times",
    variants=(
        "{pods:pods} <was|were|is|are> <ready|available>" + _AT_ROLLOUT_STEPS,
        "{pods:rolloutpods} <was|were|is|are> <ready|available> at all times",
    ),
)
def ready_throughout(world: World, pods: PodSet) -> None:
    """At every step of the last rollout, that many pods were ready (at least / at most N)."""
    _throughout(world, replace(pods, state="ready"), "ready")


@then(
    _THROUGHOUT + " there <is|are|was|were> {pods:pods}",
    "at every step there are at most 5 pods",
    "at every step at most 7 pods exist",
    "throughout the rollout there were at least 4 pods",
    "the deployment has at most 8 pods at any time",
    variants=(
        _THROUGHOUT + " {pods:pods} <existed|exist|exists>",
        "throughout the rollout at most {pods:pods} existed",
        "{deployment:deployment} <has|had> {pods:pods}" + _AT_ALL_TIMES,
        "there <is|are|was|were> {pods:pods}" + _AT_ALL_TIMES,
    ),
)
def pods_throughout(world: World, pods: PodSet, deployment: str | None = None) -> None:
    """At every step of the last rollout, that many pods existed (at most N, at least N)."""
    _throughout(world, pods, "existing")


@then(
    "the rollout never <had|has|exceeded|exceeds|went above|goes above> {count:n} pod(s)",
    "the rollout never exceeded 5 pods",
    "the rollout never had more than 5 pods",
    variants=(
        "the rollout never <had|has> more than {count:n} pod(s)",
        "there were never more than {count:n} pods during the rollout",
    ),
)
def never_above(world: World, count: int) -> None:
    """No step of the last rollout had more than COUNT pods in total."""
    _throughout(world, PodSet("at most", count, None, None, None), "existing")


@then(
    "the rollout never <dropped|drops|went|goes> below {count:n} ready pod(s)",
    "the rollout never dropped below 3 ready pods",
    variants=(
        "there were never fewer than {count:n} ready pods during the rollout",
        "the rollout <kept|always kept|always had> at least {count:n} <ready pods|pods ready>"
        "[ <throughout|the whole time|at every step>]",
    ),
)
def never_below(world: World, count: int) -> None:
    """No step of the last rollout had fewer than COUNT ready pods."""
    _throughout(world, PodSet("at least", count, None, "ready", None), "ready")


def _rolled(world: World, deployment: str) -> None:
    """The last rollout must be the named deployment's: a bound said of gateway's pods is
    never judged on another deployment's rollout."""
    entry = world.report.rollouts[-1] if world.report.rollouts else None
    if entry is None or entry.get("deployment") != deployment:
        seen = f'the last rollout was of "{entry["deployment"]}"' if entry else "no rollout"
        raise world.fail(f'a rollout of "{deployment}" earlier in the scenario', seen)


_ABOVE = (
    "<had more than|has more than|exceeded|exceeds|went above|goes above|went over|went beyond>"
)


@then(
    "the rollout never " + _ABOVE + " {count:n} {deployment:deployment} pods",
    "the rollout never had more than 5 gateway pods",
    "the rollout of gateway never went above 5 pods",
    "during the rollout there were never more than 5 gateway pods",
    variants=(
        "the rollout of {deployment:deployment} never " + _ABOVE + " {count:n} pod(s)",
        "<during|throughout> the rollout[,] there <were|was> never more than {count:n} "
        "{deployment:deployment} pods",
        "there were never more than {count:n} {deployment:deployment} pods <during|throughout> "
        "the rollout",
        "{deployment:deployment} never " + _ABOVE + " {count:n} pod(s)[ at once] <during|"
        "throughout> the <rollout|update|upgrade>",
        "at no point <during|in> the rollout <were|was> there more than {count:n} "
        "{deployment:deployment} pods",
    ),
)
def never_above_named(world: World, count: int, deployment: str) -> None:
    """No step of the last rollout, which was the deployment's, had more than COUNT pods."""
    _rolled(world, deployment)
    _throughout(world, PodSet("at most", count, deployment, None, None), "existing")


@then(
    "the rollout never <dropped|drops|went|goes|fell> below {count:n} ready {deployment:deployment}"
    " pods",
    "the rollout never dropped below 3 ready gateway pods",
    "the rollout of gateway never went below 3 ready pods",
    variants=(
        "the rollout of {deployment:deployment} never <dropped|drops|went|goes|fell> below "
        "{count:n} ready pod(s)",
        "{deployment:deployment} <always had|kept> at least {count:n} ready pod(s) <during|"
        "throughout> the <rollout|update|upgrade>",
        "{deployment:deployment} never <dropped|went|fell|dipped> below {count:n} ready pod(s) "
        "<during|throughout> the <rollout|update|upgrade>",
        "{deployment:deployment} never had fewer than {count:n} ready pod(s) <during|"
        "throughout> the <rollout|update|upgrade>",
    ),
)
def never_below_named(world: World, count: int, deployment: str) -> None:
    """No step of the last rollout, which was the deployment's, had fewer than COUNT ready
    pods."""
    _rolled(world, deployment)
    _throughout(world, PodSet("at least", count, deployment, "ready", None), "ready")


@then(
    "at <its|their> lowest[,] {count:n} {deployment:deployment} pod(s) <were|was> ready",
    "at its lowest 3 ledger pods were ready",
    "at its lowest, 3 pods of ledger were ready",
    variants=(
        "at <its|their> lowest[,] {count:n} pod(s) of {deployment:deployment} <were|was> ready",
    ),
)
def lowest_ready_named(world: World, count: int, deployment: str) -> None:
    """The fewest ready pods at any step of the last rollout, which was the deployment's,
    was exactly COUNT ("its lowest" is the rollout's: a deployment's lowest over the whole
    run counts the pods before they first turned ready)."""
    _rolled(world, deployment)
    lowest_ready(world, count)
