"""Alerting and recording rules, and the alert state machine as time passes."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .declared_rules import add_alert, load_rules
from .page_history import evaluated_every
from .quiet_alerts import why_quiet
from .service_waits import still_waiting
from .telemetry_part import call, fixture_text, require_docstring, result_rows

_WHEN = (
    "<when|on|if|for|with expression|with expr|with the expression|that fires when|fires when|"
    "fires if|that fires if|fires whenever>"
)
_HOLD = "[[,] [and ]<for|for:|with for:|holding for|lasting> {hold:duration}]"
HAVE = (
    "[<I have|we have|there is|I've got|we've got|I define|we define|I add|we add|I set up|"
    "we set up|I configure|we configure> ]"
)
"""Whoever owns the rule, said before it: "I have an alert X on '…' for 5m"."""
_RULE = HAVE + "<an|the> <alert|alert rule|alerting rule> {name:name}"
_HOLDS = "[ <holds|is true|stays true|remains true|keeps holding>]"
"""The expression said to hold ("fires when '…' holds for 5 minutes"): the for: after it."""
_IS = "<is|is defined as|has the expression|has expression|has expr|is the expression>"


@given(
    "an alert {name:name} when {expr:promql}[ for {hold:duration}]",
    'an alert "HighErrorRate" when "job:errors:ratio5m > 0.05" for 5 minutes',
    'an alert "InstanceDown" when "up == 0"',
    "an alert rule HighErrorRate on 'sum(rate(errors_total[5m])) > 0.05' for 10m",
    "the alert HighLatency fires when the p99 latency of web stays above 500ms for 5 minutes",
    variants=(
        _RULE + " " + _WHEN + " {expr:promql}" + _HOLDS + _HOLD,
        _RULE + " <fires|that fires|firing> <when|if|whenever> {expr:condition}" + _HOLD,
        _RULE + " " + _WHEN + " {expr:barepromql} <for|for:|lasting> {hold:duration}",
        "<alert|alert rule|alerting rule> {name:name} <fires when|that fires when|when|fires if> "
        "{expr:promql}" + _HOLDS + _HOLD,
        "[<a|the> ]rule {name:name} <fires when|that fires when|fires if|fires whenever|"
        "which fires when> {expr:promql}" + _HOLDS + _HOLD,
        "[<an|the> ]<alert|alert rule|alerting rule> {name:name} "
        + _IS
        + " {expr:quotedpromql}"
        + _HOLD,
    ),
)
def an_alert(world: World, name: str, expr: str, hold: int = 0) -> None:
    """An alerting rule: pending while EXPR returns a series, firing once it held for FOR."""
    world.declared.mentioned["alert"] = name
    world.attempt(lambda: add_alert(world, name, expr, hold))


@given(
    "an alert {name:name} when {expr:promql} for {hold:duration} that keeps firing for "
    "{keep:duration}",
    'an alert "HighLatency" when "job:latency:p99 > 0.5" for 1 minute that keeps firing for '
    "10 minutes",
)
def an_alert_keep_firing(world: World, name: str, expr: str, hold: int, keep: int) -> None:
    """An alerting rule with keep_firing_for: it stays firing that long after it clears."""
    world.attempt(lambda: add_alert(world, name, expr, hold, keep_firing_for=keep))


@given(
    "a recording rule {name:name} of {expr:promql}",
    'a recording rule "job:errors:ratio5m" of '
    "\"sum(rate(http_requests_total{code='500'}[5m])) / sum(rate(http_requests_total[5m]))\"",
    variants=(
        "<a|the> recording rule {name:series} <is|records|computes|=|evaluates|with expression> "
        "{expr:promql}",
    ),
)
def a_recording_rule(world: World, name: str, expr: str) -> None:
    """A recording rule: EXPR is evaluated with the rules and written as the series NAME."""
    world.attempt(lambda: call(world, "add_recording", name, expr))


@given(
    "the rules from {path:text}",
    'the rules from "rules/web.yml"',
    'the alert rules from "rules/web.yml"',
    variants=(
        "the <alert|alerting|recording|Prometheus> rules <from|in> {path:text}",
        "the <rule|rules> file {path:text}",
    ),
)
def the_rules_from(world: World, path: str) -> None:
    """Load a Prometheus rule file (groups of record and alert rules), relative to the feature."""
    text = fixture_text(world, path, "a rule file")
    world.attempt(lambda: load_rules(world, text, path))


@when(
    "I load the rules from {path:text}",
    'I load the rules from "rules/broken.yml"',
    variants=("I load the <alert|alerting|recording|Prometheus> rules from {path:text}",),
)
def i_load_the_rules_from(world: World, path: str) -> None:
    """Load a rule file as an event; if it is invalid, a Then can check the error."""
    text = fixture_text(world, path, "a rule file")
    world.attempt(lambda: load_rules(world, text, path))


_HOLDING = (
    "<containing|that contains|holding|with|that reads|reading|says|as follows|like this|"
    "with the following content|with the following contents|with this content|with these rules|"
    "with the following rules>"
)
"""What comes before a doc string holding a rule file: the text as said, or nothing."""


@given(
    "the rules:",
    "the rules:",
    "the alert rule:",
    "the following alerting rules:",
    variants=(
        "<the|these|this|the following> [<alert|alerting|recording|Prometheus> ]rule(s):",
        "<a|the|this|the following> [Prometheus ]rule file:",
    ),
)
def the_rules(world: World) -> None:
    """Load the Prometheus rule file held in the doc string."""
    text = require_docstring(world, "a Prometheus rule file")
    world.attempt(lambda: load_rules(world, text, "<doc string>"))


@given(
    "<a|an|the> [following ][Prometheus ]<rule|rules|alert rule|alerting rule|alert|alerts> "
    "file {path:text}[ " + _HOLDING + "]:",
    'a rule file "checkout-rules.yml" containing:',
    'the rule file "web-rules.yml":',
    'a rule file "api-rules.yml" with the following content:',
)
def the_rule_file_named(world: World, path: str) -> None:
    """Load the Prometheus rule file held in the doc string, under the name said (the name
    its errors are reported with); nothing is read from or written to a file of that name."""
    text = require_docstring(world, f"the rule file {path}")
    world.attempt(lambda: load_rules(world, text, path))


@given(
    "rules are evaluated every {interval:duration}",
    "rules are evaluated every 30 seconds",
    "the evaluation interval is 30 seconds",
    variants=("the [rule ]evaluation interval is {interval:duration}",),
)
def rules_every(world: World, interval: int) -> None:
    """The evaluation interval of groups that set none (default 1 minute)."""
    world.attempt(lambda: call(world, "set_evaluation_interval", interval))
    if world.error is None:
        evaluated_every(world, interval)


def _known(world: World, name: str) -> None:
    names = list(call(world, "alert_names"))
    if name not in names:
        raise world.fail(
            f'an alert named "{name}"',
            (f"the alerts are {', '.join(names)}" if names else "there are no alerts")
            + still_waiting(world)
            + _declare(world, name),
        )


def _declare(world: World, name: str) -> str:
    """How to declare the alert a check names, since no Given did: a Then about an alert
    that does not exist fails (it would pass for a rule that can never fire), so the
    message says the Given that makes one, for the scenario's service."""
    services = sorted(str(s) for s in call(world, "services"))
    service = services[0] if len(services) == 1 else "web"
    return (
        f'; no Given declares "{name}": declare it before the check, e.g. "Given an alert '
        f'"{name}" fires if over 5% of {service}\'s requests fail for 5 minutes" (errors) or '
        f'"Given an alert "{name}" fires if {service}\'s p99 stays above 250ms for 10 '
        'minutes" (latency)'
    )


