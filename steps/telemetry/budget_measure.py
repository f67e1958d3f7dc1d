"""What a failed "budget left" or "does not page" check adds when the SLO's period or its
windows are not yet full of data.

Every plain budget phrase is Sloth's measure (docs/telemetry.md): the error ratio over the
data the period holds so far ÷ the budget. Two hours at 1% errors on a 99.5% SLO have spent
200% of it, however long the period: a writer who meant the share of the whole period's
budget reads "200% spent" as a bug. The check still fails, and says which measure it used,
how little of the period the data covers, and the sentence for the other measure. It says so
only while the clock is short of the period (before that the two can differ).

A service's series begin with the scenario, so a window longer than the time gone by burns
as the data there is: a steady 1% on a 99.9% SLO pages within its first hour, where a
service that ran cleanly for hours before would not. A writer who meant that history gets
the sentence that gives it ("Given web has run cleanly for 6 hours", before the errors).
"""

from __future__ import annotations

from kubeloop.harness.world import World

from .slo_names import find_slo
from .telemetry_part import show, telemetry

WHOLE_PERIOD = "Then less than 100% of the period's error budget is gone"
"""The catalog's sentence for the share of the whole period's budget."""


def so_far_note(world: World, name: str) -> str:
    """Sloth's measure, the data so far and the whole-period sentence, while the clock is
    short of the SLO's period; empty once a whole period has passed."""
    period = int(find_slo(world, name).objective.period)
    now = world.clock.now
    if now >= period:
        return ""
    return (
        f"; that is Sloth's measure, the error ratio over the data the period holds so far "
        f"(at most {_span(now)} of its {_span(period)}) ÷ the budget, so errors above the "
        f"budget spend all of it however short the data; for the share of the whole "
        f'period\'s budget, say "{WHOLE_PERIOD}"; or, for a service that ran before the '
        f'scenario, give it that history first, before its errors ("Given '
        f'{find_slo(world, name).service} has run cleanly for {_words(period)}")'
    )


def short_window_note(world: World, name: str) -> str:
    """While a firing page pair's long window is longer than the data there is: what it
    burned over, and the sentence that gives the service a clean history first."""
    verdict = getattr(telemetry(world), "verdict", None)
    if verdict is None:
        return ""
    short = [
        p
        for p in verdict(name).pairs
        if p.fires and p.window.severity == "page" and p.long_span < p.window.long
    ]
    if not short:
        return ""
    pair = max(short, key=lambda p: p.window.long)
    return (
        f"\nthe {_span(pair.window.long)} window of {pair.window.label} holds only the "
        f"{_span(pair.long_span)} of data there is (a service's series begin with the "
        f"scenario), so it burns as that time did; for a service that ran cleanly before, "
        f'say so first, before its errors ("Given {find_slo(world, name).service} has run '
        f'cleanly for {_words(pair.window.long)}")'
    )


def _words(seconds: int) -> str:
    """A duration as the catalog reads it: 30 days, 6 hours, 90 minutes."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} seconds"


def _span(seconds: int) -> str:
    """A duration in its largest whole unit: 2h, 28d, 90m, 45s."""
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{show(seconds // size)}{unit}"
    return f"{seconds}s"
