"""Alert states looked back on as on-call people say them: "SearchSlow fired for at least 10
minutes", "it went pending at some point", "nothing is left pending", "nothing was sent to
the pager", "the page for search-availability went off", "a ticket is open for checkout".

Each reads the same records as alerts.py and paging.py (the alert's state timeline, the
ALERTS series); only the wording is new.
"""

from __future__ import annotations

import re
from itertools import pairwise

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.telemetry_nouns import SloAlert
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .alerts import _clock, _known, _timeline, no_alert_is, was_at_some_point
from .declared_rules import alerting_rules
from .page_history import fired
from .paging import _firing, _slo_of, nobody_paged, ticket_opened
from .slo_names import find_slo, slo_named
from .slo_pages import has_paged
from .telemetry_part import call


@then(
    "{name:alert} <fired|was firing|has been firing|has fired> for {bound:comparison} "
    "{duration:duration}",
    "SearchSlow fired for at least 10 minutes",
    "HighErrorRate was firing for less than 5 minutes",
    variants=(
        "{name:alert} <fired|was firing|has been firing|has fired> for {bound:comparison} "
        "{duration:duration} in total",
    ),
)
def fired_for_bound(world: World, name: str, bound: str, duration: int) -> None:
    """The time the alert spent firing so far, all firings together, against DURATION."""
    _known(world, name)
    changes = [*call(world, "timeline", name).changes, (world.clock.now, "now")]
    firing = sum(end - start for (start, state), (end, _) in pairwise(changes) if state == "firing")
    if not compare(firing, bound, duration):
        raise world.fail(
            f'alert "{name}" firing for {bound} {_clock(duration)}',
            f"firing for {_clock(firing)} ({_timeline(world, name)})",
            FailedCheck("alert", name),
        )


@then(
    "{name:alert} <went|became|turned|got|went into|entered> {state:alertstate} at some point",
    "SearchErrorsHigh went pending at some point",
    "HighLatency became firing at some point",
)
def went_at_some_point(world: World, name: str, state: str) -> None:
    """The alert was in STATE at least once so far (as "was pending at some point")."""
    was_at_some_point(world, name, state)


@then(
    "{name:alert} never <went|went to|went into|became|turned|got|got to|reached|made it to|"
    "entered|was> {state:alertstate}",
    '"PayErrors" never went to firing',
    "PayErrors never reached pending",
    variants=(
        "{name:alert} <did not|didn't> <reach|go to|go into|get to|make it to|become|turn|enter> "
        "{state:alertstate}",
    ),
)
def never_in(world: World, name: str, state: str) -> None:
    """The alert was never in STATE so far (the opposite of "went pending at some point");
    every alert starts inactive, so "never went inactive" looks only at its changes."""
    _known(world, name)
    changes = list(call(world, "timeline", name).changes)
    if state in [s for _, s in (changes[1:] if state == "inactive" else changes)]:
        note = _window_note(world, name, changes) if state == "firing" else ""
        raise world.fail(f'alert "{name}" never {state}', _timeline(world, name) + note)


_RANGE = re.compile(r"\[(\d+)([smh])\]")
_UNIT = {"s": 1, "m": 60, "h": 3600}


def _window_note(world: World, name: str, changes: list[tuple[int, str]]) -> str:
    """Why a short burst fired an alert whose expression reads a range window: the window
    keeps the burst in view after it ends (rate() over [5m] averages the last 5 minutes), so
    its condition held longer than the burst; how to read a shorter window."""
    windows = [
        int(n) * _UNIT[unit]
        for _, expr, _ in alerting_rules(world, name)
        for n, unit in _RANGE.findall(expr)
    ]
    if not windows or max(windows) <= 60:
        return ""
    active = [t for t, s in changes if s == "pending"]
    ended = [t for t, s in changes if s == "inactive" and active and t > active[0]]
    held = f": its condition held from {_clock(active[0])}" if active else ""
    held += f" to {_clock(ended[0])}" if held and ended else ""
    return (
        f"; its expression reads a {_clock(max(windows))} window (rate() averages the whole "
        f"window, as in Prometheus), so a burst stays in it for {_clock(max(windows))} after it "
        f"stops{held}, which can outlast the burst; for a short burst to stay quiet, declare "
        'the rule over a shorter window ("fires if the 1m error rate stays above 5% for 5 '
        'minutes", "fires when the p99 latency over the last 1m is above 250ms for 5 minutes")'
    )


@then(
    "nothing is left {state:alertstate}",
    "nothing is left pending",
    "nothing is still firing",
    variants=(
        "nothing is still firing",
        "no alert is left {state:alertstate}",
        "no alerts are left {state:alertstate}",
    ),
)
def nothing_left(world: World, state: str = "firing") -> None:
    """No alert is in STATE now (there must be alerts); "nothing is still pending" is about
    pods (cluster), so only "still firing" is said so here."""
    no_alert_is(world, state)


@then(
    "nothing <was sent to|went to|reached|hit> the pager",
    "nothing was sent to the pager",
    "the pager stayed quiet",
    variants=("the pager <stayed|was|remained|kept> quiet", "the pager never went off"),
)
def pager_quiet(world: World) -> None:
    """No page fired so far (as "nobody was paged")."""
    nobody_paged(world, "was")


@then(
    "the page <for|of|on|from> {name:sloname} <went off|went out|was sent|was raised>"
    "[ <while it was happening|during the incident|during the outage|at some point>]",
    'the page for "search-availability" went off while it was happening',
    "the page of checkout went out at some point",
)
def the_page_went_off(world: World, name: str) -> None:
    """The SLO's page alert fired at some point so far (as "the SLO has paged")."""
    has_paged(world, name)


@then(
    "<a ticket is open|there is a ticket open|there's a ticket open|a ticket is still open|"
    "there is an open ticket|there's an open ticket>[ <for|about|on> [the SLO ]{slo:name}]",
    "a ticket is open for checkout",
    "there is a ticket open for checkout-availability",
    "the ticket for payments-availability is still open",
    variants=("the ticket[ <for|about|on|of> [the SLO ]{slo:name}] is [still ]<open|opened>",),
)
def ticket_open(world: World, slo: str | None = None) -> None:
    """A ticket alert fires now (as "a ticket is opened")."""
    ticket_opened(world, "is", slo)


@then(
    "{alert:sloalert} <fired|has fired>[ at some point]",
    "the slow burn alert fired",
    "the fast burn alert on checkout fired at some point",
)
def slo_alert_fired(world: World, alert: SloAlert) -> None:
    """The SLO's page (fast burn) or ticket (slow burn) alert fired at some point so far."""
    slo = slo_named(world, _slo_of(world, alert))
    find_slo(world, slo)
    if not (_firing(world, alert.severity, slo, ever=True) or fired(world, slo, alert.severity)):
        raise world.fail(
            f"the {alert.severity} alert of {slo} fired at some point", "it never fired"
        )


@then(
    "{alert:sloalert} paged[ <someone|the on-call|on-call|the on-call engineer>]",
    "the burn-rate alert for storefront paged",
    "the fast burn alert paged the on-call",
)
def slo_alert_paged(world: World, alert: SloAlert) -> None:
    """The SLO's page alert fired at some point so far; a slow-burn (ticket) alert never
    pages, so saying it paged fails rather than reading as "it fired"."""
    if alert.severity != "page":
        raise world.fail(
            "a page alert (fast burn) to have paged", "the slow burn alert opens tickets"
        )
    slo_alert_fired(world, alert)