def _timeline(world: World, name: str) -> str:
    changes = call(world, "timeline", name).changes
    return ", ".join(f"{state} at {_clock(t)}" for t, state in changes)


def _clock(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}h{minutes:02d}m{secs:02d}s" if hours else f"{minutes}m{secs:02d}s"


@then(
    "{name:alert} is [still ]{state:alertstate}",
    'alert "HighErrorRate" is pending',
    'alert "HighErrorRate" is firing',
    'alert "HighErrorRate" is inactive',
    "alert InstanceDown is firing",
    "the alert HighErrorRate stays pending",
    variants=(
        "{name:alert} <stays|remains|becomes|goes|has become|has gone|is now> {state:alertstate}",
        "{name:alert} <goes|went|is back|goes back|went back|has gone back|returns|returned|"
        "has returned|switches|switched|moves|moved|has moved|transitions|transitioned> to "
        "{state:alertstate}",
        "{name:alert} is [now ]in [the ]{state:alertstate} state",
    ),
)
def alert_is(world: World, name: str, state: str) -> None:
    """The alert's state now: firing if one of its alerts fires, else pending, else inactive."""
    _known(world, name)
    now = call(world, "alert_state", name)
    if now != state:
        quiet = now == "inactive" and not call(world, "timeline", name).fired
        raise world.fail(
            f'alert "{name}" {state} at {_clock(world.clock.now)}',
            f"{now} (timeline: {_timeline(world, name)})"
            + (why_quiet(world, name) if quiet else ""),
            FailedCheck("alert", name),
        )


