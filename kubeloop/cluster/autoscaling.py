"""The Horizontal Pod Autoscaler's arithmetic (``replica_calculator.go``, ``horizontal.go``).

``HPA.desired_replicas`` is the pure core: ceil(current × value/target), held steady
inside the tolerance band (inclusive on both sides, as since Kubernetes 1.33) and
clamped to [min, max]. The ratio is computed with exact fractions, so 55/50 against a
10% tolerance is exactly on the boundary and holds, whatever floats would say.
The stabilisation window and scaling policies act on top of it, on the logical clock.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from kubeloop.cluster import arguments
from kubeloop.cluster.scale_events import ScalingHistory, changes_within
from kubeloop.cluster.scaling_behavior import (
    Behavior,
    ScalingRules,
)
from kubeloop.core.conditions import Condition
from kubeloop.errors import InvalidSpecError

DEFAULT_DOWNSCALE_WINDOW = 300
SYNC_PERIOD = 15


def _exact(value: int | float) -> Fraction:
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True)
class HPA:
    """A HorizontalPodAutoscaler targeting average CPU utilisation (percent of request)."""

    min_replicas: int = 1
    max_replicas: int = 10
    target: int | float = 80
    tolerance: float = 0.1
    behavior: Behavior | None = None

    def __post_init__(self) -> None:
        arguments.whole(self.min_replicas, "minReplicas")
        arguments.whole(self.max_replicas, "maxReplicas")
        arguments.number(self.target, "the target utilization", high=1e9)
        arguments.number(self.tolerance, "tolerance", high=1)
        if self.behavior is not None:
            arguments.instance(self.behavior, Behavior, "behavior")
        if self.min_replicas < 0:
            raise InvalidSpecError("minReplicas must be greater than or equal to 0")
        if self.max_replicas < 1:
            raise InvalidSpecError("maxReplicas must be greater than or equal to 1")
        if self.min_replicas > self.max_replicas:
            raise InvalidSpecError(
                f"minReplicas ({self.min_replicas}) must be less than or equal to "
                f"maxReplicas ({self.max_replicas})"
            )
        if self.target <= 0:
            raise InvalidSpecError("the target utilization must be greater than 0")
        if not 0 <= self.tolerance < 1:
            raise InvalidSpecError("tolerance must be in [0, 1)")

    def within_tolerance(self, current_value: int | float) -> bool:
        arguments.number(current_value, "the metric value", high=1e15)
        ratio = _exact(current_value) / _exact(self.target)
        tolerance = _exact(self.tolerance)
        return 1 - tolerance <= ratio <= 1 + tolerance

    def recommend(self, current_replicas: int, current_value: int | float) -> int:
        """The metric's proposal before clamping: current inside the band, else the formula."""
        if self.within_tolerance(current_value):
            return current_replicas
        return math.ceil(current_replicas * _exact(current_value) / _exact(self.target))

    def desired_replicas(self, current_replicas: int, current_value: int | float) -> int:
        """Replicas the HPA asks for; 0 replicas stay 0 (no scaling from zero)."""
        arguments.whole(current_replicas, "current replicas", low=-arguments.INT32_MAX)
        arguments.number(current_value, "the metric value", low=-1e15, high=1e15)
        if current_replicas < 0 or current_value < 0:
            raise InvalidSpecError("replicas and the metric value must not be negative")
        if current_replicas == 0 and self.min_replicas != 0:
            return 0
        if current_replicas > self.max_replicas:
            return self.max_replicas
        if current_replicas < self.min_replicas:
            return self.min_replicas
        proposal = self.recommend(current_replicas, current_value)
        return max(self.min_replicas, min(self.max_replicas, proposal))


_LIMITS = {
    "ScaleUpLimit": "the desired replica count is increasing faster than the maximum scale rate",
    "ScaleDownLimit": "the desired replica count is decreasing faster than the maximum scale rate",
    "TooManyReplicas": "the desired replica count is more than the maximum replica count",
    "TooFewReplicas": "the desired replica count is less than the minimum replica count",
    "DesiredWithinRange": "the desired count is within the acceptable range",
}
_STABILIZED = {
    "ScaleUpStabilized": "recent recommendations were lower than current one, "
    "applying the lowest recent recommendation",
    "ScaleDownStabilized": "recent recommendations were higher than current one, "
    "applying the highest recent recommendation",
    "ReadyForNewScale": "recommended size matches current size",
}


@dataclass(frozen=True)
class Normalized:
    """The scale after normalisation, with the ScalingLimited and AbleToScale reasons."""

    replicas: int
    reason: str
    """ScalingLimited's reason: DesiredWithinRange, or the limit that clipped the scale."""
    stabilized: str = "ReadyForNewScale"
    """AbleToScale's reason: ReadyForNewScale or Scale{Up,Down}Stabilized."""

    @property
    def limited(self) -> bool:
        return self.reason != "DesiredWithinRange"

    @property
    def message(self) -> str:
        return _LIMITS[self.reason]

    @property
    def stabilized_message(self) -> str:
        return _STABILIZED[self.stabilized]


