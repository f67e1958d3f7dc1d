"""Alerts as SREs talk about them: a rule written out under its name, how many times it
fired, that it stopped firing, and alerts about one service.

"the alert rule "HighErrors":" with ``expr:`` and ``for:`` in a doc string is that rule;
"it fired exactly once" counts the times the alert went to firing; an alert is "for web"
when its expression selects a label equal to "web" (``job="web"``, an SLO's
``sloth_service="web"``) or one of its labels is "web".
"""

from __future__ import annotations

import re
from itertools import pairwise

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .alerts import _clock, _known, _timeline
from .declared_rules import alerting_rules, load_rules
from .service_waits import still_waiting
from .services import _service
from .telemetry_part import call, require_docstring, result_rows


@given(
    "<an|the> <alert|alert rule|alerting rule> {name:alertname}:",
    'the alert rule "HighErrors":',
    "an alerting rule HighLatency:",
)
def an_alert_written_out(world: World, name: str) -> None:
    """An alerting rule NAME whose fields (``expr:``, ``for:``, ``labels:``,
    ``annotations:``) are the doc string, as they would sit under ``- alert: NAME`` in a
    rule file (which validates them)."""
    body = require_docstring(world, "the alert's expr: and for: (as in a rule file)")
    lines = [line.rstrip() for line in body.strip("\n").splitlines()]
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    fields = "".join(f"    {line[indent:]}\n" for line in lines)
    text = f"groups:\n- name: {name}\n  rules:\n  - alert: {name}\n{fields}"
    world.declared.mentioned["alert"] = name
    world.attempt(lambda: load_rules(world, text, f"<doc string of the alert {name}>"))


def _the_alert(world: World, name: str | None) -> str:
    """The alert a sentence names, else ("it") the alert named last."""
    if name is None:
        if "alert" not in world.declared.mentioned:
            raise world.fail("an alert named earlier for it to be about", "none was named")
        name = world.declared.mentioned["alert"]
    _known(world, name)
    return name


def _firings(world: World, name: str) -> int:
    """How many times the alert went to firing so far."""
    states = call(world, "timeline", name).states
    return sum(
        1 for before, after in pairwise(["inactive", *states]) if after == "firing" != before
    )


_COUNT = "[<only|just> ][{bound:comparison} ]{count:times}"


@then(
    "{name:alert} fired " + _COUNT,
    "HighErrorRate fired exactly once",
    "it fired exactly once",
    "the alert HighErrorRate has fired 2 times",
    "it fired more than once",
    variants=(
        "{name:alert} has fired " + _COUNT,
        "it <fired|has fired> " + _COUNT,
    ),
)
def fired_times(world: World, count: int, name: str | None = None, bound: str = "==") -> None:
    """The times the alert went to firing so far (each pending → firing counts once)."""
    name = _the_alert(world, name)
    got = _firings(world, name)
    if not compare(got, bound, count):
        raise world.fail(
            f'alert "{name}" firing {"" if bound == "==" else bound + " "}{count} time(s)',
            f"{got} time(s) ({_timeline(world, name)})",
        )


@then(
    "{name:alert} <stopped firing|has stopped firing>",
    "HighErrorRate stopped firing",
    "it has stopped firing",
    variants=("it <stopped firing|has stopped firing>",),
)
def stopped_firing(world: World, name: str | None = None) -> None:
    """The alert fired at some point and is not firing now."""
    name = _the_alert(world, name)
    timeline = call(world, "timeline", name)
    if not timeline.fired or call(world, "alert_state", name) == "firing":
        raise world.fail(
            f'alert "{name}" stopped firing at {_clock(world.clock.now)}', _timeline(world, name)
        )


def alerts_about(world: World, service: str) -> list[str]:
    """The alerts about SERVICE (as the module says), which must exist; at least one."""
    _service(world, service)
    label = re.compile(rf'=~?\s*"{re.escape(service)}"')
    found = sorted(
        {
            name
            for name, expr, labels in alerting_rules(world)
            if label.search(expr) or service in labels.values()
        }
    )
    if not found:
        names = list(call(world, "alert_names"))
        raise world.fail(
            f"an alert about {service} (its expression selects {service}, or a label names it)",
            (f"the alerts are {', '.join(names)}" if names else "there are no alerts")
            + still_waiting(world),
        )
    return found


@then(
    "no alert <fired|has fired|ever fired|went off|has gone off> <for|on|about> {service:service}",
    "no alert fired for web",
    "no alert has gone off for checkout",
)
def no_alert_fired_for(world: World, service: str) -> None:
    """None of the alerts about the service was ever firing so far."""
    fired = [n for n in alerts_about(world, service) if call(world, "timeline", n).fired]
    if fired:
        raise world.fail(f"no alert about {service} fired so far", f"fired: {', '.join(fired)}")


__all__ = ["alerts_about", "fired_times", "stopped_firing"]


