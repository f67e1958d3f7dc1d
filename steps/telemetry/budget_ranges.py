"""An error budget's use as a range: "has spent between 8% and 11% of its error budget".

A 30-day budget is rarely a round number after real traffic; a range says what matters.
"""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .slo_names import find_slo, slo_named
from .telemetry_part import call, show

_BETWEEN = "between {low:percent} and {high:percent}"


def _spent(world: World, name: str) -> float:
    """The share of the period's budget the errors used, in percent (can pass 100)."""
    name = slo_named(world, name)
    period = find_slo(world, name).objective.period
    return round(100 * float(call(world, "burn_rate", name, period)), 9)


def _check(world: World, what: str, got: float, low: float, high: float) -> None:
    if low > high:
        raise world.fail(f"a range from low to high ({show(low)}% … {show(high)}%)", "reversed")
    if not low <= got <= high:
        raise world.fail(f"{what} between {show(low)}% and {show(high)}%", f"{show(got)}%")


@then(
    "{name:sloname} has <spent|burned|used|consumed> " + _BETWEEN + " of its error budget",
    'the SLO "checkout" has spent between 8% and 11% of its error budget',
    variants=(
        "the error budget <of|for> {name:sloname} is " + _BETWEEN + " <spent|burned|used|consumed>",
    ),
)
def budget_spent_between(world: World, name: str, low: float, high: float) -> None:
    """What the period's errors used of the budget is from LOW to HIGH (both included)."""
    _check(world, f'the error budget spent of "{name}"', _spent(world, name), low, high)


@then(
    "the <error budget remaining|remaining error budget|error budget left> <of|for> [the SLO ]"
    "{name:sloname} is " + _BETWEEN,
    'the error budget remaining for "checkout" is between 89% and 92%',
    variants=("{name:sloname} has " + _BETWEEN + " of its error budget <remaining|left>",),
)
def budget_remaining_between(world: World, name: str, low: float, high: float) -> None:
    """What is left of the period's budget is from LOW to HIGH (both included)."""
    left = round(100 - _spent(world, name), 9)
    _check(world, f'the error budget remaining of "{name}"', left, low, high)
