"""Whether an SLO's page (or ticket) alert fired at some point so far, for an engine whose
``ALERTS`` series does not hold its SLOs' alerts.

Lab 03's contract asks ``load_rules`` to write ``ALERTS`` for the rules it loads, not for
an SLO's alerts, whose core answer is ``slo_alert_state(name, severity)``: now only. So the
steps read the past the same way, through the clock: from the first SLO on, a task samples
every SLO's state of each severity at every rule evaluation, after the engine's own
evaluation at that instant (the clock runs tasks of an instant by order), and keeps the
instants it saw one firing. An engine that raises there (``slo_alert_state`` not
implemented yet) stops the sampling, and the check that asks for the past raises it: a
scenario that never asks is not failed by it. kubeloop's own engine writes its SLOs'
``ALERTS`` at every evaluation (paging._firing reads them), so it is not sampled: a task
would cost it the clock's leaps over quiet time.
"""

from __future__ import annotations

from kubeloop.core.clock import ORDER_EVALUATE, PeriodicTask
from kubeloop.harness.world import World

from .telemetry_part import ENTRY, call

FIRED = "telemetry: the instants each SLO's page and ticket alerts were seen firing"
"""The world part holding, by ``(SLO name, severity)``, the instants it was firing."""
SAMPLER = "telemetry: the task sampling SLO alert states, and its interval"
BROKE = "telemetry: what the engine raised when its SLO alert states were sampled"
EVALUATION = "telemetry: the rule evaluation interval the scenario set"
DEFAULT_EVALUATION = 60
"""Seconds between rule evaluations when the scenario sets none (the contract's default,
as Prometheus' global evaluation_interval of 1m)."""
_SEVERITIES = ("page", "ticket")


def watch(world: World) -> None:
    """Sample every SLO's alert states at every evaluation from now on (once a world; again
    at a new interval when the scenario sets one)."""
    if world.engine_for(ENTRY)[1] == "kubeloop":
        return
    every = int(world.parts.get(EVALUATION, DEFAULT_EVALUATION))
    running: tuple[PeriodicTask, int] | None = world.parts.get(SAMPLER)
    if running is not None and running[1] == every:
        return
    if running is not None:
        running[0].cancel()
    seen: dict[tuple[str, str], list[int]] = world.parts.setdefault(FIRED, {})

    def sample(now: int) -> None:
        try:
            states = {
                (str(name), severity): str(call(world, "slo_alert_state", name, severity))
                for name in call(world, "slos")
                for severity in _SEVERITIES
            }
        except Exception as error:  # the engine's: raised again by the check that asks
            world.parts[BROKE] = error
            world.parts[SAMPLER][0].cancel()
            return
        for key, state in states.items():
            if state == "firing":
                seen.setdefault(key, []).append(now)

    task = world.clock.every(
        every, sample, name="kubeloop: SLO alert states sampled", order=ORDER_EVALUATE + 50
    )
    world.parts[SAMPLER] = (task, every)


def evaluated_every(world: World, seconds: int) -> None:
    """The scenario set the evaluation interval: sample at it from now on."""
    world.parts[EVALUATION] = seconds
    if SAMPLER in world.parts:
        watch(world)


def fired(world: World, name: str, severity: str) -> bool:
    """The SLO's alert of that severity was seen firing at an evaluation so far."""
    if BROKE in world.parts:
        raise world.parts[BROKE]
    return bool(world.parts.get(FIRED, {}).get((name, severity)))
