"""An error budget burning now, said as a verb: "the error budget of checkout is burning",
"checkout is burning through its error budget", "the budget is not burning any more".

Burning is errors being served now: the SLO's burn rate over the last 5 minutes (Sloth's
shortest SLI window) is above 0; not burning, it is 0. No requests in the window is neither.
"""

from __future__ import annotations

import math

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .slo_names import find_slo, slo_named
from .slos import burn_rate
from .telemetry_part import call, show

_NOW = 300
"""The window "now" is read over (Sloth's shortest SLI window)."""
_BUDGET = "<budget|error budget>"


def format_window(seconds: int) -> str:
    """A window as Prometheus writes a range: 5m, 1h, 6h, 90s."""
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def _burn_now(world: World, name: str | None) -> tuple[str, float]:
    name = slo_named(world, name)
    find_slo(world, name)
    burn = float(call(world, "burn_rate", name, _NOW))
    if math.isnan(burn):
        raise world.fail(f'requests measured for the SLO "{name}" now', "no requests in 5m")
    return name, burn


@then(
    "the " + _BUDGET + "[ <of|for> {name:sloname}] is [still ]<burning|being burned|being "
    "consumed|being eaten|being used>[ down]",
    "the error budget of checkout is burning",
    "checkout is burning through its error budget",
    "the budget is still being consumed",
    variants=(
        "{name:sloname} is [still ]<burning|eating|eating into|burning through|using up|"
        "consuming> its " + _BUDGET,
        "{name:sloname}'s " + _BUDGET + " is [still ]<burning|being burned|being consumed|"
        "being eaten>[ down]",
    ),
)
def budget_burning(world: World, name: str | None = None) -> None:
    """The SLO's errors are using its budget now (burn rate over 5 minutes above 0)."""
    name, burn = _burn_now(world, name)
    if burn <= 0:
        raise world.fail(f'the budget of "{name}" burning now', "burn rate 0 over 5m")


@then(
    "the " + _BUDGET + "[ <of|for> {name:sloname}] is <not|no longer> <burning|being burned|"
    "being consumed>[ any more][ anymore]",
    "the error budget of checkout is no longer burning",
    "checkout is not burning its budget any more",
    variants=(
        "{name:sloname} is <not|no longer> <burning|eating into|burning through|using up|"
        "consuming> its " + _BUDGET + "[ any more][ anymore]",
        "{name:sloname} <has stopped|stopped> burning its " + _BUDGET,
    ),
)
def budget_not_burning(world: World, name: str | None = None) -> None:
    """No error of the SLO's now (burn rate over 5 minutes is 0)."""
    name, burn = _burn_now(world, name)
    if burn > 0:
        raise world.fail(f'the budget of "{name}" not burning now', f"burn rate {show(burn)}")


_PACE = (
    "[ <its|the|their> " + _BUDGET + "] <faster|quicker|slower> than {burn:decimal} "
    "<times|x|×> <the|its> <allowed|sustainable|budgeted|affordable|normal|steady> rate"
    "[ over [the last ]{window:duration}]"
)
"""A burn rate said as a multiple of the rate the budget allows ("burning faster than 14.4
times the allowed rate"): a burn rate of 1 spends the budget exactly over the SLO's period.
Without a window it is the burn now, over 5 minutes (as "is burning"); the Workbook pairs
each threshold with its own windows (14.4 with 1h and 5m), so a window can be said ("…
over the last 1h")."""
_SHOWN = (300, 3600, 21600)
"""The windows a failed pace check shows beside the one it read: the page pairs' short and
long windows (5m, 1h, 6h)."""


@then(
    "{name:sloname} is burning" + _PACE,
    'the SLO "availability" is burning faster than 14.4 times the allowed rate',
    "checkout is burning its budget slower than 6 times the sustainable rate",
    "checkout is burning faster than 14.4 times the allowed rate over the last 1h",
    variants=("{name:sloname}'s " + _BUDGET + " is burning" + _PACE,),
)
def burning_faster_than(world: World, name: str | None, burn: float, window: int = _NOW) -> None:
    """The burn rate over WINDOW (5 minutes: now) is above BURN ("faster") or below it
    ("slower"); a failure says which window it read, the burn over the page windows, and
    how to name another."""
    name = slo_named(world, name)
    find_slo(world, name)
    got = float(call(world, "burn_rate", name, window))
    faster = " slower than " not in f" {world.step.text.lower()} "
    if not math.isnan(got) and ((got > burn) if faster else (got < burn)):
        return
    said = "faster" if faster else "slower"
    others = [
        f"{show(float(call(world, 'burn_rate', name, w)))} over {format_window(w)}"
        for w in _SHOWN
        if w != window
    ]
    raise world.fail(
        f'"{name}" burning {said} than {burn:g} times the allowed rate over '
        f"{format_window(window)}",
        f"{show(got)} over {format_window(window)}"
        + (" (no window said: the burn now)" if window == _NOW else "")
        + f'; {", ".join(others)}; to read another window, say it: "… {said} than {burn:g} '
        'times the allowed rate over the last 1h" (the Workbook pairs 14.4 with 1h and 5m, 6 '
        "with 6h and 30m)",
    )


@then(
    "{name:sloname} <burns|is burning> [through ]<its|the> " + _BUDGET + " {burn:number} times "
    "faster than <allowed|it is allowed to|it should|it can afford|is sustainable>",
    "search burns through its budget 7 times faster than allowed",
    variants=(
        "{name:sloname} <burns|is burning> [through ]<its|the> " + _BUDGET + " {about:about} "
        "{burn:number} times faster than <allowed|it is allowed to|it should|it can afford|"
        "is sustainable>",
    ),
)
def burns_times_faster(world: World, name: str | None, burn: str, about: str | None = None) -> None:
    """A burn rate said as how many times faster than allowed the budget burns: the burn
    rate now (over 5 minutes) is that number, at the decimals written ("about": within a
    tenth)."""
    burn_rate(world, burn, _NOW, name, "==", about)
