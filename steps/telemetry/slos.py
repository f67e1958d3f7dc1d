"""Service level objectives: budgets, burn rates, and the multi-window alerts that page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .assumed_traffic import assume
from .budget_measure import short_window_note, so_far_note
from .page_history import watch
from .slo_judged import add_slo
from .slo_judged import verdict as judged
from .slo_names import PENDING, UNNAMED, find_slo, slo_named
from .slo_waits import assume_at_end, deployment_for, service_added, service_for
from .telemetry_part import (
    call,
    fixture_text,
    matches,
    parse_number,
    require_docstring,
    show,
    telemetry,
)

_PERIOD = re.compile(r"(\d+) ?([a-z]+)", re.IGNORECASE)
_SECONDS = {"d": 86400, "day": 86400, "h": 3600, "hour": 3600, "w": 604800, "week": 604800}


def _period(text: str) -> int:
    found = _PERIOD.fullmatch(text)
    assert found is not None
    unit = found.group(2).lower()
    return int(found.group(1)) * _SECONDS[unit.rstrip("s") if len(unit) > 1 else unit]


@given(
    "[<an|the> ]SLO [<named|called> ]{name:name}{details:slo}",
    'an SLO "availability" of 99.9% over 30 days for the service "web"',
    'an SLO "availability" of 99.9% over 28 days for the service "web" with pyrra windows',
    'an SLO "checkout" of 99.9% availability over 30 days',
    'the SLO "checkout" targets 99.5% success over 30 days',
    'an SLO "web-availability" of 99.5% over 30 days with a page on fast burn and a ticket on '
    "slow burn",
    "a 99.9% availability objective over 30 days for web",
    "an availability SLO of 99.5% for web",
    "an SLO for web of 99.9% availability over 30 days with burn rate alerts",
    variants=(
        "<a|an> {objective:percent} [{cadence:cadence} ][<availability|success> ]"
        "<SLO|objective|target>{details:slo}",
        "<a|an> [<availability|success> ]<SLO|objective>{details:slo}",
        "<a|an> {objective:percent} [{cadence:cadence} ][<availability|success> ]"
        "<SLO|objective|target> {name:name}{details:slo}",
        "<a|an> <availability|success> SLO {name:name}{details:slo}",
        "{owner:service} has <a|an> {objective:percent} [{cadence:cadence} ]"
        "[<availability|success> ]<SLO|objective|target>{details:slo}",
        "{owner:service} has <an|the> SLO {name:name}{details:slo}",
        "{owner:service} has <a|an> [<availability|success> ]<SLO|objective|target>{details:slo}",
    ),
)
def an_slo(
    world: World,
    details: dict[str, Any],
    name: str | None = None,
    objective: float | None = None,
    owner: str | None = None,
    cadence: str | None = None,
) -> None:
    """An availability SLO: 5xx responses of the service are errors; the Workbook's windows
    unless it names others (pyrra), over 30 days unless it says.

    Its recording and alerting rules are generated as Sloth generates them, and evaluated
    with the other rules. Without "for web" its service is the one its name starts with
    ("checkout", "web-availability" → web) or the only one; a service not there yet (named
    or not) is waited for: the SLO begins when that service's traffic is declared.
    """
    if objective is not None:
        details = {**details, "objective": objective}
    if cadence is not None and "period" not in details:  # "a 99.9% monthly … target"
        details = {**details, "period": cadence}
    if owner is not None:  # "web has a 99.9% availability SLO": the SLO of web
        details = {**details, "service": owner}
    if name is None:  # "a 99.9% availability objective for web": named after its service
        service = details.get("service") or service_for(world, "")
        name = f"{service}-availability" if service else "availability"
        world.parts.setdefault(UNNAMED, {})[name] = (world.step.label, world.step.location)
    if "objective" not in details:
        raise world.fail(f'an objective for the SLO "{name}" (… of 99.9%)', "none was given")
    world.declared.mentioned["slo"] = name
    objective, windows = details["objective"], details.get("windows", "workbook")
    period = _period(details.get("period", "30 days"))
    named = details.get("service")
    service = named or service_for(world, name)
    if service is None or (named and named not in set(call(world, "services"))):
        served = named or deployment_for(world, name)
        if served is None or not assume(world, served):
            world.parts.setdefault(PENDING, []).append((name, objective, period, windows, named))
            assume_at_end(world)
            return
        service_added(world, served)
        service = served
    world.attempt(lambda: add_slo(world, name, objective, period, service, windows))


_BURN_ALERTS = "[the ][<multi-window|multiwindow|multi-burn-rate> ]<burn rate|burn-rate> alerts"


@given(
    "<it|the SLO> pages on a fast burn[ and opens a ticket on a slow burn]",
    "it pages on a fast burn and opens a ticket on a slow burn",
    "a fast burn pages and a slow burn opens a ticket",
    "the multi-window burn rate alerts are set up for checkout",
    variants=(
        "a fast burn pages[ and a slow burn <opens|raises|files> a ticket]",
        "a slow burn <opens|raises|files> a ticket",
        _BURN_ALERTS + " <are set up|are configured|are in place|are enabled|exist>"
        "[ <for|on> {slo:sloname}]",
        _BURN_ALERTS + " <for|on> {slo:sloname}[ with <paging|page> and <ticketing|ticket> "
        "severities]",
    ),
)
def pages_on_fast_burn(world: World, slo: str | None = None) -> None:
    """What the Workbook's windows do (a page on a fast burn, a ticket on a slow one): said
    of the SLO named (declared earlier, maybe waiting for its service), else of the SLO
    declared last, which must exist."""
    if slo is None and "slo" not in world.declared.mentioned:
        raise world.fail("an SLO declared earlier for it to be about", "no SLO was declared")
    waiting = [entry[0] for entry in world.parts.get(PENDING, [])]
    if slo is not None and slo not in waiting:
        find_slo(world, slo_named(world, slo))


@given("the SLOs from {path:text}", 'the SLOs from "slos/web.yml"')
def the_slos_from(world: World, path: str) -> None:
    """Load a Sloth prometheus/v1 SLO file (30-day period), relative to the feature."""
    text = fixture_text(world, path, "a Sloth SLO file")
    world.attempt(lambda: call(world, "load_sloth", text, path))
    watch(world)


@when("I load the SLOs from {path:text}", 'I load the SLOs from "slos/broken.yml"')
def i_load_the_slos_from(world: World, path: str) -> None:
    """Load a Sloth SLO file as an event; if it is invalid, a Then can check the error."""
    text = fixture_text(world, path, "a Sloth SLO file")
    world.attempt(lambda: call(world, "load_sloth", text, path))
    watch(world)


@given("the OpenSLO SLOs from {path:text}", 'the OpenSLO SLOs from "slos/checkout-openslo.yml"')
def the_openslo_slos_from(world: World, path: str) -> None:
    """Load an OpenSLO v1 file's ratio SLOs (Occurrences, rolling window), with the Workbook's
    windows."""
    text = fixture_text(world, path, "an OpenSLO file")
    world.attempt(lambda: call(world, "load_openslo", text, path))
    watch(world)


@given("the SLOs:", "the SLOs:")
def the_slos(world: World) -> None:
    """Load the Sloth prometheus/v1 SLO spec held in the doc string (30-day period)."""
    text = require_docstring(world, "a Sloth SLO spec")
    world.attempt(lambda: call(world, "load_sloth", text, "<doc string>"))
    watch(world)


@then(
    "the error budget of {name:sloname} is {minutes:number} minutes",
    'the error budget of "availability" is 43.2 minutes',
)
def error_budget(world: World, name: str, minutes: str) -> None:
    """The full-outage time the SLO allows over its period: period × (1 − objective)."""
    name = slo_named(world, name)
    got = find_slo(world, name).objective.budget_seconds / 60
    if not matches(minutes, got):
        raise world.fail(
            f'an error budget of {minutes} minutes for "{name}"', f"{show(got)} minutes"
        )


_BUDGET = "[<error budget|budget|error-budget> ]"
"""The words before "burn rate": "the error budget burn rate", "the budget burn rate"."""


@then(
    "the burn rate of {name:sloname} over [the last ]{window:duration} is "
    "[{bound:comparison} ]{burn:number}",
    'the burn rate of "availability" over 1 hour is 14.4',
    'the 1h burn rate of the SLO "availability" is 14.4',
    "the 1h burn rate of checkout is above 14.4",
    "the 1h burn rate for checkout is about 20",
    variants=(
        "the {window:duration} burn rate <of|for> {name:sloname} is "
        "[{bound:comparison} ]{burn:number}",
        "the {window:duration} burn rate <of|for> {name:sloname} is {about:about} {burn:number}",
        "the " + _BUDGET + "burn rate[ <of|for> {name:sloname}] <over|in|during|for> "
        "{window:window} is [{bound:comparison} ]{burn:number}",
        "the " + _BUDGET + "burn rate[ <of|for> {name:sloname}] <over|in|during|for> "
        "{window:window} is {about:about} {burn:number}",
        "the {window:duration} burn rate is [{bound:comparison} ]{burn:number}",
        "the {window:duration} burn rate is {about:about} {burn:number}",
        "the " + _BUDGET + "burn rate <over|in|during|for> {window:window} <of|for> "
        "{name:sloname} is [{bound:comparison} ]{burn:number}",
        "the [<current|error budget|budget> ]burn rate[ <of|for> {name:sloname}] is "
        "[{bound:comparison} ]{burn:number}",
        "the [<current|error budget|budget> ]burn rate[ <of|for> {name:sloname}] is {about:about} "
        "{burn:number}",
    ),
)
def burn_rate(
    world: World,
    burn: str,
    window: int = 300,
    name: str | None = None,
    bound: str = "==",
    about: str | None = None,
) -> None:
    """Error ratio over the window, measured now, ÷ the error budget (1 − objective);
    "about": within a tenth of it. Without a window: Sloth's current burn rate, over the
    last 5 minutes."""
    name = slo_named(world, name)
    find_slo(world, name)
    if window <= 0:
        raise world.fail("a window of at least 1 second", f"{window} seconds")
    got = call(world, "burn_rate", name, window)
    if about is not None:
        agrees = abs(got - parse_number(burn)) <= abs(parse_number(burn)) / 10
    elif bound == "==":
        agrees = matches(burn, got)
    else:
        agrees = compare(got, bound, parse_number(burn))
    if not agrees:
        raise world.fail(
            f'burn rate {burn} for "{name}"',
            f"{show(got)}\n{_explain(world, name)}",
            FailedCheck("burn", name, str(window), parse_number(burn), got, bound),
        )


@then(
    "the error budget remaining <of|for> {name:sloname} is [{bound:comparison} ]{percent:percent}",
    'the error budget remaining for "availability" is 100%',
    'the remaining error budget of the SLO "availability" is below 100%',
    'the error budget left for "availability" is at least 90%',
    'the error budget of "api-availability" is 100% remaining',
    '90% of the error budget of "availability" remains',
    'the SLO "availability" has at least 90% of its error budget left',
    variants=(
        "the remaining error budget <of|for> {name:sloname} is [{bound:comparison} ]"
        "{percent:percent}",
        "the error budget left <of|for> {name:sloname} is [{bound:comparison} ]{percent:percent}",
        "the error budget <of|for> {name:sloname} is [{bound:comparison} ]"
        "{percent:percent} <remaining|left>",
        "the error budget <of|for> {name:sloname} has [{bound:comparison} ]"
        "{percent:percent} <remaining|left>",
        "[{bound:comparison} ]{percent:percent} of the [error ]budget <of|for> [the SLO ]"
        "{name:sloname} <remains|is left|is remaining>",
        "{name:sloname} has [{bound:comparison} ]{percent:percent} [of its ]"
        "<error budget|budget> <remaining|left>",
    ),
)
def budget_remaining(world: World, name: str, percent: float, bound: str = "==") -> None:
    """What is left of the period's budget: 1 − burn rate over the whole period, as Sloth's
    slo:period_error_budget_remaining:ratio records it (100% until errors are served)."""
    name = slo_named(world, name)
    period = find_slo(world, name).objective.period
    left = round(100 * (1 - call(world, "burn_rate", name, period)), 9)
    if not compare(left, bound, percent):
        raise world.fail(
            f'an error budget remaining for "{name}" {bound} {show(percent)}%', f"{show(left)}%"
        )


@then(
    "{name:sloname} has <spent|burned|used|consumed> [{bound:comparison} ]"
    "{percent:percent} of its error budget",
    'the SLO "availability" has spent 25% of its error budget',
    '"availability" has burned at most 10% of its error budget',
    '10% of the error budget of "availability" is spent',
    'the error budget of "availability" is 50% consumed',
    variants=(
        "[{bound:comparison} ]{percent:percent} of the [error ]budget <of|for> [the SLO ]"
        "{name:sloname} <is|has been> <spent|burned|used|consumed>",
        "the error budget <of|for> {name:sloname} is [{bound:comparison} ]"
        "{percent:percent} <spent|burned|used|consumed>",
    ),
)
def budget_spent(world: World, name: str, percent: float, bound: str = "==") -> None:
    """What the period's errors have used of the budget: 100% − what remains."""
    name = slo_named(world, name)
    period = find_slo(world, name).objective.period
    spent = round(100 * call(world, "burn_rate", name, period), 9)
    if not compare(spent, bound, percent):
        note = so_far_note(world, name) if spent > percent else ""
        raise world.fail(
            f'an error budget spent for "{name}" {bound} {show(percent)}%', f"{show(spent)}%{note}"
        )


