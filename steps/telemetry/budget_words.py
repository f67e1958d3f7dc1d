"""An error budget as SREs talk about it: "its budget", "about 14% of the budget has been
consumed", "untouched", "basically untouched", "has used some of its error budget but has
more than 90% left", "the remaining budget has not grown back", "the SLO's objective is
still 99.9%".

"Untouched" is nothing spent; "basically untouched" (practically, almost, barely touched…)
is at most ``NEARLY_UNTOUCHED`` percent of the budget spent, as docs/telemetry.md says.
Without a name the sentence is about the SLO named last (or the only one).
"""

from __future__ import annotations

import math

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .slo_names import find_slo, slo_named
from .telemetry_part import call, show

NEARLY_UNTOUCHED = 1.0
"""The most of its budget, in percent, an SLO "basically untouched" may have spent."""
_MOST_POINTS = 200
"""Most instants "has not grown back" reads the budget at (evenly spread)."""

_SPEND = (
    "<spent|burned|burnt|used|consumed|eaten|used up|burned through|eaten through|eaten into|"
    "burned into>"
)
_BUDGET = "<budget|error budget>"
_WHOLE = (
    "[<fully|completely|entirely|still|totally|all> ]<untouched|intact|unspent|full|whole|"
    "unused|untapped>"
)


def _spent(world: World, name: str | None, at: int | None = None) -> tuple[str, float]:
    """The SLO's name and the share of its period's budget spent, in percent."""
    name = slo_named(world, name)
    period = find_slo(world, name).objective.period
    spent = round(100 * float(call(world, "burn_rate", name, period, at)), 9)
    if math.isnan(spent):
        raise world.fail(f'requests measured for the SLO "{name}"', "no requests yet")
    return name, spent


def _agrees(got: float, wanted: float, bound: str, about: str | None) -> bool:
    if about is not None:
        return abs(got - wanted) <= abs(wanted) / 10
    return compare(got, bound, wanted)


def _said(bound: str, about: str | None, percent: float) -> str:
    if about is not None:
        return f"about {show(percent)}%"
    return f"{'' if bound == '==' else bound + ' '}{show(percent)}%"


