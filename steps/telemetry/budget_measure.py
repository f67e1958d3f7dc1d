"""What a failed "budget left" check adds when the SLO's period is not yet full of data.

Every plain budget phrase is Sloth's measure (docs/telemetry.md): the error ratio over the
data the period holds so far ÷ the budget. Two hours at 1% errors on a 99.5% SLO have spent
200% of it, however long the period: a writer who meant the share of the whole period's
budget reads "200% spent" as a bug. The check still fails, and says which measure it used,
how little of the period the data covers, and the sentence for the other measure. It says so
only while the clock is short of the period (before that the two can differ).
"""

from __future__ import annotations

from kubeloop.harness.world import World

from .slo_names import find_slo
from .telemetry_part import show

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
        f'period\'s budget, say "{WHOLE_PERIOD}"'
    )


def _span(seconds: int) -> str:
    """A duration in its largest whole unit: 2h, 28d, 90m, 45s."""
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{show(seconds // size)}{unit}"
    return f"{seconds}s"