_FULLY = "<fully|completely|entirely|totally|all>"
_GONE = "<exhausted|used up|gone|spent|burned|burnt|consumed|depleted|burned through>"
"""A budget said spent in full: "fully spent", "completely used up", "depleted"."""


@then(
    "the error budget <of|for> {name:sloname} is [" + _FULLY + " ]" + _GONE,
    'the error budget of "availability" is exhausted',
    "the budget is exhausted",
    'the error budget for "availability" is fully spent',
    variants=(
        "the [error ]budget is [" + _FULLY + " ]" + _GONE,
        "the [error ]budget is <negative|overspent|in the red|blown>",
        "the [error ]budget <of|for> {name:sloname} is [" + _FULLY + " ]" + _GONE,
        "the [error ]budget <of|for> {name:sloname} is <negative|overspent|in the red|blown>",
        "{name:sloname}'s [error ]budget is [" + _FULLY + " ]" + _GONE,
        "{name:sloname} <is out of|has run out of|ran out of|has used up|used up|has burned "
        "through|burned through|has exhausted|exhausted|has blown|blew> [its ][error ]budget",
        "{name:sloname} has no [error ]budget left",
    ),
)
def budget_exhausted(world: World, name: str | None = None) -> None:
    """Nothing of the period's budget is left: the errors used all of it, or more (without
    a name: of the SLO named last, or the only one)."""
    name = slo_named(world, name)
    period = find_slo(world, name).objective.period
    left = round(100 * (1 - call(world, "burn_rate", name, period)), 9)
    if left > 0:
        raise world.fail(f'the error budget of "{name}" exhausted', f"{show(left)}% left")


