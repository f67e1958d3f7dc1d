"""Rows of upstream's horizontal_test.go: conditions, limits and stabilisation (divergences 5-7)."""

from __future__ import annotations

import pytest

from kubeloop import HPA, Behavior, Cluster, Deployment, ScalingPolicy, ScalingRules
from kubeloop.cluster.autoscaling import normalize_legacy, normalize_with_behavior
from kubeloop.cluster.scale_events import ScalingHistory
from tests.conftest import nodes


@pytest.mark.parametrize(
    ("current", "desired", "minimum", "maximum", "converted", "condition"),
    [
        # TestConvertDesiredReplicasWithRules, every row
        (5, 7, 3, 8, 7, "DesiredWithinRange"),  # prenormalized desired replicas within range
        (3, 1, 2, 8, 2, "TooFewReplicas"),  # prenormalized desired replicas < minReplicas
        (1, 0, 0, 10, 0, "DesiredWithinRange"),
        (20, 1000, 1, 10, 10, "TooManyReplicas"),  # maxReplicas < scaleUpLimit
        (3, 1000, 1, 2000, 6, "ScaleUpLimit"),  # scaleUpLimit(3) = max(2×3, 4) < maxReplicas
        # the boundary: maxReplicas equal to the scale-up limit is TooManyReplicas upstream
        (2, 1000, 1, 4, 4, "TooManyReplicas"),
    ],
)
def test_convert_desired_replicas_with_rules(
    current: int, desired: int, minimum: int, maximum: int, converted: int, condition: str
) -> None:
    hpa = HPA(min_replicas=minimum, max_replicas=maximum, target=50)
    result = normalize_legacy(hpa, current, desired, 0, ScalingHistory())
    assert (result.replicas, result.reason) == (converted, condition)


def test_limit_messages_are_upstreams_sentences() -> None:
    hpa = HPA(min_replicas=1, max_replicas=10, target=50)
    result = normalize_legacy(hpa, 20, 1000, 0, ScalingHistory())
    assert result.message == "the desired replica count is more than the maximum replica count"
    low = normalize_legacy(HPA(min_replicas=2, max_replicas=8), 3, 1, 0, ScalingHistory())
    assert low.message == "the desired replica count is less than the minimum replica count"


@pytest.mark.parametrize(
    ("name", "recommendations", "proposal", "stabilized"),
    [
        # TestNormalizeDesiredReplicas (ages in seconds before now = 1000)
        ("empty log", [], 5, 5),
        ("stabilize", [(-120, 4), (-60, 5)], 3, 5),
        ("no stabilize", [(-120, 1), (-60, 2)], 3, 3),
        ("no stabilize - old recommendations", [(-600, 10), (-540, 9)], 3, 3),
        ("stabilize - old recommendations", [(-600, 10), (-60, 4), (-120, 5), (-540, 9)], 3, 5),
        # Before(cutoff) is strict: a sample exactly 300 s old still counts
        ("exactly at the window's edge", [(-300, 7)], 3, 7),
        ("just past the window's edge", [(-301, 7)], 3, 3),
    ],
)
def test_legacy_stabilisation(
    name: str, recommendations: list[tuple[int, int]], proposal: int, stabilized: int
) -> None:
    history = ScalingHistory([(1000 + age, r) for age, r in recommendations])
    hpa = HPA(min_replicas=1, max_replicas=100, target=50)
    result = normalize_legacy(hpa, 10, proposal, 1000, history)
    assert result.replicas == stabilized, name
    expected = "ScaleDownStabilized" if stabilized != proposal else "ReadyForNewScale"
    assert result.stabilized == expected


def _rules(pods: int = 0, percent: int = 0) -> ScalingRules:
    policies = []
    if pods:
        policies.append(ScalingPolicy("Pods", pods, 15))
    if percent:
        policies.append(ScalingPolicy("Percent", percent, 15))
    return ScalingRules(0, "Max", tuple(policies))


@pytest.mark.parametrize(
    ("current", "proposal", "minimum", "maximum", "behavior", "replicas", "reason"),
    [
        # the rate limit equal to maxReplicas: upstream reports TooManyReplicas
        (10, 50, 1, 20, Behavior(), 20, "TooManyReplicas"),
        (10, 50, 1, 21, Behavior(), 20, "ScaleUpLimit"),
        # the rate limit equal to minReplicas: TooFewReplicas
        (10, 1, 5, 100, Behavior(scale_down=_rules(pods=5)), 5, "TooFewReplicas"),
        (10, 1, 4, 100, Behavior(scale_down=_rules(pods=5)), 5, "ScaleDownLimit"),
        # TestScaleRate "scaleDown with spec MinReplicas limitation with large rate.Percent"
        (10, 2, 5, 1000, Behavior(scale_down=_rules(percent=100)), 5, "TooFewReplicas"),
        # "scaleUp with spec MaxReplicas limitation with large rate.Pods"
        (10, 50, 1, 1000, Behavior(scale_up=_rules(pods=100)), 50, "DesiredWithinRange"),
    ],
)
def test_behavior_limit_reasons(
    current: int,
    proposal: int,
    minimum: int,
    maximum: int,
    behavior: Behavior,
    replicas: int,
    reason: str,
) -> None:
    hpa = HPA(min_replicas=minimum, max_replicas=maximum, target=50, behavior=behavior)
    result = normalize_with_behavior(hpa, behavior, current, proposal, 0, ScalingHistory())
    assert (result.replicas, result.reason) == (replicas, reason)


def _conditions(cluster: Cluster) -> dict[str, tuple[str, str, str]]:
    return {c.type: (c.status, c.reason, c.message) for c in cluster.autoscaler("web").conditions}


def test_a_fresh_hpa_holds_the_current_scale_for_the_window() -> None:
    """recordInitialRecommendation: 4 replicas at 10% stay 4 for 300 s, then drop."""
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.autoscale("web", HPA(min_replicas=1, max_replicas=10, target=50))
    cluster.set_cpu_utilization("web", 10)
    cluster.run_for(300)
    assert cluster.deployment("web").replicas == 4
    able = _conditions(cluster)["AbleToScale"]
    assert able[:2] == ("True", "ScaleDownStabilized")
    assert able[2].startswith("recent recommendations were higher than current one")
    cluster.run_for(15)
    assert cluster.deployment("web").replicas == 1
    assert _conditions(cluster)["AbleToScale"] == (
        "True",
        "SucceededRescale",
        "the HPA controller was able to update the target scale to 1",
    )


def test_scaling_limited_carries_upstreams_sentence() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.autoscale("web", HPA(min_replicas=1, max_replicas=5, target=50))
    cluster.set_cpu_utilization("web", 200)
    cluster.reconcile()
    assert cluster.deployment("web").replicas == 5
    assert _conditions(cluster)["ScalingLimited"] == (
        "True",
        "TooManyReplicas",
        "the desired replica count is more than the maximum replica count",
    )
    assert _conditions(cluster)["AbleToScale"][1] == "SucceededRescale"
