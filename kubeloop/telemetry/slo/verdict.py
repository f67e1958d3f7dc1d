"""Why an SLO pages or stays quiet, in numbers and in words.

Given the error ratio over any window (a callable, so the caller decides how it is
measured), ``judge`` computes the burn rate over each pair's long and short windows and
says which pairs fire: a pair fires only when both windows burn faster than its factor —
an incident that already ended leaves the long window high and the short one clean.
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

    @property
    def fires(self) -> bool:
        """Both windows above the factor (NaN — no traffic — never fires)."""
        factor = self.window.factor
        return self.long_burn > factor and self.short_burn > factor

    def explain(self, period: int) -> str:
        w = self.window
        spent = budget_consumed(self.long_burn, w.long, period) if _known(self.long_burn) else 0
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
            f"spent in the last {format_duration(w.long)}"
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
    objective: Objective, windows: WindowTable, error_ratio: Callable[[int], float]
) -> Verdict:
    """The verdict of every pair; ``error_ratio(seconds)`` is NaN when there is no traffic."""
    cache: dict[int, float] = {}

    def burn(window: int) -> float:
        if window not in cache:
            cache[window] = objective.burn_rate(error_ratio(window))
        return cache[window]

    return Verdict(
        objective, tuple(PairVerdict(w, burn(w.long), burn(w.short)) for w in windows.windows)
    )


def _known(value: float) -> bool:
    return not math.isnan(value)


def _burn(value: float) -> str:
    return "none (no traffic)" if math.isnan(value) else f"{value:.4g}"