def _explain(world: World, name: str) -> str:
    """Each pair's burn over its windows, in words (when the engine can say)."""
    verdict = getattr(telemetry(world), "verdict", None)
    return "" if verdict is None else str(verdict(name).explain())


def _band(world: World, name: str, severity: str) -> FailedCheck:
    """The SLO's alert band of that severity, on the alert chart."""
    return FailedCheck("alert", str(find_slo(world, slo_named(world, name)).alert), severity)


def _severity_state(world: World, name: str, severity: str) -> str:
    name = slo_named(world, name)
    find_slo(world, name)
    return str(call(world, "slo_alert_state", name, severity))


@then(
    "{name:sloname} <pages|is paging|still pages|is still paging>",
    'the SLO "availability" pages',
    "the SLO availability is still paging",
    "checkout pages",
    'the SLO "api-availability" pages the on-call',
    variants=(
        "the SLO {name:name} <pages|is paging|still pages|is still paging>",
        "{name:sloname} <pages|is paging|still pages|is paging> <the on-call|on-call|"
        "the on-call engineer|someone|somebody|us|me|the team|whoever is on call>",
    ),
)
def pages(world: World, name: str) -> None:
    """The SLO's page alert fires now: some page pair burns over its long AND short window."""
    if _severity_state(world, name, "page") != "firing":
        raise world.fail(
            f'the SLO "{name}" paging',
            "no page\n" + _explain(world, name),
            _band(world, name, "page"),
        )


