"""HPA arithmetic: the formula, the tolerance band, and horizontal_test.go's rule tables."""

import pytest

from kubeloop import HPA, Behavior, ScalingPolicy, ScalingRules
from kubeloop.cluster.autoscaling import normalize_legacy, normalize_with_behavior
from kubeloop.cluster.scale_events import ScaleEvent, ScalingHistory
from kubeloop.errors import InvalidSpecError


@pytest.mark.parametrize(
    ("minimum", "maximum", "target", "current", "value", "desired"),
    [
        (1, 10, 50, 4, 90, 8),  # ceil(4 × 1.8)
        (1, 10, 50, 4, 50, 4),
        (1, 10, 50, 4, 55, 4),  # exactly on the +10% boundary: hold
        (1, 10, 50, 4, 45, 4),  # exactly on the -10% boundary: hold
        (1, 10, 50, 4, 56, 5),  # just outside: ceil(4.48)
        (1, 10, 100, 10, 110, 10),  # 1.33+: the boundary is inclusive, floats or not
        (1, 10, 30, 3, 50, 5),  # TestReplicaCalcScaleUp
        (1, 10, 50, 5, 28, 3),  # TestReplicaCalcScaleDown
        (1, 10, 50, 4, 500, 10),  # clamped to max
        (2, 10, 50, 4, 5, 2),  # clamped to min
        (1, 10, 50, 0, 90, 0),  # no scaling from zero
        (1, 5, 50, 8, 50, 5),  # above max: max
        (3, 10, 50, 1, 50, 3),  # below min: min
    ],
)
def test_desired_replicas(
    minimum: int, maximum: int, target: int, current: int, value: int, desired: int
) -> None:
    hpa = HPA(min_replicas=minimum, max_replicas=maximum, target=target)
    assert hpa.desired_replicas(current_replicas=current, current_value=value) == desired


@pytest.mark.parametrize(
    "kwargs", [{"min_replicas": 5, "max_replicas": 2}, {"target": 0}, {"max_replicas": 0}]
)
def test_invalid_hpa(kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidSpecError):
        HPA(**kwargs)


def rules(
    pods: int, pods_period: int, percent: int, percent_period: int, window: int = 0
) -> ScalingRules:
    policies = []
    if pods:
        policies.append(ScalingPolicy("Pods", pods, pods_period))
    if percent:
        policies.append(ScalingPolicy("Percent", percent, percent_period))
    return ScalingRules(window, "Max", tuple(policies))


def _history(events: list[tuple[int, int]]) -> ScalingHistory:
    """Scale events given as (time, replicas added, negative when removed)."""
    return ScalingHistory(
        scale_up=[ScaleEvent(t, delta) for t, delta in events if delta > 0],
        scale_down=[ScaleEvent(t, -delta) for t, delta in events if delta < 0],
    )


@pytest.mark.parametrize(
    ("current", "proposal", "maximum", "up", "events", "expected", "reason"),
    [
        (10, 50, 1000, rules(4, 15, 100, 15), [], 20, "ScaleUpLimit"),
        (10, 500, 1000, rules(100, 15, 100, 15), [], 110, "ScaleUpLimit"),
        (10, 500, 1000, rules(2, 15, 100, 15), [], 20, "ScaleUpLimit"),
        (10, 50, 1000, rules(0, 0, 200, 15), [], 30, "ScaleUpLimit"),
        (20, 1000, 10, rules(4, 15, 100, 15), [], 10, "TooManyReplicas"),
        (100, 500, 1000, rules(150, 120, 0, 0), [(-10, 15)], 235, "ScaleUpLimit"),
    ],
)
def test_scale_up_rules(
    current: int,
    proposal: int,
    maximum: int,
    up: ScalingRules,
    events: list[tuple[int, int]],
    expected: int,
    reason: str,
) -> None:
    hpa = HPA(min_replicas=1, max_replicas=maximum, target=50)
    history = _history(events)
    behavior = Behavior(scale_up=up)
    result = normalize_with_behavior(hpa, behavior, current, proposal, 0, history)
    assert (result.replicas, result.reason) == (expected, reason)


@pytest.mark.parametrize(
    ("current", "proposal", "down", "events", "expected"),
    [
        (100, 2, rules(2, 15, 1, 15), [], 98),
        (100, 2, rules(20, 15, 1, 15), [], 80),
        (100, 0, rules(0, 0, 50, 120), [(-10, -12)], 56),
        (100, 0, rules(0, 0, 10, 120), [(-10, -30)], 100),
    ],
)
def test_scale_down_rules(
    current: int, proposal: int, down: ScalingRules, events: list[tuple[int, int]], expected: int
) -> None:
    hpa = HPA(min_replicas=0, max_replicas=1000, target=50)
    history = _history(events)
    result = normalize_with_behavior(hpa, Behavior(scale_down=down), current, proposal, 0, history)
    assert result.replicas == expected


def test_prenormalized_below_min_is_raised_to_min() -> None:
    hpa = HPA(min_replicas=2, max_replicas=8, target=50)
    result = normalize_with_behavior(hpa, Behavior(), 3, 1, 0, ScalingHistory())
    assert (result.replicas, result.reason) == (2, "TooFewReplicas")


def test_legacy_stabilisation_keeps_the_highest_recent_recommendation() -> None:
    hpa = HPA(min_replicas=1, max_replicas=20, target=50)
    history = ScalingHistory(recommendations=[(0, 10), (60, 8), (120, 6)])
    held = normalize_legacy(hpa, 10, 4, 200, history)
    assert (held.replicas, held.stabilized) == (10, "ScaleDownStabilized")
    later = normalize_legacy(hpa, 10, 4, 600, history)
    assert later.replicas == 4


def test_legacy_scale_up_is_capped_at_double_or_four() -> None:
    hpa = HPA(min_replicas=1, max_replicas=100, target=50)
    assert normalize_legacy(hpa, 3, 50, 0, ScalingHistory()).replicas == 6
    assert normalize_legacy(hpa, 1, 50, 0, ScalingHistory()).replicas == 4
