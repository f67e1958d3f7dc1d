"""Time said as a time of day, as an incident timeline says it: "it is 14:00" pins the
scenario's clock to that time (the first time it is said), and later "it is 14:05", "we wait
until 14:05", "the clock reaches 14:05" let the logical time pass up to it.

A time of day before the one pinned is taken to be on the next day only when said so ("14:05
the next day"); otherwise going back in time is an error at the line, never a silent no-op.
"""

from __future__ import annotations

from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

DAY = 24 * 3600
PINNED = "common: the time of day at logical time 0"
"""World part: the time of day (seconds after midnight) the logical clock's 0 stands for."""


def _clock(text: str) -> int:
    hours, minutes, *seconds = (int(part) for part in text.split(":"))
    return hours * 3600 + minutes * 60 + (seconds[0] if seconds else 0)


TYPES["clocktime"] = ParamType(
    r"(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?",
    _clock,
    "a time of day, 24-hour: 14:05, 09:30, 14:05:30",
)


def _shown(seconds: int) -> str:
    hours, rest = divmod(seconds % DAY, 3600)
    return f"{hours:02d}:{rest // 60:02d}" + (f":{rest % 60:02d}" if rest % 60 else "")


def now_of_day(world: World) -> int | None:
    """The time of day now, None before any was pinned."""
    pinned = world.parts.get(PINNED)
    return None if pinned is None else int(pinned) + world.clock.now


@given(
    "<it is|it's|the time is|the clock reads|the clock says> {clock:clocktime}",
    "it is 14:00",
    "the time is 09:30",
)
def it_is(world: World, clock: int) -> None:
    """The first time of day said pins the clock (logical time now is that time); a later one
    lets time pass up to it."""
    if PINNED not in world.parts:
        world.parts[PINNED] = clock - world.clock.now
        return
    until(world, clock)


@when(
    "I wait until {clock:clocktime}[ <the next day|tomorrow>]",
    "I wait until 14:05",
    "the clock reaches 14:30",
    "it is 14:05",
    variants=(
        "<the clock reaches|the clock gets to|it gets to|time moves on to|we get to> "
        "{clock:clocktime}[ <the next day|tomorrow>]",
        "<it is|it's|the time is> [now ]{clock:clocktime}[ <the next day|tomorrow>]",
        "at {clock:clocktime}[ <the next day|tomorrow>]",
    ),
)
def until(world: World, clock: int) -> None:
    """Let time pass up to that time of day ("the next day": a day later)."""
    now = now_of_day(world)
    if now is None:
        raise world.fail(
            f"a time of day said first (Given it is {_shown(clock - 300)})",
            "no time of day was given, so the scenario's clock has none",
        )
    if "next day" in world.step.text or "tomorrow" in world.step.text:
        clock += DAY * (now // DAY + 1)
    else:
        clock += DAY * (now // DAY)
    if clock < now:
        raise world.fail(
            f"{_shown(clock)} at or after the time now",
            f'it is {_shown(now)} already (say "{_shown(clock)} the next day" for tomorrow)',
        )
    world.advance(clock - now)


@then(
    "<it is|it's|the time is> [now ]{clock:clocktime}",
    "it is 14:20",
)
def time_is(world: World, clock: int) -> None:
    """The time of day now is exactly that."""
    now = now_of_day(world)
    if now is None or now % DAY != clock:
        raise world.fail(_shown(clock), "no time of day given" if now is None else _shown(now))
