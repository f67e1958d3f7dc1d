"""SLO arithmetic: error budget, burn rate, and what a burn rate costs.

The SRE Workbook, chapter 5 ("Alerting on SLOs"):

* error budget B = 1 − SLO; over a period P it allows P × B of full outage
  (99.9% over 30 days: 43 200 min × 0.001 = 43.2 minutes);
* burn rate over a window w = error ratio(w) ÷ B; burn 1 spends the budget exactly by
  the end of the period, burn b exhausts it in P ÷ b;
* the burn rate that spends a fraction f of the budget within w is f × P ÷ w
  (2% in 1 h of 30 days → 14.4).

Everything here is pure arithmetic on floats and whole seconds; the objective is
validated once, in ``Objective``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kubeloop.errors import InvalidSpecError

DAY = 86_400
MAX_PERIOD = 366 * DAY


@dataclass(frozen=True)
class Objective:
    """A target percentage of good events over a rolling period (99.9 over 30 days)."""

    percent: float
    period: int
    """The SLO period in seconds (30 days = 2 592 000)."""

    def __post_init__(self) -> None:
        if not (math.isfinite(self.percent) and 0 < self.percent <= 100):
            raise InvalidSpecError(
                f"an SLO objective must be above 0% and at most 100%, not {self.percent:g}%"
            )
        if not 0 < self.period <= MAX_PERIOD:
            raise InvalidSpecError(
                f"an SLO period must be between 1 second and 366 days, not {self.period} seconds"
            )

    @property
    def target(self) -> float:
        """The objective as a ratio, as Sloth records it (99.9 → 0.9990000000000001)."""
        return self.percent / 100

    @property
    def error_budget(self) -> float:
        """B = 1 − SLO as a ratio, computed as Sloth does: (100 − objective) ÷ 100."""
        return (100 - self.percent) / 100

    @property
    def budget_seconds(self) -> float:
        """The full-outage time the budget allows over the period (P × B)."""
        return self.period * self.error_budget

    def burn_rate(self, error_ratio: float) -> float:
        """Error ratio ÷ B. A 100% objective has no budget: any error burns infinitely."""
        budget = self.error_budget
        if budget == 0:
            return math.nan if math.isnan(error_ratio) or error_ratio == 0 else math.inf
        return error_ratio / budget

    def factor(self, budget_percent: float, window: int) -> float:
        return burn_factor(budget_percent, self.period, window)


def burn_factor(budget_percent: float, period: int, window: int) -> float:
    """The burn rate that spends ``budget_percent`` of the budget within ``window``.

    Sloth's getBurnRateFactor, in its own order of float operations so the factors are
    bit-for-bit the ones it writes (28 days: 13.44, 5.6000000000000005, …).
    """
    hours_required = budget_percent * (period / 3600) / 100
    return hours_required / (window / 3600)


def budget_consumed(burn: float, window: int, period: int) -> float:
    """The fraction of the period's budget a burn rate spends within ``window``."""
    return burn * window / period


def exhaustion_seconds(burn: float, period: int) -> float:
    """How long a full budget lasts at ``burn`` (P ÷ b); infinite when nothing burns."""
    return math.inf if burn <= 0 else period / burn


def detection_seconds(error_ratio: float, budget: float, factor: float, window: int) -> float:
    """When a window's average first exceeds ``factor × budget`` after errors jump to a
    constant ratio (w × θ ÷ e, the Workbook's formula); infinite when it never does."""
    threshold = factor * budget
    if error_ratio <= threshold:
        return math.inf
    return window * threshold / error_ratio


def reset_seconds(error_ratio: float, budget: float, factor: float, window: int) -> float:
    """How long after the errors stop the window's average falls back under the threshold
    (w × (1 − θ ÷ e)); 0 when it never crossed it."""
    threshold = factor * budget
    if error_ratio <= threshold:
        return 0.0
    return window * (1 - threshold / error_ratio)
