"""What an HPA remembers between syncs: its recommendations and its scale events.

Scale events feed the ``behavior`` rate limits, and are kept as ``horizontal.go``'s
``storeScaleEvent`` keeps them, so they stay bounded however long the HPA runs:

- scale-ups and scale-downs are kept apart, each an HPA without ``behavior`` stores none;
- before one is stored, every event of its direction older than that direction's longest
  policy period (``Before(now - period)``: one exactly that old is not) is marked outdated,
  and the new event takes the place of the last outdated one, or is appended when none is.

Marks stay: an outdated event still counts towards a policy of the other direction whose
period is long enough, until a newer event replaces it, exactly as upstream's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubeloop.cluster.scaling_behavior import Behavior, ScalingRules


@dataclass(slots=True)
class ScaleEvent:
    """``timestampedScaleEvent``: replicas added (or removed) by one rescale, at a time."""

    time: int
    change: int
    """How many replicas the rescale added (a scale-up) or removed (a scale-down): > 0."""
    outdated: bool = False


def longest_period(rules: ScalingRules) -> int:
    """``getLongestPolicyPeriod``: 0 for rules without policies."""
    return max((policy.period_seconds for policy in rules.policies), default=0)


def store(events: list[ScaleEvent], rules: ScalingRules, change: int, now: int) -> None:
    """``storeScaleEvent`` for one direction: mark the outdated, reuse the last of them."""
    cutoff = now - longest_period(rules)
    reuse: int | None = None
    for index, event in enumerate(events):
        if event.time < cutoff:
            event.outdated = True
        if event.outdated:
            reuse = index
    fresh = ScaleEvent(now, change)
    if reuse is None:
        events.append(fresh)
    else:
        events[reuse] = fresh


def changes_within(events: Sequence[ScaleEvent], now: int, period: int) -> int:
    """``getReplicasChangePerPeriod``: replicas changed by events after ``now - period``."""
    return sum(event.change for event in events if event.time > now - period)


@dataclass
class ScalingHistory:
    """Recommendations and scale events the HPA remembers, by logical time."""

    recommendations: list[tuple[int, int]] = field(default_factory=list)
    scale_up: list[ScaleEvent] = field(default_factory=list)
    scale_down: list[ScaleEvent] = field(default_factory=list)

    def record_initial(self, current: int, now: int) -> None:
        """``recordInitialRecommendation``: a fresh HPA starts from the current scale."""
        if not self.recommendations:
            self.recommendations.append((now, current))

    def store_scale_event(
        self, behavior: Behavior | None, previous: int, new: int, now: int
    ) -> None:
        """Remember a rescale from ``previous`` to ``new`` replicas (none without behavior)."""
        if behavior is None or new == previous:
            return
        if new > previous:
            store(self.scale_up, behavior.scale_up, new - previous, now)
        else:
            store(self.scale_down, behavior.scale_down, previous - new, now)
