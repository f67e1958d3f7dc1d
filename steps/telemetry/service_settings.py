"""What a service is set to now (its rate and error ratio), for a step that puts a change
back once its duration ends or checks the rate it changes from.

The engine's view says so when it has ``rate`` and ``error_ratio`` (``ServiceSettingsLike``,
an extension of Lab 03's contract); otherwise they are what the scenario last set the
service to through the core ``add_service``, ``set_rate`` and ``set_error_ratio`` calls,
every one of which the telemetry steps make through ``added`` and ``change`` here. So an
engine written to the contract alone can run "20% of requests fail for 3 minutes": the
scenario's own setting is put back, never a number the engine says of itself.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.world import World

from .telemetry_part import call

SETTINGS = "telemetry: each service's rate and error ratio, as the scenario last set them"
"""The world part holding, by service name, ``{"rate": …, "error_ratio": …}``."""

_SETTERS = {"set_rate": "rate", "set_error_ratio": "error_ratio"}


def added(world: World, name: str, rate: float, error_ratio: float) -> None:
    """The engine's ``add_service``, remembering what the service was set to."""
    world.attempt(lambda: call(world, "add_service", name, rate, error_ratio))
    if world.error is None:
        world.parts.setdefault(SETTINGS, {})[name] = {"rate": rate, "error_ratio": error_ratio}


def change(world: World, name: str, service: Any, setter: str, value: float) -> None:
    """``service.set_rate`` or ``set_error_ratio`` now, remembering the value it was set to."""
    world.attempt(lambda: world.capability(service, setter)(value, world.clock.now))
    if world.error is None:
        world.parts.setdefault(SETTINGS, {}).setdefault(name, {})[_SETTERS[setter]] = value


def setting(world: World, name: str, service: Any, which: str) -> float:
    """The service's ``rate`` or ``error_ratio`` now: its view's, else the one last set."""
    view = world.capability(service, "view")(world.clock.now)
    if hasattr(view, which):
        return float(getattr(view, which))
    known = world.parts.get(SETTINGS, {}).get(name, {})
    if which in known:
        return float(known[which])
    return float(world.attribute(view, which))  # never set here: the engine must say
