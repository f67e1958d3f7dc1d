"""An error budget said loosely or over the whole period: "about 28% of the error budget of
checkout has been spent", "roughly 72% of the budget is left", "almost all of billing's
budget is left", "we've used about 12% of this month's error budget".

Two meanings of "spent", both documented in docs/telemetry.md:

* "of the error budget" (every other budget phrase too) is Sloth's
  ``slo:period_error_budget_remaining``: the error ratio over the data the period holds so
  far ÷ the budget. A service one day old at 0.1% errors on a 99.9% SLO has spent 100%.
* "of this month's budget" (the month's, this period's, the whole period's, the 30-day
  budget) is what an SRE means by budget consumed: the errors counted in the period so far ÷
  the errors the whole period allows at today's traffic, ``B × P × current request rate``.
  With steady traffic, 5 minutes of full outage on 99.9% over 30 days is 5 ÷ 43.2 = 11.6%,
  however long the service has run. Measured with the SLI's own queries: the ratio over the
  period times ``sum(rate(total[P])) ÷ sum(rate(total[5m]))``, the share of the period's
  requests already counted.

"About" (around, roughly, approximately) is within a tenth of the value said, as everywhere
in telemetry; "almost all … is left" is at most ``NEARLY_UNTOUCHED`` percent spent.
"""

from __future__ import annotations

import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .budget_words import NEARLY_UNTOUCHED, _spent
from .slo_judged import total_query
from .slo_names import find_slo, slo_named
from .telemetry_part import call, result_rows, show

_SPEND = "<spent|burned|burnt|used|consumed|eaten|used up|gone>"
_LEFT = "<is left|is remaining|remains|is still left|is still there|is still available>"
_OF = "[ <of|for> [the SLO ]{name:sloname}]"
_MONTH = (
    "<this month's|the month's|this period's|the period's|the whole period's|the full "
    "period's|the 30-day|this 30-day|the monthly>"
)
_CURRENT = 300
"""The window today's traffic is measured over (Sloth's shortest SLI window)."""


def _agrees(got: float, wanted: float, bound: str | None, about: str | None) -> bool:
    if about is not None:
        return abs(got - wanted) <= abs(wanted) / 10
    return compare(got, bound or "==", wanted) if bound else round(got, 9) == wanted


def _wanted(percent: float, bound: str | None, about: str | None) -> str:
    return f"{about or bound or ''} {show(percent)}%".strip()


def period_spent(world: World, name: str | None, at: int | None = None) -> tuple[str, float]:
    """The SLO's name and the share of the whole period's budget its errors so far used, in
    percent (see the module's docstring); at AT seconds, else now."""
    name = slo_named(world, name)
    slo = find_slo(world, name)
    period = slo.objective.period
    total = total_query(world, name, slo)
    if "{{.window}}" not in total:
        raise world.fail(
            f'a total query for the SLO "{name}" (its requests over the period)',
            "the SLO gives one error ratio query only",
        )
    counted = _measure(world, total.replace("{{.window}}", f"{period}s"), at)
    today = _measure(world, total.replace("{{.window}}", f"{_CURRENT}s"), at)
    ratio = float(call(world, "burn_rate", name, period, at))
    if math.isnan(ratio) or math.isnan(today) or today <= 0:
        raise world.fail(f'requests measured for the SLO "{name}"', "no requests now")
    return name, round(100 * ratio * counted / today, 9)


def _measure(world: World, expr: str, at: int | None = None) -> float:
    result = world.attempt(lambda: call(world, "query", expr, at))
    if world.error is not None:
        raise world.fail(f'"{expr}" to evaluate', str(world.take_error()))
    rows = result_rows(result)
    if isinstance(rows, float):
        return rows
    return rows[0][1] if len(rows) == 1 else math.nan


