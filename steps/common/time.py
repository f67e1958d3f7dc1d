"""Logical time: it passes only when a scenario says so."""

from __future__ import annotations

from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.registry import when
from kubeloop.harness.world import World

_UNIT = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 604800}

TYPES["wholespan"] = ParamType(
    r"(?:a|one) (?:full|whole|entire|complete) (?:second|minute|hour|day|week)",
    lambda text: _UNIT[text.rsplit(" ", 1)[1].lower()],
    "one whole unit of time: a full day, a whole hour, an entire week",
)


@when(
    "{duration:duration} pass(es)",
    "5 minutes pass",
    "30 seconds pass",
    "1 minute passes",
    "I wait 10 minutes",
    "another 10 minutes go by",
    "an hour of normal traffic goes by",
    variants=(
        "I wait[ for][ <another|a further|a bit more than|about|roughly>] {duration:duration}",
        "{duration:duration} <go by|goes by|elapse|elapses|later|went by|have passed|has passed|"
        "have gone by|has gone by|have elapsed|has elapsed>",
        "I <let|allow> {duration:duration} <pass|go by|elapse>",
        "I let <it|things|the system|the scenario|the world|everything> run for "
        "{duration:duration}",
        "I <fast-forward|fast forward|skip ahead|jump ahead|move the clock forward>[ by] "
        "{duration:duration}",
        "after <another|a further> {duration:duration}",
        "the next {duration:duration} <pass|passes|go by|goes by>",
        "<another|a further> {duration:duration} <pass|passes|go by|goes by|elapse|elapses>",
        "time <moves on|passes|advances|goes by|goes on|moves forward> [<by|for> ]"
        "{duration:duration}",
        "the clock <advances|moves on|moves forward> [by ]{duration:duration}",
        "after {duration:duration}",
        "{duration:duration} of [<normal|steady|quiet|regular|healthy> ]traffic "
        "<go by|goes by|pass|passes>",
        "{duration:wholespan} <passes|goes by|elapses|has passed|has gone by|went by>",
        "I wait {duration:wholespan}",
    ),
)
def time_passes(world: World, duration: int) -> None:
    """Time passes on the one clock: the cluster reconciles every 15 s, scrapes and rules run."""
    world.advance(duration)
