"""Scale events stay bounded as ``storeScaleEvent`` keeps them (horizontal_test.go's table)."""

import pytest

from kubeloop import HPA, Behavior, Cluster, Deployment, ScalingPolicy, ScalingRules
from kubeloop.cluster.scale_events import ScaleEvent, ScalingHistory, changes_within
from tests.conftest import nodes

NOW = 10_000


def rules(pods: int, pods_period: int, percent: int, percent_period: int) -> ScalingRules:
    """horizontal_test.go's generateScalingRules (a zero value leaves its policy out)."""
    policies = []
    if pods:
        policies.append(ScalingPolicy("Pods", pods, pods_period))
    if percent:
        policies.append(ScalingPolicy("Percent", percent, percent_period))
    return ScalingRules(0, "Max", tuple(policies))


# TestStoreScaleEvents, every row: (change, age) before, (change, outdated) after.
ROWS = [
    ("empty entries with default behavior", [], [], None, 0),
    ("empty entries with two-policy-behavior", [], [(5, False)], rules(10, 60, 100, 60), 0),
    (
        "one outdated entry to be kept untouched without behavior",
        [(7, 61)],
        [(7, False)],
        None,
        0,
    ),
    (
        "one outdated entry to be replaced with behavior",
        [(7, 61)],
        [(5, False)],
        rules(10, 60, 100, 60),
        0,
    ),
    (
        "one actual entry to be not touched with behavior",
        [(7, 58)],
        [(7, False), (5, False)],
        rules(10, 60, 100, 60),
        7,
    ),
    (
        "two entries, one of them to be replaced",
        [(7, 61), (6, 59)],
        [(5, False), (6, False)],
        rules(10, 60, 0, 0),
        6,
    ),
    (
        "replace one entry, use policies with different periods",
        [(8, 29), (6, 59), (7, 61), (9, 61)],
        [(8, False), (6, False), (7, True), (5, False)],
        rules(10, 60, 100, 30),
        14,
    ),
    (
        "two entries, both actual",
        [(7, 58), (6, 59)],
        [(7, False), (6, False), (5, False)],
        rules(10, 120, 100, 30),
        13,
    ),
]


@pytest.mark.parametrize(("name", "before", "after", "scaling", "within_60"), ROWS)
@pytest.mark.parametrize("up", [True, False])
def test_store_scale_events(
    name: str,
    before: list[tuple[int, int]],
    after: list[tuple[int, bool]],
    scaling: ScalingRules | None,
    within_60: int,
    up: bool,
) -> None:
    events = [ScaleEvent(NOW - age, change) for change, age in before]
    history = ScalingHistory(scale_up=events) if up else ScalingHistory(scale_down=events)
    assert changes_within(events, NOW, 60) == within_60, name
    behavior = None
    if scaling is not None:
        behavior = Behavior(scale_up=scaling) if up else Behavior(scale_down=scaling)
    history.store_scale_event(behavior, 10, 15 if up else 5, NOW)
    stored = history.scale_up if up else history.scale_down
    assert [(e.change, e.outdated) for e in stored] == after, name
    assert (history.scale_down if up else history.scale_up) == [], name


def test_an_event_exactly_the_longest_period_old_is_not_outdated() -> None:
    """``Before(now - period)``: 60 s old against a 60 s period stays, 61 s old is reused."""
    history = ScalingHistory(scale_up=[ScaleEvent(NOW - 60, 3)])
    history.store_scale_event(Behavior(scale_up=rules(4, 60, 0, 0)), 10, 12, NOW)
    assert [(e.time, e.change) for e in history.scale_up] == [(NOW - 60, 3), (NOW, 2)]
    history.store_scale_event(Behavior(scale_up=rules(4, 60, 0, 0)), 12, 13, NOW + 1)
    assert [(e.time, e.change) for e in history.scale_up] == [(NOW + 1, 1), (NOW, 2)]


def test_an_outdated_scale_down_still_counts_for_a_longer_scale_up_period() -> None:
    """Marked events are kept until reused, and getReplicasChangePerPeriod ignores the mark."""
    history = ScalingHistory()
    behavior = Behavior(scale_up=rules(100, 1800, 0, 0), scale_down=rules(1, 60, 0, 0))
    history.store_scale_event(behavior, 10, 9, 0)
    history.store_scale_event(behavior, 9, 8, 61)  # the first one is outdated and reused
    assert [(e.time, e.change) for e in history.scale_down] == [(61, 1)]
    history.store_scale_event(behavior, 8, 7, 62)  # the one at 61 is not yet outdated
    assert changes_within(history.scale_down, 1000, 1800) == 2


def test_hours_of_scaling_keeps_a_bounded_number_of_scale_events() -> None:
    """Scaling up and down every 5 minutes for 8 hours leaves a handful of events, not 100."""
    cluster = Cluster(nodes=nodes(8))
    cluster.apply(Deployment("web", replicas=2, cpu="500m", memory="256Mi"))
    behavior = Behavior(
        scale_up=ScalingRules(0, "Max", (ScalingPolicy("Pods", 2, 60),)),
        scale_down=ScalingRules(0, "Max", (ScalingPolicy("Pods", 2, 120),)),
    )
    cluster.autoscale("web", HPA(min_replicas=2, max_replicas=12, target=50, behavior=behavior))
    cluster.reconcile_until_stable()
    for step in range(8 * 12):
        cluster.set_cpu_utilization("web", 150 if step % 2 else 10)
        cluster.run_for(300)
    history = cluster._autoscaling.records["web"].history
    rescales = sum(1 for e in cluster.events if e.reason == "SuccessfulRescale")
    assert rescales > 0
    assert 0 < len(history.scale_up) <= 2
    assert 0 < len(history.scale_down) <= 2