@then(
    "{name:alert} is <not|no longer|not yet> {state:alertstate}",
    'alert "HighErrorRate" is not firing',
    "the alert HighErrorRate is no longer pending",
    variants=("{name:alert} isn't {state:alertstate}",),
)
def alert_is_not(world: World, name: str, state: str) -> None:
    """The alert's state now is anything but STATE ("is not firing": pending or inactive)."""
    _known(world, name)
    now = call(world, "alert_state", name)
    if now == state:
        raise world.fail(
            f'alert "{name}" not {state} at {_clock(world.clock.now)}',
            f"{now} (timeline: {_timeline(world, name)})",
            FailedCheck("alert", name),
        )


@then(
    "{name:alert} <fires|is firing now|starts firing|has started firing>",
    "the alert HighErrorRate fires",
)
def alert_fires(world: World, name: str) -> None:
    """The alert is firing now (as "is firing")."""
    alert_is(world, name, "firing")


@then(
    "{name:alert} <does not fire|doesn't fire|is not firing now>",
    "the alert HighErrorRate does not fire",
    "the alert should not fire",
    variants=("{name:alert} <should not|must not|will not|won't|shouldn't|mustn't> fire",),
)
def alert_does_not_fire(world: World, name: str) -> None:
    """The alert is not firing now (as "is not firing"; "never fired" looks back)."""
    alert_is_not(world, name, "firing")


@then(
    "{name:alert} <is resolved|has resolved|resolved|is resolved now|cleared|has cleared|"
    "is cleared|auto-resolved|has auto-resolved|resolved itself|has resolved itself|"
    "cleared itself|went away|has gone away|recovered|has recovered>",
    "the alert HighErrorRate is resolved",
)
def alert_resolved(world: World, name: str) -> None:
    """The alert fired, and is inactive now (Prometheus' "resolved")."""
    _known(world, name)
    now = call(world, "alert_state", name)
    if now != "inactive" or not call(world, "timeline", name).fired:
        raise world.fail(
            f'alert "{name}" resolved (it fired, and is inactive) at {_clock(world.clock.now)}',
            f"{now} (timeline: {_timeline(world, name)})",
        )