@then(
    "{name:sloname} <does not page|is not paging|no longer pages|is no longer paging>",
    'the SLO "availability" does not page',
)
def does_not_page(world: World, name: str) -> None:
    """The SLO's page alert is not firing now."""
    if _severity_state(world, name, "page") == "firing":
        raise world.fail(
            f'the SLO "{name}" quiet',
            "it pages\n" + _explain(world, name) + short_window_note(world, slo_named(world, name)),
            _band(world, name, "page"),
        )


@then("{name:sloname} <opens|raises|files> a ticket", 'the SLO "availability" opens a ticket')
def opens_ticket(world: World, name: str) -> None:
    """The SLO's ticket alert fires now (1d/2h at 3×, or 3d/6h at 1×, for 30 days)."""
    if _severity_state(world, name, "ticket") != "firing":
        raise world.fail(
            f'the SLO "{name}" opening a ticket',
            "no ticket\n" + _explain(world, name),
            _band(world, name, "ticket"),
        )


@then(
    "{name:sloname} does not <open|raise|file> a ticket",
    'the SLO "availability" does not open a ticket',
)
def no_ticket(world: World, name: str) -> None:
    """The SLO's ticket alert is not firing now."""
    if _severity_state(world, name, "ticket") == "firing":
        raise world.fail(
            f'the SLO "{name}" without a ticket',
            "a ticket\n" + _explain(world, name),
            _band(world, name, "ticket"),
        )


