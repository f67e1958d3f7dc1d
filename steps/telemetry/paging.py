"""Pages and tickets as on-call people say them: "someone gets paged for checkout", "nobody
was paged", "a ticket was opened", "the fast burn alert is firing".

A page is an SLO's page alert firing (the Workbook's fast burn), or any other alert labelled
``severity: page`` or ``critical``, or an alert with no severity at all (it goes to the
default receiver); a ticket is an SLO's ticket alert (the slow burn) or an alert labelled
``severity: ticket`` or ``warning``. Said in the present ("is paged", "gets paged") it is
about now; in the past ("was paged", "got paged", "has been paged") about any time so far,
read from the ALERTS series the rules wrote.
"""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.telemetry_nouns import SloAlert
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .alert_words import alerts_about
from .slo_names import find_slo, slo_named
from .telemetry_part import call, result_rows

_SEVERITIES = {"page": ("page", "critical"), "ticket": ("ticket", "warning")}
_PAST = ("was", "got", "has been", "had been")
_FOR = (
    "[ <for|about|on> [the SLO ]{slo:sloname}[<'s error budget burn|'s budget burn|'s error "
    "budget|'s budget|'s burn rate|'s SLO>]]"
)
"""Whose page or ticket: "for checkout", "for checkout's error budget burn"."""


def _firing(world: World, severity: str, slo: str | None, ever: bool) -> list[str]:
    """The alerts of that severity firing now (or, ``ever``, at any time so far); "for
    web", a service with no SLO of that name: the alerts about web (alert_words.py)."""
    about: list[str] | None = None
    if slo is not None:
        slo = slo_named(world, slo)
        if slo not in list(call(world, "slos")) and slo in list(call(world, "services")):
            about, slo = alerts_about(world, slo), None
        else:
            find_slo(world, slo)
    now = world.clock.now
    if ever and now <= 0:
        return []
    expr = 'ALERTS{alertstate="firing"}'
    if ever:
        expr = f"last_over_time({expr}[{now}s])"
    rows = result_rows(call(world, "query", expr, None))
    found = []
    for labels, _ in rows if isinstance(rows, list) else []:
        said = labels.get("sloth_severity") or labels.get("severity")
        if slo is not None and labels.get("sloth_slo") != slo:
            continue
        if about is not None and labels.get("alertname") not in about:
            continue
        if said in _SEVERITIES[severity] or (said is None and severity == "page"):
            found.append(labels.get("alertname", "?"))
    return sorted(set(found))


def _band(world: World, slo: str | None, severity: str) -> FailedCheck | None:
    """The SLO's alert band of that severity on the alert chart (None without an SLO)."""
    if slo is None:
        return None
    return FailedCheck("alert", str(call(world, "slo", slo_named(world, slo)).alert), severity)


def _tense(verb: str) -> bool:
    return verb.lower() in _PAST


@then(
    "<someone|somebody|the on-call|on-call|the on call|the SRE|the team|we|I|the on-call engineer|"
    "the on-call person|the SRE on call|whoever is on call|the pager> "
    "{verb:tense} paged" + _FOR,
    "someone gets paged for checkout",
    "the on-call was paged",
    "a page goes out for checkout",
    variants=("a page {verb:pagetense}" + _FOR,),
)
def someone_paged(world: World, verb: str, slo: str | None = None) -> None:
    """A page fires now ("is", "gets"), or fired at some point ("was", "got")."""
    if not _firing(world, "page", slo, _tense(verb)):
        about = f" for {slo}" if slo else ""
        raise world.fail(
            f"a page{about} ({verb} paged)", "no page alert firing", _band(world, slo, "page")
        )


@then(
    "<nobody|no one|noone|nobody on call> {verb:tense} paged" + _FOR,
    "nobody was paged",
    "nobody is paged for checkout",
    "no page went out",
    "nothing paged",
    variants=(
        "no page <went out|was sent|was sent out|fired|has fired|went off|was ever sent|"
        "was ever sent out|ever went out|ever fired|has ever fired|has gone out|has been sent|"
        "was raised|was ever raised|has been raised>" + _FOR,
        "<the on-call|the on-call engineer|the on-caller|on-call|whoever is on call> <was never|"
        "was not|wasn't|never got|did not get|didn't get|has not been|hasn't been|"
        "has never been|never was> paged" + _FOR,
        "<nothing|no alert|no SLO> <paged|has paged|ever paged|has ever paged>[ <anyone|anybody|"
        "the on-call>]" + _FOR,
    ),
)
def nobody_paged(world: World, verb: str = "was", slo: str | None = None) -> None:
    """No page fires now ("is"), or none fired so far ("was", "got"; "no page went out")."""
    firing = _firing(world, "page", slo, _tense(verb))
    if firing:
        raise world.fail(
            f"nobody {verb} paged",
            f"paged by {', '.join(firing)}",
            FailedCheck("alert", firing[0], "page"),
        )


@then(
    "a ticket {verb:tense} <opened|raised|filed|created>" + _FOR,
    "a ticket was opened for checkout",
    "a ticket is opened for web-availability",
)
def ticket_opened(world: World, verb: str, slo: str | None = None) -> None:
    """A ticket alert fires now ("is"), or fired at some point ("was")."""
    if not _firing(world, "ticket", slo, _tense(verb)):
        about = f" for {slo}" if slo else ""
        raise world.fail(
            f"a ticket{about} ({verb} opened)",
            "no ticket alert firing",
            _band(world, slo, "ticket"),
        )