@then(
    "no alert(s) <is|are> [still ]{state:alertstate}[ <for|on|about> {service:service}]",
    "no alerts are firing",
    "no alert is pending",
    "no alert is firing for web",
    "there are no firing alerts",
    "no alerts fire for web",
    variants=(
        "there are no {state:alertstate} alerts[ <for|on|about> {service:service}]",
        "no alerts <fire|are going off>[ <for|on|about> {service:service}]",
    ),
)
def no_alert_is(world: World, state: str = "firing", service: str | None = None) -> None:
    """None of the alerts is in STATE now (the rules loaded must have at least one alert);
    "for web": none of its alerts whose labels name web (job, service, …)."""
    names = list(call(world, "alert_names"))
    if not names:
        raise world.fail("alert rules to check", "there are no alerts")
    found = [n for n in names if call(world, "alert_state", n) == state]
    if service is not None and found:
        rows = result_rows(call(world, "query", f'ALERTS{{alertstate="{state}"}}', None))
        about = {
            labels.get("alertname", "")
            for labels, _ in (rows if isinstance(rows, list) else [])
            if service in labels.values()
        }
        found = [n for n in found if n in about]
    if found:
        raise world.fail(f"no alert {state} at {_clock(world.clock.now)}", ", ".join(found))


@then(
    "no alert <fired|has fired|ever fired|went off|has gone off>",
    "no alert fired",
    "no alert has gone off",
)
def no_alert_fired(world: World) -> None:
    """None of the alerts was ever firing so far (the rules loaded must have at least one
    alert). An alert's labels need not name a service, so "for web" is not read here."""
    names = list(call(world, "alert_names"))
    if not names:
        raise world.fail("alert rules to check", "there are no alerts")
    fired = [n for n in names if call(world, "timeline", n).fired]
    if fired:
        raise world.fail("no alert fired so far", f"fired: {', '.join(fired)}")


@then(
    "{name:alert} <never fired|has never fired|never fires|did not fire|didn't fire|never went off|"
    "has never gone off|never triggered|was never triggered|never tripped|did not go off|"
    "didn't go off|never fired at all>",
    'alert "HighErrorRate" never fired',
)
def never_fired(world: World, name: str) -> None:
    """The alert was never firing after any evaluation so far (pending is allowed)."""
    _known(world, name)
    if call(world, "timeline", name).fired:
        raise world.fail(f'alert "{name}" never firing', _timeline(world, name))


@then(
    "{name:alert} <fired|has fired|went off|has gone off|triggered|was triggered|has triggered|"
    "tripped|has tripped>",
    'alert "HighErrorRate" fired',
)
def fired(world: World, name: str) -> None:
    """The alert was firing after at least one evaluation so far."""
    _known(world, name)
    if not call(world, "timeline", name).fired:
        raise world.fail(f'alert "{name}" firing at some point', _timeline(world, name))


@then(
    "{name:alert} went through {states:text}",
    'alert "HighErrorRate" went through "inactive, pending, firing, inactive"',
)
def went_through(world: World, name: str, states: str) -> None:
    """The alert's states so far, in order, each change listed once (from inactive)."""
    _known(world, name)
    wanted = [s.strip() for s in states.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in ("inactive", "pending", "firing")]
    if unknown:
        raise world.fail("states among inactive, pending, firing", ", ".join(unknown))
    got = list(call(world, "timeline", name).states)
    if got != wanted:
        raise world.fail(", ".join(wanted), _timeline(world, name))


@then(
    "{name:alert} became {state:alertstate} at {time:duration}",
    'alert "HighErrorRate" became firing at 12 minutes',
    "HighErrorRate started firing at 7 minutes",
    variants=(
        "{name:alert} <started|began|went|turned|switched to|moved to|went to> "
        "{state:alertstate} at [minute ]{time:duration}",
    ),
)
def became_at(world: World, name: str, state: str, time: int) -> None:
    """The alert changed to STATE at that time (since the scenario began)."""
    _known(world, name)
    changes = list(call(world, "timeline", name).changes)
    if (time, state) not in [(t, s) for t, s in changes]:
        raise world.fail(
            f'alert "{name}" {state} from {_clock(time)}',
            _timeline(world, name),
            FailedCheck("alert", name, time=time),
        )


