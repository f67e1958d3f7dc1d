"""How long a service's requests take, said share by share: "90% of them finish in under
100ms and the slowest 1% take around 2 seconds", "requests to web take 1 second".

Each share takes its latency; shares that leave some requests unsaid give them to "the
rest" if the sentence names it, else to its largest share (people say the common case and
the tail). Said "for 2 minutes" (before or after), the profile lasts that long and the
service then answers as it did before.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import kubeloop.harness.latency_words  # noqa: F401  (registers latencies and percentiles)
from kubeloop.harness.registry import when
from kubeloop.harness.telemetry_nouns import seconds as in_seconds
from kubeloop.harness.telemetry_nouns import share as percentage
from kubeloop.harness.world import World
from kubeloop.telemetry.traffic import DEFAULT_LATENCY

from .latency_bounds import bound_latencies
from .services import _service, the_named

_PROFILES = "telemetry: latency profiles"
"""The profile each service was last given, to go back to after a change "for 2 minutes"."""

_FOR = "[ for [the next ]{duration:duration}]"
_TAKE = (
    "<take|takes|took|finish in|finishes in|complete in|completes in|are served in|respond in|"
    "responds in|come back in|are answered in|finish|finishes|complete|completes|respond|"
    "responds|come back|are answered|are served>"
)
_ABOUT = "[<around|about|roughly|under|in under|within|in less than|in at most|at most> ]"
"""A share's time said as a bound ("within 250ms", "in under 1s") is read as that time."""


Profile = Sequence[tuple[float, float | Fraction]]
"""(seconds, share of requests) pairs, the shares exact where the sentence gave them."""


def profile(
    parts: Sequence[tuple[float | None, float]],
    before: Profile = DEFAULT_LATENCY,
) -> list[tuple[float, float | Fraction]]:
    """(seconds, share of requests) for the engine, the unsaid share given out as above;
    a sentence that says only a tail ("3% of requests take 2 seconds": less than half of
    them) leaves the others answering as BEFORE."""
    said = sum(_exact(share) / 100 for share, _ in parts if share is not None)
    rest = [seconds for share, seconds in parts if share is None]
    shares: list[tuple[float, float | Fraction]] = [
        (seconds, _exact(share) / 100) for share, seconds in parts if share is not None
    ]
    left = max(Fraction(0), 1 - said)
    if rest:
        shares += [(seconds, left / len(rest)) for seconds in rest]
    elif left and shares and said < Fraction(1, 2):
        shares += [(seconds, _exact(share) * left) for seconds, share in before]
    elif left and shares:
        largest = max(range(len(shares)), key=lambda i: shares[i][1])
        seconds, share = shares[largest]
        shares[largest] = (seconds, share + left)
    return shares


def _exact(value: float | Fraction) -> Fraction:
    """A share as written (0.01, not the float nearest it), so the shares add up to 1."""
    return value if isinstance(value, Fraction) else Fraction(str(value))


def _before(world: World, name: str | None) -> Profile:
    """The profile the service answers with now (as the scenario last set it)."""
    profiles: dict[str, Profile] = world.parts.get(_PROFILES, {})
    return profiles.get(the_named(world, name), DEFAULT_LATENCY)


def _apply(world: World, name: str | None, latencies: Profile, duration: int | None) -> None:
    named = the_named(world, name)
    service = _service(world, named)
    setter = world.capability(service, "set_latency")
    profiles = world.parts.setdefault(_PROFILES, {})
    before = profiles.get(named, DEFAULT_LATENCY)
    world.attempt(lambda: setter(latencies, world.clock.now))
    if world.error is not None:
        return
    bound_latencies(world, service, (seconds for seconds, _ in latencies))
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
    _apply(world, None, profile(parts, _before(world, None)), duration)


@when(
    "[the ]<latency|response time|response times|latencies> <of|for> {name:service} <is|are> "
    "{parts:latencies}" + _FOR,
    "the latency of orders is 120ms for 95% of requests and 600ms for the rest",
)
def service_latencies_are(
    world: World,
    name: str,
    parts: tuple[tuple[float | None, float], ...],
    duration: int | None = None,
) -> None:
    """The service answers each share of its requests in that time."""
    _apply(world, name, profile(parts, _before(world, name)), duration)