@then(
    "{about:about} {percent:percent} of the [error ]budget <of|for> [the SLO ]{name:sloname} "
    "<is|has been> " + _SPEND,
    'about 28% of the error budget of "checkout-availability" has been spent',
    "roughly 10% of the budget for checkout is used",
    variants=(
        "{about:about} {percent:percent} of {name:sloname}'s [error ]budget <is|has been> "
        + _SPEND,
    ),
)
def about_spent(world: World, about: str, percent: float, name: str) -> None:
    """Within a tenth of PERCENT of the budget is spent (Sloth's measure, as the period's
    data so far has it)."""
    name, spent = _spent(world, name)
    if not _agrees(spent, percent, None, about):
        raise world.fail(
            f"{about} {show(percent)}% of the budget of {name} spent", f"{show(spent)}%"
        )


@then(
    "{about:about} {percent:percent} of the [error ]budget" + _OF + " " + _LEFT,
    "roughly 72% of the budget is left",
    'about 77% of the error budget for "search-availability" is left',
    variants=(
        "{about:about} {percent:percent} of {name:sloname}'s [error ]budget " + _LEFT,
        "{about:about} {percent:percent} of it " + _LEFT,
    ),
)
def about_left(world: World, about: str, percent: float, name: str | None = None) -> None:
    """Within a tenth of PERCENT of the budget is left (100% − Sloth's spent)."""
    name, spent = _spent(world, name)
    left = round(100 - spent, 9)
    if not _agrees(left, percent, None, about):
        raise world.fail(f"{about} {show(percent)}% of the budget of {name} left", f"{show(left)}%")


@then(
    "<almost|nearly|practically|basically|virtually> all of the [error ]budget" + _OF + " " + _LEFT,
    "almost all of the error budget is left",
    "nearly all of billing's error budget remains",
    variants=(
        "<almost|nearly|practically|basically|virtually> all of {name:sloname}'s [error ]budget "
        + _LEFT,
    ),
)
def almost_all_left(world: World, name: str | None = None) -> None:
    """At most NEARLY_UNTOUCHED percent of the budget is spent."""
    name, spent = _spent(world, name)
    if spent > NEARLY_UNTOUCHED:
        raise world.fail(
            f"almost all of the budget of {name} left (at most {show(NEARLY_UNTOUCHED)}% spent)",
            f"{show(spent)}% spent",
        )


_AMOUNT = "[{about:about} ][{bound:comparison} ]{percent:percent}"


@then(
    "<we've|we have|we|I've|I have|I> <used|spent|burned|burnt|consumed|eaten> "
    + _AMOUNT
    + " of "
    + _MONTH
    + " [error ]budget"
    + _OF,
    "we've used about 12% of this month's error budget",
    'we have spent at most 15% of the month\'s error budget for "checkout-availability"',
    "less than 15% of this month's error budget is gone",
    variants=(
        _AMOUNT + " of " + _MONTH + " [error ]budget" + _OF + " <is|has been> " + _SPEND,
        "{name:sloname} has <used|spent|burned|burnt|consumed|eaten> "
        + _AMOUNT
        + " of "
        + _MONTH
        + " [error ]budget",
    ),
)
def period_budget_spent(
    world: World,
    percent: float,
    name: str | None = None,
    about: str | None = None,
    bound: str | None = None,
) -> None:
    """The errors so far used PERCENT of the whole period's budget (see the docstring)."""
    name, spent = period_spent(world, name)
    if not _agrees(spent, percent, bound, about):
        raise world.fail(
            f"{_wanted(percent, bound, about)} of the period's budget of {name} spent",
            f"{show(spent)}%",
        )


@then(
    _AMOUNT + " of " + _MONTH + " [error ]budget" + _OF + " " + _LEFT,
    "roughly 88% of this month's error budget is still left",
    "at least 80% of the month's budget remains",
)
def period_budget_left(
    world: World,
    percent: float,
    name: str | None = None,
    about: str | None = None,
    bound: str | None = None,
) -> None:
    """PERCENT of the whole period's budget is still there (100% − period spent)."""
    name, spent = period_spent(world, name)
    left = round(100 - spent, 9)
    if not _agrees(left, percent, bound, about):
        raise world.fail(
            f"{_wanted(percent, bound, about)} of the period's budget of {name} left",
            f"{show(left)}%",
        )
