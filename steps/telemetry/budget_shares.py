"""Budget shares said with "it" or a proportion, as SREs go on about the SLO just named:
"less than 35% of it is left", "50% of it remains", "half of it has been spent", "all of
the error budget is left", "a third of checkout's budget is gone".

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
    variants=(_SHARE + "{name:sloname}'s [error ]budget " + _LEFT,),
)
def share_left(world: World, share: float, bound: str = "==", name: str | None = None) -> None:
    """That share of the SLO's budget is left (100% − what its period's errors spent)."""
    _check(world, name, share, bound, left=True)


@then(
    _SHARE + "it " + _SPENT,
    "more than half of it has been spent",
    "a third of checkout's budget is gone",
    "at most 10% of it was used",
    variants=(_SHARE + "{name:sloname}'s [error ]budget " + _SPENT,),
)
def share_spent(world: World, share: float, bound: str = "==", name: str | None = None) -> None:
    """That share of the SLO's budget is spent by its period's errors so far."""
    _check(world, name, share, bound, left=False)