def normalize_legacy(
    hpa: HPA, current: int, proposal: int, now: int, history: ScalingHistory
) -> Normalized:
    """No ``behavior``: highest recommendation of the last 5 min, at most max(2×current, 4).

    A sample exactly 300 s old still counts (upstream drops only those ``Before(cutoff)``).
    """
    cutoff = now - DEFAULT_DOWNSCALE_WINDOW
    kept = [(t, r) for t, r in history.recommendations if t >= cutoff]
    stabilized = max([proposal, *(r for _, r in kept)])
    history.recommendations[:] = [*kept, (now, proposal)]
    settled = "ScaleDownStabilized" if stabilized != proposal else "ReadyForNewScale"
    scale_up_limit = max(2 * current, 4)
    if hpa.max_replicas > scale_up_limit:
        upper, limit = scale_up_limit, "ScaleUpLimit"
    else:
        upper, limit = hpa.max_replicas, "TooManyReplicas"
    if stabilized < hpa.min_replicas:
        return Normalized(hpa.min_replicas, "TooFewReplicas", settled)
    if stabilized > upper:
        return Normalized(upper, limit, settled)
    return Normalized(stabilized, "DesiredWithinRange", settled)


def normalize_with_behavior(
    hpa: HPA, behavior: Behavior, current: int, proposal: int, now: int, history: ScalingHistory
) -> Normalized:
    """``normalizeDesiredReplicasWithBehaviors``: stabilise, rate-limit, clamp."""
    up_window = behavior.scale_up.stabilization_window_seconds or 0
    down_window = behavior.scale_down.stabilization_window_seconds
    if down_window is None:
        down_window = DEFAULT_DOWNSCALE_WINDOW
    up_rec = min([proposal, *_within(history.recommendations, now, up_window)])
    down_rec = max([proposal, *_within(history.recommendations, now, down_window)])
    stabilized = min(max(current, up_rec), down_rec)
    settled = "ReadyForNewScale"
    if stabilized != proposal:
        settled = "ScaleUpStabilized" if proposal >= current else "ScaleDownStabilized"
    history.recommendations.append((now, proposal))
    longest = max(up_window, down_window)
    history.recommendations[:] = [(t, r) for t, r in history.recommendations if t >= now - longest]
    if stabilized > current:
        up_limit = _rate_limit(behavior.scale_up, current, now, history, up=True)
        if hpa.max_replicas > up_limit:
            upper, limit = up_limit, "ScaleUpLimit"
        else:
            upper, limit = hpa.max_replicas, "TooManyReplicas"
        if stabilized > upper:
            return Normalized(upper, limit, settled)
    elif stabilized < current:
        down_limit = _rate_limit(behavior.scale_down, current, now, history, up=False)
        if hpa.min_replicas < down_limit:
            lower, limit = down_limit, "ScaleDownLimit"
        else:
            lower, limit = hpa.min_replicas, "TooFewReplicas"
        if stabilized < lower:
            return Normalized(lower, limit, settled)
    return Normalized(stabilized, "DesiredWithinRange", settled)


def _within(samples: list[tuple[int, int]], now: int, window: int) -> list[int]:
    return [r for t, r in samples if t > now - window] if window > 0 else []


def _rate_limit(
    rules: ScalingRules, current: int, now: int, history: ScalingHistory, up: bool
) -> int:
    """``calculateScale{Up,Down}LimitWithScalingRules``, one rule for both directions.

    Each policy limits the change from the replicas at the start of its period; Max picks
    the policy that allows the most change, Min the least. Growing rounds a percentage up,
    shrinking truncates it, as upstream does.
    """
    if rules.select_policy == "Disabled" or not rules.policies:
        return current
    sign = 1 if up else -1
    limits = []
    for policy in rules.policies:
        period = policy.period_seconds
        added = changes_within(history.scale_up, now, period)
        start = current - added + changes_within(history.scale_down, now, period)
        if policy.type == "Pods":
            limits.append(start + sign * policy.value)
        else:
            scaled = start * (1 + sign * Fraction(policy.value, 100))
            limits.append(math.ceil(scaled) if up else int(scaled))
    chosen = (max if (rules.select_policy == "Max") == up else min)(limits)
    return max(chosen, current) if up else min(chosen, current)


@dataclass(frozen=True, slots=True)
class AutoscalerInfo:
    deployment: str
    min_replicas: int
    max_replicas: int
    target: int | float
    current_replicas: int
    observed_utilization: int | None
    recommendation: int | None
    """What the last sync recommended (after stabilization and behavior), None before one."""
    conditions: tuple[Condition, ...]
    desired: int | None = None
    """The formula's answer for what the HPA observes now (before stabilization and
    behavior): ``ceil(current × utilization / target)`` clamped, None without a metric."""
