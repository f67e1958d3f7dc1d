"""How long a service's requests take, said share by share: "90% of them finish in under
100ms and the slowest 1% take around 2 seconds", "requests to web take 1 second".

Each share takes its latency; shares that leave some requests unsaid give them to "the
rest" if the sentence names it, else to its largest share (people say the common case and
the tail). Said "for 2 minutes" (before or after), the profile lasts that long and the
service then answers as it did before.
"""

from __future__ import annotations

from collections.abc import Sequence

from kubeloop.harness.registry import when
from kubeloop.harness.world import World
from kubeloop.telemetry.traffic import DEFAULT_LATENCY

from .services import _service, the_named

_PROFILES = "telemetry: latency profiles"
"""The profile each service was last given, to go back to after a change "for 2 minutes"."""

_FOR = "[ for [the next ]{duration:duration}]"
_TAKE = "<take|takes|finish in|complete in|are served in|respond in>"
_ABOUT = "[<around|about|roughly|under|in under|within> ]"


def profile(parts: Sequence[tuple[float | None, float]]) -> list[tuple[float, float]]:
    """(seconds, share of requests) for the engine, the unsaid share given out as above."""
    said = sum(share for share, _ in parts if share is not None)
    rest = [seconds for share, seconds in parts if share is None]
    shares = [(seconds, share / 100) for share, seconds in parts if share is not None]
    left = max(0.0, 1 - said / 100)
    if rest:
        shares += [(seconds, left / len(rest)) for seconds in rest]
    elif left and shares:
        largest = max(range(len(shares)), key=lambda i: shares[i][1])
        seconds, share = shares[largest]
        shares[largest] = (seconds, share + left)
    return shares


def _apply(
    world: World, name: str | None, latencies: Sequence[tuple[float, float]], duration: int | None
) -> None:
    named = the_named(world, name)
    service = _service(world, named)
    setter = world.capability(service, "set_latency")
    profiles = world.parts.setdefault(_PROFILES, {})
    before = profiles.get(named, DEFAULT_LATENCY)
    world.attempt(lambda: setter(latencies, world.clock.now))
    if world.error is not None:
        return
    profiles[named] = tuple(latencies)
    if duration is not None:
        world.advance(duration)
        world.attempt(lambda: setter(before, world.clock.now))
        profiles[named] = before


@when(
    "{parts:latencies}" + _FOR,
    "90% of them finish in under 100ms and the slowest 1% take around 2 seconds",
    "99% of requests take 100 ms and 1% take 2 s for 5 minutes",
    variants=("for {duration:duration}[,] {parts:latencies}",),
)
def latencies_are(
    world: World, parts: tuple[tuple[float | None, float], ...], duration: int | None = None
) -> None:
    """The service named last answers each share of its requests in that time."""
    _apply(world, None, profile(parts), duration)


@when(
    "requests to {name:service} " + _TAKE + " " + _ABOUT + "{latency:latency}" + _FOR,
    "requests to web take 1 second",
    "for 2 minutes requests to web take 1 second",
    variants=(
        "for {duration:duration}[,] requests to {name:service} "
        + _TAKE
        + " "
        + _ABOUT
        + "{latency:latency}",
        "{name:service} requests " + _TAKE + " " + _ABOUT + "{latency:latency}" + _FOR,
    ),
)
def requests_take(
    world: World, name: str, latency: tuple[str, float], duration: int | None = None
) -> None:
    """Every request to the service takes that long (from now, or for that long)."""
    number, per_second = latency
    _apply(world, name, [(float(number) / per_second, 1.0)], duration)


@when(
    "[the ]latency[ <of|for> {name:service}] <goes back|returns|is back|gets back> to normal"
    + "[ for {duration:duration}]",
    "latency goes back to normal for 10 minutes",
    variants=(
        "{name:service} latency <goes back|returns|is back> to normal[ for {duration:duration}]",
    ),
)
def latency_normal(world: World, name: str | None = None, duration: int | None = None) -> None:
    """The service answers as a service does by default again (p50 50 ms, p99 under 1 s);
    "for 10 minutes": and that much time passes (there is nothing to end)."""
    _apply(world, name, DEFAULT_LATENCY, None)
    if duration is not None and world.error is None:
        world.advance(duration)
