"""Traffic going back to normal, and traffic said as a move from one rate to another.

"Normal" is what a service was last declared to do ("Given web serves 100 requests per
second with 1% errors"): its rate, its errors and its latency. "then everything goes back
to normal for 15 minutes" restores every service so and lets the time pass; "traffic to
web goes from 50 to 500 requests a second" checks that web serves 50 (declaring it, if it
serves nothing yet) and moves it to 500.
"""

from __future__ import annotations

from functools import partial

from kubeloop.harness.registry import when
from kubeloop.harness.world import World
from kubeloop.telemetry.traffic import DEFAULT_LATENCY

from .assumed_traffic import NORMAL
from .service_settings import change, setting
from .services import _FOR, _service, the_named, the_service
from .telemetry_part import call, show

_BACK = (
    "<goes back|go back|is back|are back|gets back|get back|comes back|come back|settles back|"
    "settle back|returns|return|returns back> to normal"
)

_BACK_VERBS = (
    "goes back|is back|gets back|comes back|settles back|returns|drops back|falls back|"
    "comes back down|goes back down|drops|falls"
)
"""The errors going back: "the error rate drops back to normal"."""
_FINE = (
    "<is fine again|are fine again|fine again|is healthy again|are healthy again|"
    "is all good again|is good again|are good again>"
)
"""Everything said to be fine again: every service as it was declared."""
_COMPLETELY = (
    "<recovers completely|fully recovers|recovers fully|completely recovers|is fully back|"
    "is completely back|is fine again|is all good again>"
)
"""A service said to recover completely: its rate, errors and latency as declared, not only
its errors gone ("recovers")."""


@when(
    "<everything|things|all services|every service|all traffic|the world> " + _BACK + _FOR,
    "everything goes back to normal for 15 minutes",
    "web goes back to normal",
    "the checkout service is back to normal for 10 minutes",
    "everything is fine again for 30 minutes",
    "search recovers completely",
    "it recovers fully",
    variants=(
        "{name:service} " + _BACK + _FOR,
        "[the ]traffic[ <of|for|to|on> {name:service}] " + _BACK + _FOR,
        "<everything|things|all services|every service> " + _FINE + _FOR,
        "{name:service} " + _COMPLETELY + _FOR,
    ),
)
def back_to_normal(world: World, name: str | None = None, duration: int | None = None) -> None:
    """The service (everything: every service) serves what it was last declared to serve
    again, with the errors and latency declared (default latency if none was); "for 15
    minutes": and that much time passes."""
    normal = world.parts.get(NORMAL, {})
    names = [the_named(world, name)] if name is not None else sorted(normal)
    if not names:
        raise world.fail("a service declared earlier to go back to", "no service was declared")
    for each in names:
        if each not in normal:
            raise world.fail(f"{each} declared earlier with its traffic", "it never was")
        rate, ratio, latency = normal[each]
        service = _service(world, each)
        now = world.clock.now
        change(world, each, service, "set_rate", rate)
        change(world, each, service, "set_error_ratio", ratio)
        if latency is not None or hasattr(service, "set_latency"):  # else never changed
            setter = world.capability(service, "set_latency")
            world.attempt(partial(setter, latency or DEFAULT_LATENCY, now))
        if hasattr(service, "set_up"):
            service.set_up(True, now)
    if duration is not None and world.error is None:
        world.advance(duration)


_UNIT = "[ <requests per second|requests a second|requests/s|req/s|rps|qps>]"


@when(
    "[the ]traffic <to|for|on|of> {name:service} <goes|jumps|rises|climbs|grows|drops|falls|"
    "spikes|increases|decreases> from {low:decimal}" + _UNIT + " to {rate:rps}" + _FOR,
    "traffic to web goes from 50 to 500 requests a second",
    "traffic to web jumps from 100 rps to 1000 rps for 5 minutes",
    variants=(
        "{name:service} <goes|jumps|rises|climbs|grows|drops|falls|spikes|increases|decreases> "
        "from {low:decimal}" + _UNIT + " to {rate:rps}" + _FOR,
    ),
)
def traffic_goes_from(
    world: World, name: str, low: float, rate: float, duration: int | None = None
) -> None:
    """The service serves LOW requests a second (declared so if it serves nothing yet; if it
    serves another rate, the step fails naming it), then RATE from now ("for 5 minutes":
    that long, then LOW again)."""
    if name not in list(call(world, "services")):
        the_service(world, name, low)
        if world.error is not None:
            return
    service = _service(world, name)
    now = setting(world, name, service, "rate")
    if abs(now - low) > 1e-9:
        raise world.fail(f"{name} serving {show(low)} requests per second", f"{show(now)}")
    change(world, name, service, "set_rate", rate)
    if duration is not None and world.error is None:
        world.advance(duration)
        change(world, name, service, "set_rate", low)


@when(
    "<recovers completely|recovers fully>" + _FOR,
    "recovers completely",
    "recovers fully for 10 minutes",
)
def recovers_completely(world: World, duration: int | None = None) -> None:
    """Said with no subject ("and then recovers completely"): the service named last goes
    back to what it was declared to do ("it recovers fully" is back_to_normal's)."""
    back_to_normal(world, the_named(world, None), duration)


@when(
    "the <error|failure|5xx error> <rate|ratio>[ <of|for> {name:service}] <" + _BACK_VERBS + "> "
    "to normal" + _FOR,
    "the error rate drops back to normal",
    "the error rate of checkout goes back to normal for 10 minutes",
    variants=("{name:service}'s error rate <" + _BACK_VERBS + "> to normal" + _FOR,),
)
def errors_back_to_normal(
    world: World, name: str | None = None, duration: int | None = None
) -> None:
    """The service's errors (the one named last, without a name) go back to the share it was
    declared with; its rate and latency stay as they are."""
    named = the_named(world, name)
    normal = world.parts.get(NORMAL, {})
    if named not in normal:
        raise world.fail(f"{named} declared earlier with its errors", "it never was")
    change(world, named, _service(world, named), "set_error_ratio", normal[named][1])
    if duration is not None and world.error is None:
        world.advance(duration)
