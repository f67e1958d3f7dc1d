"""Alerts counted and listed now, as on-call people read the alert list: "exactly 2 alerts
are firing", "at least one alert is pending", "the firing alerts are A and B", "A and B are
both firing".

An alert counts once per name (an alerting rule may fire several series), in the state
``alert_state`` gives it now: firing if one of its series fires, else pending. The rules
loaded must hold at least one alert, and every alert a sentence names must exist.
"""

from __future__ import annotations

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .alerts import _clock, _known
from .telemetry_part import call


def _in_state(world: World, state: str) -> list[str]:
    names = sorted(str(n) for n in call(world, "alert_names"))
    if not names:
        raise world.fail("alert rules to check", "there are no alerts")
    return [n for n in names if call(world, "alert_state", n) == state]


@then(
    "[{bound:comparison} ]{count:n} alert(s) <is|are> [now ]{state:alertstate}",
    "exactly 2 alerts are firing",
    "at least one alert is pending",
    "3 alerts are firing",
    variants=("[{bound:comparison} ]{count:n} alert(s) <fire|are going off|went off>",),
)
def alerts_counted(world: World, count: int, state: str = "firing", bound: str = "==") -> None:
    """The number of alerts (by name) in STATE now compares so with COUNT."""
    found = _in_state(world, state)
    if not compare(len(found), bound, count):
        said = "" if bound == "==" else bound + " "
        raise world.fail(
            f"{said}{count} alert(s) {state} at {_clock(world.clock.now)}",
            f"{len(found)}: {', '.join(found) or 'none'}",
        )


@then(
    "the {state:alertstate} alerts are {names:names}",
    "the firing alerts are HighErrors and HighLatency",
    "only HighErrors and HighLatency are firing",
    variants=(
        "the alerts <that are|in state> {state:alertstate} are {names:names}",
        "only {names:names} <is|are> {state:alertstate}",
    ),
)
def alerts_listed(world: World, state: str, names: list[str]) -> None:
    """Exactly these alerts are in STATE now, no other."""
    for name in names:
        _known(world, name)
    found = _in_state(world, state)
    if sorted(set(names)) != found:
        raise world.fail(
            f"the {state} alerts {', '.join(sorted(set(names)))} at {_clock(world.clock.now)}",
            ", ".join(found) or "none",
        )


@then(
    "{first:name} and {names:names} are [<both|all> ]firing",
    "HighErrors and HighLatency are both firing",
    "both HighErrors and HighLatency fire",
    "HighErrors, HighLatency and Down are all firing",
    variants=(
        "{first:name}, {names:names} are [all ]firing",
        "<both|all of> {first:name} and {names:names} <fire|are firing>",
        "all of {first:name}, {names:names} <fire|are firing>",
    ),
)
def each_firing(world: World, first: str, names: list[str]) -> None:
    """Each of these alerts (two or more: one alone is alerts.py's) fires now; others may."""
    names = [first, *names]
    for name in names:
        _known(world, name)
    quiet = [n for n in names if call(world, "alert_state", n) != "firing"]
    if quiet:
        raise world.fail(f"{', '.join(names)} firing", f"not firing: {', '.join(quiet)}")


@then(
    "{first:name} is {state:alertstate}[,] <but|and|while|whereas> {second:name} <is not|isn't>"
    "[ yet]",
    "HighErrors is firing but HighLatency is not",
    "HighErrors is pending and HighLatency isn't",
    variants=("{first:name} is {state:alertstate}[,] but not {second:name}",),
)
def one_but_not_the_other(world: World, first: str, state: str, second: str) -> None:
    """The first alert is in STATE now and the second is not: the state said once, carried
    over to the second ("… but HighLatency is not"; said twice, the line is two checks)."""
    _known(world, first)
    _known(world, second)
    now = call(world, "alert_state", first), call(world, "alert_state", second)
    if now[0] != state or now[1] == state:
        raise world.fail(
            f"{first} {state} and {second} not {state}", f"{first} {now[0]}, {second} {now[1]}"
        )