@then(
    "{name:sloname} [has ]" + _SPEND + " [{bound:comparison} ]{percent:percent} of its budget",
    'the SLO "checkout" has burned more than 10% of its budget',
    "checkout has used about 14% of its error budget",
    "about 14% of the budget has been consumed",
    "less than 5% of the error budget was used",
    variants=(
        "{name:sloname} [has ]" + _SPEND + " {about:about} {percent:percent} of its " + _BUDGET,
        "[{bound:comparison} ]{percent:percent} of <the|its> "
        + _BUDGET
        + " <has been|is|was> "
        + _SPEND,
        "{about:about} {percent:percent} of <the|its> " + _BUDGET + " <has been|is|was> " + _SPEND,
        "the [error ]budget <consumption|burn|usage|spend|spent|used|consumed> <of|for> "
        "{name:sloname} is [{bound:comparison} ]{percent:percent}",
    ),
)
def budget_used(
    world: World,
    percent: float,
    name: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """What the period's errors used of the SLO's budget; "about": within a tenth of it."""
    name, spent = _spent(world, name)
    if not _agrees(spent, percent, bound, about):
        raise world.fail(
            f'the error budget spent of "{name}" {_said(bound, about, percent)}', f"{show(spent)}%"
        )


@then(
    "the " + _BUDGET + " <of|for> {name:sloname} is [{nearly:nearly} ]untouched",
    "the error budget for web is basically untouched",
    'the SLO "checkout" is untouched',
    "the budget is practically untouched",
    "checkout has barely touched its error budget",
    variants=(
        "{name:sloname} is [{nearly:nearly} ]untouched",
        "[the ]" + _BUDGET + "[ <of|for> {name:sloname}] is [{nearly:nearly} ]" + _WHOLE,
        "<no|none of the|none of its|nothing of the|nothing of its> "
        + _BUDGET
        + "[ <of|for> {name:sloname}] <has been|was|is> "
        + _SPEND,
        "{name:sloname} <has not|hasn't|did not|didn't> touch[ed] its " + _BUDGET,
        "<none|nothing> of it <has been|was|is> " + _SPEND,
        "{name:sloname} has {nearly:barely} touched its " + _BUDGET,
    ),
)
def budget_untouched(world: World, name: str | None = None, nearly: str | None = None) -> None:
    """Nothing of the SLO's budget is spent; "basically untouched" (or "barely touched"): at
    most NEARLY_UNTOUCHED percent of it."""
    name, spent = _spent(world, name)
    limit = NEARLY_UNTOUCHED if nearly is not None else 0.0
    if spent > limit:
        wanted = f"at most {show(limit)}% spent" if limit else "nothing spent"
        raise world.fail(f'the error budget of "{name}" untouched ({wanted})', f"{show(spent)}%")


@then(
    "{name:sloname} [has ]"
    + _SPEND
    + " <some|a little|a bit|part> of its "
    + _BUDGET
    + "[[,] but <has|still has> [{bound:comparison} ]{percent:percent} <left|remaining>]",
    "checkout has used up some of its error budget but has more than 90% left",
    "the SLO has spent some of its budget",
)
def budget_partly_used(
    world: World, name: str | None = None, bound: str = "==", percent: float | None = None
) -> None:
    """Some of the SLO's budget is spent (more than nothing, less than all); "but has more
    than 90% left": and what remains compares so."""
    name, spent = _spent(world, name)
    left = round(100 - spent, 9)
    if not 0 < spent < 100:
        raise world.fail(f'some of the error budget of "{name}" spent', f"{show(spent)}%")
    if percent is not None and not compare(left, bound, percent):
        raise world.fail(
            f'the error budget left of "{name}" {_said(bound, None, percent)}', f"{show(left)}%"
        )


@then(
    "the [<remaining|error> ]" + _BUDGET + "[ <of|for> {name:sloname}] <has not|hasn't|did not|"
    "didn't|does not|doesn't> <grown|grow|come|recovered|recover>[ back]",
    "the remaining budget has not grown back",
    "the error budget of checkout has not recovered",
)
def budget_not_back(world: World, name: str | None = None) -> None:
    """Some of the budget was spent, and what remains now is no more than at any instant
    before (read at most _MOST_POINTS times, evenly): errors still count in the period."""
    name, spent = _spent(world, name)
    if spent <= 0:
        raise world.fail(f'the error budget of "{name}" spent, to grow back', "nothing was spent")
    now = world.clock.now
    step = max(60, math.ceil(now / _MOST_POINTS))
    for at in range(step, now, step):
        before = _spent(world, name, at)[1]
        if before > spent + 1e-9:
            raise world.fail(
                f'the error budget of "{name}" no larger than before',
                f"{show(100 - spent)}% left now, {show(100 - before)}% at {at // 60} minutes",
            )


@then(
    "the <objective|target> of {name:sloname} is [still ]{percent:percent}",
    "the objective of the SLO is still 99.9%",
    'the target of "checkout" is 99.9%',
    variants=(
        "{name:sloname} <has|still has> <an objective|a target> of {percent:percent}",
        "<the SLO's|its> <objective|target> is [still ]{percent:percent}",
    ),
)
def objective_is(world: World, percent: float, name: str | None = None) -> None:
    """The SLO's objective, as declared."""
    name = slo_named(world, name)
    got = float(find_slo(world, name).objective.percent)
    if abs(got - percent) > 1e-9:
        raise world.fail(f'an objective of {show(percent)}% for "{name}"', f"{show(got)}%")


_KEEPS = "<its SLO|its objective|its target|its error budget|its budget|the SLO|SLO>"
_SLO_WORDS = "<its SLO|its objective|its target|the SLO|SLO>"
"""What is breached: the SLO (a budget blown or run out of is exhausted: slos.py)."""


@then(
    "{name:sloname} is <met|being met|kept|on track|not breached|not violated|not missed>",
    "the SLO is met",
    "web is meeting its SLO",
    "the SLO for web is not breached",
    variants=(
        "{name:sloname} <is meeting|meets|is within|stays within|is inside|has met|is keeping|"
        "keeps|is keeping to|has kept> " + _KEEPS,
        "the SLO <of|for> {name:sloname} is <met|being met|kept|on track|not breached|"
        "not violated|not missed>",
        "we <kept|have kept|are keeping|met|have met|are meeting|honoured|honored|stayed within|"
        "are within> {name:sloname}",
    ),
)
def slo_met(world: World, name: str | None = None) -> None:
    """The SLO holds so far: the errors of its period did not use more than its budget
    (what is left is not below 0%)."""
    name, spent = _spent(world, name)
    if spent > 100:
        raise world.fail(
            f'the SLO "{name}" met (at most 100% of its budget spent)', f"{show(spent)}%"
        )


@then(
    "{name:sloname} is <breached|violated|missed|blown|broken|not met|not being met|not kept>",
    "the SLO is breached",
    "web has breached its SLO",
    "the SLO for checkout is violated",
    variants=(
        "{name:sloname} <has breached|breached|has violated|violated|has missed|missed|has blown|"
        "blew|is breaching|is violating|is missing|is out of|has blown through|is over> "
        + _SLO_WORDS,
        "{name:sloname} <is over|has overspent|overspent|went over|has gone over> "
        "[its ][error ]budget",
        "the SLO <of|for> {name:sloname} is <breached|violated|missed|blown|broken|not met|"
        "not being met|not kept>",
        "we <broke|have broken|are breaking|missed|have missed|are missing|breached|"
        "have breached|did not keep|didn't keep|did not meet|didn't meet> {name:sloname}",
    ),
)
def slo_breached(world: World, name: str | None = None) -> None:
    """The SLO does not hold: the errors of its period used more than its budget."""
    name, spent = _spent(world, name)
    if spent <= 100:
        raise world.fail(
            f'the SLO "{name}" breached (more than its budget spent)', f"{show(spent)}%"
        )


_LEFT = (
    "the <error budget remaining|remaining error budget|error budget left|remaining budget|"
    "budget left|budget remaining|budget that is left|error budget that is left>"
)


@then(
    _LEFT + " is [{bound:comparison} ]{percent:percent}",
    "the error budget remaining is below 100%",
    "the remaining budget is about 50%",
    variants=(
        _LEFT + " is {about:about} {percent:percent}",
        "the " + _BUDGET + " <of|for> {name:sloname} is [{bound:comparison} ]{percent:percent}",
    ),
)
def budget_left(
    world: World,
    percent: float,
    name: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """What is left of the SLO's budget (without a name: of the SLO named last, or the only
    one): 100% − what the period's errors spent; "about": within a tenth of it."""
    name, spent = _spent(world, name)
    left = round(100 - spent, 9)
    if not _agrees(left, percent, bound, about):
        raise world.fail(
            f'the error budget left of "{name}" {_said(bound, about, percent)}', f"{show(left)}%"
        )