@when(
    "{share:share} [of ][the ]<requests|calls> <to|for|on|of> {name:service} "
    + _TAKE
    + " "
    + _ABOUT
    + "{latency:latency}"
    + _FOR,
    '3% of requests to "payments" take 2 seconds for 6 hours',
    "1 in 100 requests to web takes 800ms",
    variants=(
        "for {duration:duration}[,] {share:share} [of ][the ]<requests|calls> <to|for|on|of> "
        "{name:service} " + _TAKE + " " + _ABOUT + "{latency:latency}",
    ),
)
def share_of_service_takes(
    world: World,
    share: float,
    name: str,
    latency: tuple[str, float],
    duration: int | None = None,
) -> None:
    """That share of the service's requests take that long (the others answer as before)."""
    number, per_second = latency
    parts = ((share, float(number) / per_second),)
    _apply(world, name, profile(parts, _before(world, name)), duration)


_COLUMNS = {
    "share": ("share", "percent", "percentage", "requests", "fraction", "portion"),
    "latency": ("duration", "latency", "time", "takes", "response time", "seconds"),
}


@when(
    "requests to {name:service} " + _TAKE + ":",
    'requests to "payments" take:',
    "the latency of web is:",
    variants=("the <latency|response times|response time> <of|for> {name:service} <is|are>:",),
)
def requests_take_table(world: World, name: str) -> None:
    """The service answers each share of its requests in the time its row says (a table
    | share | duration |; "the rest" or "others" for what the other rows leave)."""
    table = world.step.datatable
    if not table or len(table) < 2 or len(table[0]) != 2:
        raise world.fail("a table | share | duration | with one row per share", "no such table")
    header = [cell.strip().lower() for cell in table[0]]
    if header[0] not in _COLUMNS["share"] or header[1] not in _COLUMNS["latency"]:
        raise world.fail(
            "the table's header | share | duration |", "| " + " | ".join(header) + " |"
        )
    parts: list[tuple[float | None, float]] = []
    for row in table[1:]:
        said, took = (cell.strip() for cell in row)
        try:
            part = (
                None
                if said.lower() in ("the rest", "rest", "others", "the others")
                else percentage(said)
            )
            parts.append((part, in_seconds(took)))
        except (AttributeError, KeyError, ValueError):
            raise world.fail(
                "a share (2%, half, 1 in 100, the rest) and a latency (80ms, 1.2s) in each row",
                f"| {said} | {took} |",
            ) from None
    _apply(world, name, profile(parts, _before(world, name)), None)


@when(
    "requests to {name:service} " + _TAKE + " " + _ABOUT + "{latency:latency}" + _FOR,
    "requests to web take 1 second",
    "for 2 minutes requests to web take 1 second",
    "search latency jumps to 900ms for 3 minutes",
    "checkout's responses slow down to 800ms",
    variants=(
        "for {duration:duration}[,] requests to {name:service} "
        + _TAKE
        + " "
        + _ABOUT
        + "{latency:latency}",
        "{name:service} requests " + _TAKE + " " + _ABOUT + "{latency:latency}" + _FOR,
        "[the ]<latency|response time|response times> <of|for> {name:service} <rises|goes up|"
        "jumps|climbs|increases|spikes|drops|falls|goes|goes down|is|goes back|drops back|"
        "falls back> to {latency:latency}" + _FOR,
        "{name:service}['s] <latency|response time|response times|responses> <rises|goes up|"
        "jumps|climbs|increases|spikes|drops|falls|goes|goes down|is|goes back|drops back|"
        "falls back|slows down|slow down|creeps up|shoots up> to {latency:latency}" + _FOR,
        "{name:service} <slows down|speeds up|slows|gets slower|gets faster> to "
        "{latency:latency}[ <per request|a request>]" + _FOR,
        "{name:service} <responds|answers|replies|starts responding|starts answering|is "
        "answering|is responding> <in|within|after> " + _ABOUT + "{latency:latency}" + _FOR,
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