@then(
    "{name:sloname} burns over {long:duration} and {short:duration} {side:word} its threshold",
    'the SLO "availability" burns over 1 hour and 5 minutes above its threshold',
    'the SLO "availability" burns over 1 hour and 5 minutes below its threshold',
)
def pair_burns(world: World, name: str, long: int, short: int, side: str) -> None:
    """That pair of the SLO's table fires now (both windows above its factor), or does not."""
    if side not in ("above", "below"):
        raise world.fail('"above its threshold" or "below its threshold"', side)
    name = slo_named(world, name)
    find_slo(world, name)
    verdict = judged(world, name)
    pair = next(
        (p for p in verdict.pairs if (p.window.long, p.window.short) == (long, short)), None
    )
    if pair is None:
        shown = ", ".join(p.window.label for p in verdict.pairs)
        raise world.fail(f"a {long}s/{short}s pair in the SLO's table", f"pairs {shown}")
    above = side == "above"
    if pair.fires != above:
        raise world.fail(
            f"{pair.window.label} {'above' if above else 'below'} ×{pair.window.factor:g}",
            verdict.explain(),
        )


@then(
    "{name:sloname} alerts when the burn rate over {long:duration} and {short:duration} "
    "exceeds {factor:number}",
    'the SLO "availability" alerts when the burn rate over 1 hour and 5 minutes exceeds 14.4',
)
def alerts_on_pair(world: World, name: str, long: int, short: int, factor: str) -> None:
    """The SLO's window table has that pair (long AND short window) at that burn-rate factor."""
    name = slo_named(world, name)
    pairs = [(w.long, w.short, w.factor) for w in find_slo(world, name).windows.windows]
    if not any(lw == long and sw == short and matches(factor, f) for lw, sw, f in pairs):
        shown = ", ".join(f"{lw // 60}m/{sw // 60}m ×{f:g}" for lw, sw, f in pairs)
        raise world.fail(f"a pair {long // 60}m/{short // 60}m ×{factor}", shown)


def _slo_checker(method: str) -> Callable[[str | Path, str, dict[str, Any]], None]:
    """What ``kubeloop check`` reads of an SLO file: the file as the SLO step loads it."""

    def check(source: str | Path, filename: str, _: dict[str, Any]) -> None:
        from kubeloop import Telemetry  # noqa: PLC0415
        from kubeloop.fixtures.yamlsafe import read_text  # noqa: PLC0415

        text = read_text(source) if isinstance(source, Path) else source
        getattr(Telemetry(), method)(text, filename)

    return check


the_slos_from.fixture_argument = "path"  # type: ignore[attr-defined]
the_slos_from.fixture_reader = _slo_checker("load_sloth")  # type: ignore[attr-defined]
the_openslo_slos_from.fixture_argument = "path"  # type: ignore[attr-defined]
the_openslo_slos_from.fixture_reader = _slo_checker("load_openslo")  # type: ignore[attr-defined]
the_slos.fixture_argument = "docstring"  # type: ignore[attr-defined]
the_slos.fixture_reader = _slo_checker("load_sloth")  # type: ignore[attr-defined]