def _check_rules(source: str | Path, filename: str, _: dict[str, Any]) -> None:
    """What ``kubeloop check`` reads of a rule file: the file as the rules step loads it."""
    from kubeloop import Telemetry  # noqa: PLC0415
    from kubeloop.fixtures.yamlsafe import read_text  # noqa: PLC0415

    text = read_text(source) if isinstance(source, Path) else source
    Telemetry().load_rules(text, filename)


the_rules_from.fixture_argument = "path"  # type: ignore[attr-defined]
the_rules_from.fixture_reader = _check_rules  # type: ignore[attr-defined]
the_rules.fixture_argument = "docstring"  # type: ignore[attr-defined]
the_rules.fixture_reader = _check_rules  # type: ignore[attr-defined]


@then(
    "{name:alert} was never [even ]pending <longer|for longer|more> than {limit:duration}",
    "HighLatency was never even pending longer than 2 minutes",
)
def never_pending_longer(world: World, name: str, limit: int) -> None:
    """No pending stretch of the alert lasted longer than LIMIT (and it never fired)."""
    _known(world, name)
    changes = [*call(world, "timeline", name).changes, (world.clock.now, "now")]
    for (start, state), (end, _) in pairwise(changes):
        if state == "firing" or (state == "pending" and end - start > limit):
            raise world.fail(
                f'alert "{name}" never pending longer than {_clock(limit)}',
                _timeline(world, name),
            )


@then(
    "{name:alert} was {state:alertstate} at some point",
    "HighErrorRate was pending at some point",
    "the HighErrorRate alert fired at some point",
    variants=(
        "{name:alert} <has been|was once|was at one point> {state:alertstate}",
        "{name:alert} <fired|has fired> at some point",
    ),
)
def was_at_some_point(world: World, name: str, state: str = "firing") -> None:
    """The alert was in STATE (fired: firing) at least once so far; pending counts for a
    firing alert too, as it was pending first."""
    _known(world, name)
    states = {s for _, s in call(world, "timeline", name).changes}
    if state not in states and not (state == "pending" and "firing" in states):
        raise world.fail(
            f'alert "{name}" {state} at some point',
            _timeline(world, name),
            FailedCheck("alert", name),
        )


@then(
    "{name:alert} <fired|was firing|has been firing|has fired> for {duration:duration}",
    "HighErrorRate fired for 3 minutes",
)
def fired_for(world: World, name: str, duration: int) -> None:
    """The alert spent DURATION firing in all so far, to within one minute (rules are
    evaluated once a minute unless said otherwise)."""
    _known(world, name)
    changes = [*call(world, "timeline", name).changes, (world.clock.now, "now")]
    firing = sum(end - start for (start, state), (end, _) in pairwise(changes) if state == "firing")
    if abs(firing - duration) > 60:
        raise world.fail(
            f'alert "{name}" firing for {_clock(duration)}',
            f"firing for {_clock(firing)} ({_timeline(world, name)})",
            FailedCheck("alert", name),
        )


@then(
    "there are no active alerts",
    "there are no active alerts",
    "nothing is firing",
    "all alerts are inactive",
    variants=(
        "<nothing is firing or pending|nothing is firing|no alert is active|no alerts are active>",
        "<all|all the|all of the> alerts are <inactive|quiet|resolved>",
        "<every|each> alert is <inactive|quiet>",
    ),
)
def no_alert_active(world: World) -> None:
    """Every alert is inactive now (none pending, none firing; at least one alert)."""
    names = list(call(world, "alert_names"))
    if not names:
        raise world.fail("alert rules to check", "there are no alerts")
    active = [n for n in names if call(world, "alert_state", n) != "inactive"]
    if active:
        shown = ", ".join(f"{n} {call(world, 'alert_state', n)}" for n in active)
        raise world.fail(f"every alert inactive at {_clock(world.clock.now)}", shown)
