"""Budget shares said with "it" or a proportion, as SREs go on about the SLO just named:
"less than 35% of it is left", "50% of it remains", "half of it has been spent", "all of
the error budget is left", "a third of checkout's budget is gone", "half of the error budget
of checkout-availability is spent"; said vaguely, a real check still: "some of the budget
for invoices is gone" (more than none, less than all), "most of it is left" (more than half).

"It" is the SLO named last (the budget of that SLO). Shares are percentages or words (half,
a third, a quarter, all, 1 in 10); "is" compares whole values, rounded to nine decimals as
every budget check. Spent and left are Sloth's ratio over the period, as the other budget
phrases read them (``slos.budget_remaining``): left is 100% − spent.
"""

from __future__ import annotations

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .budget_words import _spent
from .telemetry_part import show

_LEFT = (
    "<is left|is remaining|remains|is still left|is still there|is still available|"
    "is unspent|is untouched|is still unspent>"
)
_SPENT = "<has been|is|was|has> <spent|burned|burnt|used|consumed|eaten|used up|gone>"
_SHARE = "[{bound:comparison} ]{share:share} of "
_WORDS = "[{bound:comparison} ]{share:shareword} of "
"""A share in words: with a percentage, "25% of the error budget of X" is slos.py's."""
_OF_SLO = "the [error ]budget <of|for> [the SLO ]{name:sloname} "
"""The budget of a named SLO, said with "of": "the error budget of checkout-availability"."""


def _check(world: World, name: str | None, share: float, bound: str, left: bool) -> None:
    name, spent = _spent(world, name)
    got = round(100 - spent, 9) if left else spent
    if not compare(got, bound, share):
        what = "left" if left else "spent"
        said = f"{'' if bound == '==' else bound + ' '}{show(share)}%"
        raise world.fail(f'{said} of the error budget of "{name}" {what}', f"{show(got)}%")


@then(
    _SHARE + "<it|the budget|the error budget> " + _LEFT,
    "less than 35% of it is left",
    "50% of it remains",
    "all of the error budget is left",
    "half of checkout's budget is still there",
    variants=(_SHARE + "{name:sloname}'s [error ]budget " + _LEFT, _WORDS + _OF_SLO + _LEFT),
)
def share_left(world: World, share: float, bound: str = "==", name: str | None = None) -> None:
    """That share of the SLO's budget is left (100% − what its period's errors spent)."""
    _check(world, name, share, bound, left=True)


@then(
    _SHARE + "it " + _SPENT,
    "more than half of it has been spent",
    "a third of checkout's budget is gone",
    "at most 10% of it was used",
    variants=(_SHARE + "{name:sloname}'s [error ]budget " + _SPENT, _WORDS + _OF_SLO + _SPENT),
)
def share_spent(world: World, share: float, bound: str = "==", name: str | None = None) -> None:
    """That share of the SLO's budget is spent by its period's errors so far."""
    _check(world, name, share, bound, left=False)


_WHOSE = "<it|the budget|the error budget> "
_SLOS = "{name:sloname}'s [error ]budget "


def _vaguely(
    world: World, name: str | None, bounds: tuple[float, float | None], left: bool
) -> None:
    name, spent = _spent(world, name)
    got = round(100 - spent, 9) if left else spent
    low, high = bounds
    if got <= low or (high is not None and got >= high):
        what = "left" if left else "spent"
        said = f"more than {show(low)}%" + (f" and less than {show(high)}%" if high else "")
        raise world.fail(f'{said} of the error budget of "{name}" {what}', f"{show(got)}%")


@then(
    "{share:vague} of " + _WHOSE + _SPENT,
    "some of the error budget for invoices is gone",
    "most of it has been spent",
    "a good chunk of checkout's budget is used up",
    variants=("{share:vague} of " + _OF_SLO + _SPENT, "{share:vague} of " + _SLOS + _SPENT),
)
def vague_spent(world: World, share: tuple[float, float | None], name: str | None = None) -> None:
    """A share of the SLO's budget said vaguely is spent: "some" more than none and less
    than all, "most" more than half (bounds excluded)."""
    _vaguely(world, name, share, left=False)


@then(
    "{share:vague} of " + _WHOSE + _LEFT,
    "some of the error budget is left",
    "most of the budget of checkout-availability remains",
    variants=("{share:vague} of " + _OF_SLO + _LEFT, "{share:vague} of " + _SLOS + _LEFT),
)
def vague_left(world: World, share: tuple[float, float | None], name: str | None = None) -> None:
    """A share of the SLO's budget said vaguely is left: "some" more than none and less than
    all, "most" more than half (bounds excluded)."""
    _vaguely(world, name, share, left=True)
