"""Readiness over time: startup delays, minReadySeconds (IsPodAvailable), and rollouts that
take logical time, stall at 2/4 ready, and hit their progress deadline."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, RolloutStalledError
from kubeloop.errors import InvalidSpecError
from tests.conftest import nodes


def web(cluster: Cluster) -> tuple[int, int]:
    info = cluster.deployment("web")
    return info.ready, info.available


def test_a_pod_turns_ready_after_its_startup_delay() -> None:
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=2, cpu="500m", startup_seconds=30))
    cluster.reconcile_until_stable()
    assert [p.phase for p in cluster.pods()] == ["Running", "Running"]
    assert web(cluster) == (0, 0)
    cluster.run_for(15)
    assert web(cluster) == (0, 0)
    cluster.run_for(15)
    assert web(cluster) == (2, 2)


@pytest.mark.parametrize(
    ("elapsed", "available"),
    [
        (0, 0),
        (9, 0),
        (10, 0),  # Ready exactly minReadySeconds: not yet (strict "before", IsPodAvailable)
        (11, 2),
    ],
)
def test_min_ready_seconds_is_strict(elapsed: int, available: int) -> None:
    cluster = Cluster(nodes=nodes(1))
    cluster.apply(Deployment("web", replicas=2, cpu="500m", min_ready_seconds=10))
    cluster.reconcile_until_stable()
    cluster.advance(elapsed)
    cluster.reconcile()
    assert web(cluster) == (2, available)
    available_condition = cluster.deployment("web").condition("Available")
    assert available_condition is not None
    assert (available_condition.status == "True") == (available == 2)


def test_a_rolling_update_takes_logical_time_and_keeps_availability() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(
        Deployment("web", replicas=4, cpu="500m", startup_seconds=20, min_ready_seconds=5)
    )
    cluster.run_for(60)
    start = cluster.clock
    snapshots = cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    assert cluster.clock - start >= 4 * 26  # four waves of 20 s startup + 6 s available
    assert min(s.ready for s in snapshots) >= 4
    assert max(s.total for s in snapshots) <= 5
    assert {p.version for p in cluster.pods("web")} == {"v2"}


def test_a_rollout_whose_pods_never_become_ready_is_stuck_at_2_of_4() -> None:
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", max_surge=0, max_unavailable=2))
    cluster.reconcile_until_stable()
    cluster.apply(
        Deployment(
            "web",
            replicas=4,
            cpu="500m",
            version="v2",
            max_surge=0,
            max_unavailable=2,
            startup_seconds=None,
        )
    )
    with pytest.raises(RolloutStalledError, match="never becomes ready") as stalled:
        cluster.rolling_update("web", "v2")
    assert stalled.value.snapshots[-1].ready == 2
    assert web(cluster) == (2, 2)
    cluster.run_for(600)
    progressing = cluster.deployment("web").condition("Progressing")
    assert progressing is not None
    assert progressing.status == "True"  # 600 s since the last progress: not yet exceeded
    cluster.run_for(15)
    progressing = cluster.deployment("web").condition("Progressing")
    assert progressing is not None
    assert (progressing.status, progressing.reason) == ("False", "ProgressDeadlineExceeded")


def test_a_slow_start_longer_than_the_deadline_times_the_rollout_out_on_the_way() -> None:
    cluster = Cluster(nodes=nodes(2))
    cluster.apply(Deployment("web", replicas=1, cpu="500m", progress_deadline_seconds=60))
    cluster.reconcile_until_stable()
    cluster.apply(
        Deployment(
            "web",
            replicas=1,
            cpu="500m",
            version="v2",
            progress_deadline_seconds=60,
            startup_seconds=120,
        )
    )
    cluster.rolling_update("web", "v2")
    assert any(e.reason == "ProgressDeadlineExceeded" for e in cluster.events)
    assert {p.version for p in cluster.pods("web")} == {"v2"}


@pytest.mark.parametrize(
    "kwargs",
    [{"min_ready_seconds": -1}, {"startup_seconds": -5}, {"min_ready_seconds": 10**9}],
)
def test_delays_are_bounded(kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidSpecError):
        Deployment("web", **kwargs)  # type: ignore[arg-type]
