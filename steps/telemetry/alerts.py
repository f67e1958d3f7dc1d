"""Alerting and recording rules, and the alert state machine as time passes."""

from __future__ import annotations

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.steps.telemetry.support import call, fixture_text, require_docstring


@given(
    "an alert {name:name} when {expr:promql}[ for {hold:duration}]",
    'an alert "HighErrorRate" when "job:errors:ratio5m > 0.05" for 5 minutes',
    'an alert "InstanceDown" when "up == 0"',
)
def an_alert(world: World, name: str, expr: str, hold: int = 0) -> None:
    """An alerting rule: pending while EXPR returns a series, firing once it held for FOR."""
    call(world, "add_alert", name, expr, hold)


@given(
    "an alert {name:name} when {expr:promql} for {hold:duration} that keeps firing for "
    "{keep:duration}",
    'an alert "HighLatency" when "job:latency:p99 > 0.5" for 1 minute that keeps firing for '
    "10 minutes",
)
def an_alert_keep_firing(world: World, name: str, expr: str, hold: int, keep: int) -> None:
    """An alerting rule with keep_firing_for: it stays firing that long after it clears."""
    call(world, "add_alert", name, expr, hold, keep_firing_for=keep)


@given(
    "a recording rule {name:name} of {expr:promql}",
    'a recording rule "job:errors:ratio5m" of '
    "\"sum(rate(http_requests_total{code='500'}[5m])) / sum(rate(http_requests_total[5m]))\"",
)
def a_recording_rule(world: World, name: str, expr: str) -> None:
    """A recording rule: EXPR is evaluated with the rules and written as the series NAME."""
    call(world, "add_recording", name, expr)


@given("the rules from {path:text}", 'the rules from "rules/web.yml"')
def the_rules_from(world: World, path: str) -> None:
    """Load a Prometheus rule file (groups of record and alert rules), relative to the feature."""
    call(world, "load_rules", fixture_text(world, path, "a rule file"), path)


@when("I load the rules from {path:text}", 'I load the rules from "rules/broken.yml"')
def i_load_the_rules_from(world: World, path: str) -> None:
    """Load a rule file as an event; if it is invalid, a Then can check the error."""
    text = fixture_text(world, path, "a rule file")
    world.attempt(lambda: call(world, "load_rules", text, path))


@given(
    "the rules:",
    "the rules:",
    "the alert rule:",
    variants=("the <alert|alerting|recording|Prometheus> rule(s):", "the rule file:"),
)
def the_rules(world: World) -> None:
    """Load the Prometheus rule file held in the doc string."""
    call(world, "load_rules", require_docstring(world, "a Prometheus rule file"), "<doc string>")


@given("rules are evaluated every {interval:duration}", "rules are evaluated every 30 seconds")
def rules_every(world: World, interval: int) -> None:
    """The evaluation interval of groups that set none (default 1 minute)."""
    call(world, "set_evaluation_interval", interval)


def _known(world: World, name: str) -> None:
    names = list(call(world, "alert_names"))
    if name not in names:
        raise world.fail(
            f'an alert named "{name}"',
            f"the alerts are {', '.join(names)}" if names else "there are no alerts",
        )


def _timeline(world: World, name: str) -> str:
    changes = call(world, "timeline", name).changes
    return ", ".join(f"{state} at {_clock(t)}" for t, state in changes)


def _clock(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}h{minutes:02d}m{secs:02d}s" if hours else f"{minutes}m{secs:02d}s"


@then(
    "[the ]alert {name:name} is [still ]{state:alertstate}",
    'alert "HighErrorRate" is pending',
    'alert "HighErrorRate" is firing',
    'alert "HighErrorRate" is inactive',
)
def alert_is(world: World, name: str, state: str) -> None:
    """The alert's state now: firing if one of its alerts fires, else pending, else inactive."""
    _known(world, name)
    now = call(world, "alert_state", name)
    if now != state:
        raise world.fail(
            f'alert "{name}" {state} at {_clock(world.clock.now)}',
            f"{now} (timeline: {_timeline(world, name)})",
        )


@then(
    "[the ]alert {name:name} <never fired|has never fired|never fires|did not fire>",
    'alert "HighErrorRate" never fired',
)
def never_fired(world: World, name: str) -> None:
    """The alert was never firing after any evaluation so far (pending is allowed)."""
    _known(world, name)
    if call(world, "timeline", name).fired:
        raise world.fail(f'alert "{name}" never firing', _timeline(world, name))


@then("[the ]alert {name:name} <fired|has fired>", 'alert "HighErrorRate" fired')
def fired(world: World, name: str) -> None:
    """The alert was firing after at least one evaluation so far."""
    _known(world, name)
    if not call(world, "timeline", name).fired:
        raise world.fail(f'alert "{name}" firing at some point', _timeline(world, name))


@then(
    "[the ]alert {name:name} went through {states:text}",
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
    "[the ]alert {name:name} became {state:alertstate} at {time:duration}",
    'alert "HighErrorRate" became firing at 12 minutes',
)
def became_at(world: World, name: str, state: str, time: int) -> None:
    """The alert changed to STATE at that time (since the scenario began)."""
    _known(world, name)
    changes = list(call(world, "timeline", name).changes)
    if (time, state) not in [(t, s) for t, s in changes]:
        raise world.fail(f'alert "{name}" {state} from {_clock(time)}', _timeline(world, name))
