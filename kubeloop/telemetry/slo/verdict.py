"""Why an SLO pages or stays quiet, in numbers and in words.

Given the error ratio over any window (a callable, so the caller decides how it is
measured), ``judge`` computes the burn rate over each pair's long and short windows and
says which pairs fire: a pair fires only when both windows burn faster than its factor —
an incident that already ended leaves the long window high and the short one clean.

What a pair's long window has spent of the budget follows the SRE Workbook's definition,
budget consumed = burn rate × time ÷ period, where time is the part of the window the SLI
has data for: 72 minutes into a 30-day SLO, a 3-day window burning at 16.7 has spent
16.7 × 72 min ÷ 30 d ≈ 2.8% of the budget, not 16.7 × 3 d ÷ 30 d = 167%.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from kubeloop.telemetry.slo.budget import Objective, budget_consumed
from kubeloop.telemetry.slo.windows import BurnWindow, WindowTable, format_duration


@dataclass(frozen=True)
class PairVerdict:
    window: BurnWindow
    long_burn: float
    short_burn: float
    observed: int | None = None
    """Seconds of data behind the verdict (the clock's time when it was judged); None: the
    whole long window."""

    @property
    def long_span(self) -> int:
        """The part of the long window the SLI has data for."""
        long = self.window.long
        return long if self.observed is None else max(0, min(long, self.observed))

    @property
    def fires(self) -> bool:
        """Both windows above the factor (NaN — no traffic — never fires)."""
        factor = self.window.factor
        return self.long_burn > factor and self.short_burn > factor

    def explain(self, period: int) -> str:
        w = self.window
        span = self.long_span
        spent = budget_consumed(self.long_burn, span, period) if _known(self.long_burn) else 0
        since = f"in the last {format_duration(w.long)}"
        if span < w.long:
            since = f"in the {format_duration(span)} of data so far"
        verdict = "fires" if self.fires else "quiet"
        reason = ""
        if not self.fires:
            quiet = [
                name
                for name, burn in (("long", self.long_burn), ("short", self.short_burn))
                if not burn > w.factor
            ]
            reason = f" ({' and '.join(quiet)} window{'s' if len(quiet) > 1 else ''} under)"
        return (
            f"{w.severity} {w.label} ×{w.factor:g}: burn {_burn(self.long_burn)} over "
            f"{format_duration(w.long)}, {_burn(self.short_burn)} over "
            f"{format_duration(w.short)} — {verdict}{reason}; {spent:.1%} of the budget "
            f"spent {since}"
        )


@dataclass(frozen=True)
class Verdict:
    objective: Objective
    pairs: tuple[PairVerdict, ...]

    def fires(self, severity: str) -> bool:
        return any(p.fires for p in self.pairs if p.window.severity == severity)

    @property
    def pages(self) -> bool:
        return self.fires("page")

    @property
    def tickets(self) -> bool:
        return self.fires("ticket")

    def explain(self) -> str:
        return "\n".join(p.explain(self.objective.period) for p in self.pairs)


def judge(
    objective: Objective,
    windows: WindowTable,
    error_ratio: Callable[[int], float],
    observed: int | None = None,
) -> Verdict:
    """The verdict of every pair; ``error_ratio(seconds)`` is NaN when there is no traffic;
    ``observed``: seconds of data so far (a window longer than that has spent less)."""
    cache: dict[int, float] = {}

    def burn(window: int) -> float:
        if window not in cache:
            cache[window] = objective.burn_rate(error_ratio(window))
        return cache[window]

    return Verdict(
        objective,
        tuple(PairVerdict(w, burn(w.long), burn(w.short), observed) for w in windows.windows),
    )


def _known(value: float) -> bool:
    return not math.isnan(value)


def _burn(value: float) -> str:
    return "none (no traffic)" if math.isnan(value) else f"{value:.4g}"