@then(
    "{name:alert} is [still ]{state:alertstate} <for|on|about> {service:service}",
    "SearchDown is firing for search",
)
def alert_is_for(world: World, name: str, state: str, service: str) -> None:
    """The alert is about the service (as the module says) and in STATE now."""
    if name not in alerts_about(world, service):
        raise world.fail(f'alert "{name}" about {service}', f"it is not: {_timeline(world, name)}")
    now = call(world, "alert_state", name)
    if now != state:
        raise world.fail(
            f'alert "{name}" {state} at {_clock(world.clock.now)}', _timeline(world, name)
        )


@then(
    "{name:alert} was pending <before it fired|before firing|before it went off|first>",
    "SearchSlow was pending before it fired",
    'the alert "PayErrors" went from pending to firing',
    variants=(
        "{name:alert} <went|moved|turned|has gone|has moved> from pending to firing",
        "{name:alert} fired after <being pending|a pending period|a spell in pending>",
    ),
)
def pending_before_firing(world: World, name: str) -> None:
    """The alert fired, and was pending before it first did (its for: held)."""
    name = _the_alert(world, name)
    states = call(world, "timeline", name).states
    if "firing" not in states or "pending" not in states[: states.index("firing")]:
        raise world.fail(f'alert "{name}" pending, then firing', _timeline(world, name))


_FIRED = "<started firing|began firing|fired|went to firing|went off|paged>"
_WENT_PENDING = (
    "<it went pending|it became pending|it turned pending|it first went pending|going pending|"
    "becoming pending|it started pending>"
)


@then(
    "{name:alert} " + _FIRED + " {gap:duration} after " + _WENT_PENDING,
    'the alert "PayErrors" started firing 10 minutes after it went pending',
    "it started firing 10 minutes after it went pending",
    variants=(
        "it " + _FIRED + " {gap:duration} after " + _WENT_PENDING,
        "{name:alert} was pending for {gap:duration} before <it fired|firing|it went off>",
        "it was pending for {gap:duration} before <it fired|firing|it went off>",
    ),
)
def fired_after_pending(world: World, gap: int, name: str | None = None) -> None:
    """The alert's first firing came exactly GAP after the pending that led to it: the firing
    instant minus the pending instant (the alert named last, for "it")."""
    name = _the_alert(world, name)
    changes = call(world, "timeline", name).changes
    states = [state for _, state in changes]
    if "firing" not in states or states.index("firing") == 0:
        raise world.fail(f'alert "{name}" pending, then firing', _timeline(world, name) or "none")
    first = states.index("firing")
    pending, firing = changes[first - 1], changes[first]
    if pending[1] != "pending" or firing[0] - pending[0] != gap:
        raise world.fail(
            f'alert "{name}" firing {_clock(gap)} after it went pending', _timeline(world, name)
        )


_HOLD = "<include|includes|contain|contains|have|has|carry|carries>"


_LABELLED = (
    "<has|carries|is tagged with|is tagged|is labelled|is labeled|is labelled with|"
    "is labeled with|comes with|fires with|goes out with>"
)


@then(
    "{name:alert}'s labels " + _HOLD + " {labels:labels}",
    '"SearchErrorsHigh"\'s labels include severity=page',
    "its labels include team=search",
    'the alert "WebErrors" has label severity=page',
    "HighErrors carries the labels severity=page and team=web",
    variants=(
        "the labels of {name:alert} " + _HOLD + " {labels:labels}",
        "its labels " + _HOLD + " {labels:labels}",
        "{name:alert} " + _LABELLED + " [<the|a> ]<label|labels> {labels:labels}",
        "{name:alert} " + _LABELLED + " {labels:labels}",
    ),
)
def alert_has_label(world: World, labels: tuple[str, ...], name: str | None = None) -> None:
    """The alert (without a name: the one named last) carries each label KEY=VALUE: on its
    ALERTS series when it has been pending or firing so far, else in its rule's labels."""
    for label in labels:
        _has_label(world, label, name)


def _has_label(world: World, label: str, name: str | None) -> None:
    """One label KEY=VALUE on the alert, or the check fails with the labels it has."""
    name = _the_alert(world, name)
    key, _, value = label.partition("=")
    now = world.clock.now
    rows: list[dict[str, str]] = []
    if now > 0:
        found = result_rows(
            call(world, "query", f'last_over_time(ALERTS{{alertname="{name}"}}[{now}s])')
        )
        rows = [labels for labels, _ in found] if isinstance(found, list) else []
    if not rows:
        rows = [labels for _, _, labels in alerting_rules(world, name)]
    if not any(labels.get(key) == value for labels in rows):
        seen = "; ".join(", ".join(f"{k}={v}" for k, v in sorted(r.items())) for r in rows)
        raise world.fail(f"the label {label} on {name}", seen or "no labels")