@then(
    "no ticket {verb:tense} <opened|raised|filed|created>" + _FOR,
    "no ticket was opened",
)
def no_ticket_opened(world: World, verb: str, slo: str | None = None) -> None:
    """No ticket alert fires now ("is"), or none fired so far ("was")."""
    firing = _firing(world, "ticket", slo, _tense(verb))
    if firing:
        raise world.fail(
            f"no ticket {verb} opened",
            f"opened by {', '.join(firing)}",
            FailedCheck("alert", firing[0], "ticket"),
        )


def _slo_of(world: World, alert: SloAlert) -> str:
    if alert.slo is not None:
        return alert.slo
    if "slo" in world.declared.mentioned:
        return world.declared.mentioned["slo"]
    names = list(call(world, "slos"))
    if len(names) == 1:
        return str(names[0])
    raise world.fail("an SLO named earlier for the burn alert to be about", f"SLOs: {names}")


def _state(world: World, alert: SloAlert) -> tuple[str, str]:
    slo = _slo_of(world, alert)
    slo = slo_named(world, slo)
    find_slo(world, slo)
    return slo, str(call(world, "slo_alert_state", slo, alert.severity))


@then(
    "{alert:sloalert} is [still ]firing",
    "the fast burn alert is firing",
    "the slow burn alert on checkout is firing",
    "the burn-rate alert pages",
    "the burn-rate alert for web pages the on-call",
    variants=(
        "{alert:sloalert} <fires|is firing now|pages|is paging|has paged>"
        "[ <the on-call|on-call|the on-call engineer|someone|whoever is on call>]",
    ),
)
def slo_alert_firing(world: World, alert: SloAlert) -> None:
    """The SLO's page (fast burn) or ticket (slow burn) alert fires now."""
    slo, state = _state(world, alert)
    if state != "firing":
        raise world.fail(
            f"the {alert.severity} alert of {slo} firing", state, _band(world, slo, alert.severity)
        )


@then(
    "{alert:sloalert} is <not|no longer|not yet> firing",
    "the fast burn alert is no longer firing",
    variants=(
        "{alert:sloalert} <does not fire|doesn't fire|isn't firing|does not page|doesn't page|"
        "is not paging|isn't paging>[ <the on-call|on-call|the on-call engineer|anyone|"
        "whoever is on call>]",
    ),
)
def slo_alert_not_firing(world: World, alert: SloAlert) -> None:
    """The SLO's page or ticket alert does not fire now (the negative of "… pages the
    on-call")."""
    slo, state = _state(world, alert)
    if state == "firing":
        raise world.fail(
            f"the {alert.severity} alert of {slo} not firing",
            state,
            _band(world, slo, alert.severity),
        )


@then(
    "{alert:sloalert} <has resolved|is resolved|resolved|has stopped firing|stopped firing|"
    "has cleared|cleared>",
    "the slow burn alert on web-availability has resolved",
)
def slo_alert_resolved(world: World, alert: SloAlert) -> None:
    """The SLO's page or ticket alert fired at some point and does not fire now."""
    slo, state = _state(world, alert)
    if state == "firing" or not _firing(world, alert.severity, slo, ever=True):
        seen = "still firing" if state == "firing" else "it never fired"
        raise world.fail(f"the {alert.severity} alert of {slo} resolved", seen)


@then(
    "{alert:sloalert} <never fired|has never fired|did not fire>",
    "the fast burn alert never fired",
)
def slo_alert_never_fired(world: World, alert: SloAlert) -> None:
    """The SLO's page or ticket alert has not fired so far."""
    slo = _slo_of(world, alert)
    if _firing(world, alert.severity, slo, ever=True):
        raise world.fail(f"the {alert.severity} alert of {slo} never fired", "it fired")


_BURN_ALERTS = "<burn-rate|burn rate|burn|SLO|multi-window|multiwindow|error budget> alerts"
_OF_SLO = "[ <for|on|of> {slo:sloname}]"


@then(
    "both [of ][the ]" + _BURN_ALERTS + _OF_SLO + " are [both ]firing",
    "both burn alerts are firing",
    "both of the burn-rate alerts for checkout are firing",
    "the fast and slow burn alerts are both firing",
    variants=(
        "the <fast and slow|page and ticket|paging and ticket|fast and the slow> [burn ]"
        "[<rate |-rate >]alerts" + _OF_SLO + " are [both ]firing",
    ),
)
def both_burn_alerts_firing(world: World, slo: str | None = None) -> None:
    """The SLO's page (fast burn) and ticket (slow burn) alerts both fire now (without a
    name: the SLO named last, or the only one)."""
    for severity in ("page", "ticket"):
        slo_alert_firing(world, SloAlert(slo, severity))


@then(
    "neither [of the ]" + _BURN_ALERTS.replace("alerts", "alert[s]") + _OF_SLO + " is firing",
    "neither burn alert is firing",
    "none of the burn-rate alerts for checkout are firing",
    variants=(
        "<none of the|no> " + _BURN_ALERTS + _OF_SLO + " <are|is> firing",
        "neither the fast nor the slow burn alert" + _OF_SLO + " is firing",
    ),
)
def no_burn_alert_firing(world: World, slo: str | None = None) -> None:
    """Neither the SLO's page alert nor its ticket alert fires now."""
    for severity in ("page", "ticket"):
        slo_alert_not_firing(world, SloAlert(slo, severity))
