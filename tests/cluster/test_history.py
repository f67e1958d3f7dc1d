"""What a cluster keeps of its past: the event TTL, the history's bound, the extremes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop
from kubeloop import Cluster, Deployment, Node
from kubeloop.core import Clock, EventLog
from kubeloop.errors import AlreadyExistsError, InvalidSpecError
from kubeloop.harness.errors import ScenarioAssertionError
from kubeloop.harness.world import World
from kubeloop.steps.cluster import assertions
from tests.conftest import nodes


def test_the_defaults_are_the_apiservers_ttl_and_a_hundred_records() -> None:
    cluster = Cluster(nodes=nodes(2))
    assert cluster.event_ttl == 3600
    cluster.apply(Deployment("web", replicas=1))
    for size in range(2, 120):
        cluster.scale("web", 1 + size % 7)
        cluster.reconcile()
    assert len(cluster.history) == 100 and cluster.history[-1].number == 118


def test_events_expire_an_hour_after_their_last_update_on_the_cluster_clock() -> None:
    cluster = Cluster(nodes=nodes(1))
    cluster.apply(Deployment("web", replicas=1))
    cluster.reconcile_until_stable()
    assert any(e.reason == "Scheduled" for e in cluster.events)
    cluster.advance(3599)
    assert any(e.reason == "Scheduled" for e in cluster.events)
    cluster.advance(1)
    assert cluster.events == []


def test_event_ttl_none_keeps_every_event() -> None:
    cluster = Cluster(nodes=nodes(1), event_ttl=None)
    cluster.apply(Deployment("web", replicas=1))
    cluster.reconcile_until_stable()
    cluster.advance(10**7)
    assert cluster.event_ttl is None and any(e.reason == "Scheduled" for e in cluster.events)


def test_the_cluster_sets_the_ttl_of_the_log_it_is_given() -> None:
    clock = Clock()
    log = EventLog(clock)
    Cluster(clock=clock, events=log, event_ttl=120)
    assert log.ttl == 120


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({"event_ttl": 0}, "event_ttl must be between 1"),
        ({"event_ttl": -1}, "event_ttl must be between 1"),
        ({"event_ttl": 1.5}, "event_ttl must be a whole number"),
        ({"event_ttl": True}, "event_ttl must be a whole number"),
        ({"event_ttl": "1h"}, "event_ttl must be a whole number"),
        ({"event_ttl": 2**70}, "event_ttl must be between 1"),
        ({"history_limit": 0}, "history_limit must be between 1"),
        ({"history_limit": float("inf")}, "history_limit must be a whole number"),
    ],
)
def test_bad_retention_options_are_rejected_by_name(kwargs: dict[str, object], text: str) -> None:
    clock = Clock()
    with pytest.raises(InvalidSpecError, match=text):
        Cluster(clock=clock, **kwargs)  # type: ignore[arg-type]
    assert clock.tasks == ()  # rejected before the cluster put its reconcile on the clock
    with pytest.raises(InvalidSpecError, match=text.split(maxsplit=1)[0]):
        cluster = Cluster()
        setter = cluster.set_event_ttl if "event_ttl" in kwargs else cluster.set_history_limit
        setter(next(iter(kwargs.values())))  # type: ignore[arg-type]


def test_a_cluster_that_fails_to_build_leaves_the_shared_log_alone() -> None:
    clock = Clock()
    log = EventLog(clock)
    with pytest.raises(AlreadyExistsError):
        Cluster([Node("a"), Node("a")], clock=clock, events=log, event_ttl=5)
    assert log.ttl is None


def _churn(cluster: Cluster, sizes: list[int]) -> None:
    for size in sizes:
        cluster.scale("web", size)
        cluster.reconcile_until_stable()
        cluster.advance(15)
        cluster.reconcile()


def test_the_history_keeps_its_latest_records_and_the_extremes_of_every_pass() -> None:
    cluster = Cluster(nodes=nodes(4), history_limit=3)
    cluster.apply(Deployment("web", replicas=2))
    cluster.reconcile_until_stable()
    _churn(cluster, [7, 1, 3, 5, 4])
    history = cluster.history
    assert len(history) == 3
    assert history[-1].number + history[-1].repeats - 1 == cluster._passes.history.passes
    extremes = cluster.extremes("web")
    assert extremes is not None
    assert (extremes.total.high.value, extremes.total.low.value) == (7, 1)
    assert [m.value for m in extremes.total.highs] == [2, 7]
    assert [m.value for m in extremes.total.lows] == [2, 1]
    first_seven = extremes.total.first_above(6)
    assert first_seven is not None and first_seven.number < history[0].number
    assert extremes.total.first_above(7) is None
    assert extremes.ready.low.value == 1 and extremes.ready.high.value == 7
    cluster.set_history_limit(1)
    assert len(cluster.history) == 1
    assert cluster.extremes("web") == extremes


def test_extremes_of_a_deployment_no_pass_has_seen_are_none() -> None:
    cluster = Cluster(nodes=nodes(1))
    cluster.apply(Deployment("web", replicas=1))
    assert cluster.extremes("web") is None
    with pytest.raises(kubeloop.NotFoundError):
        cluster.extremes("api")


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=8), st.integers(1, 4))
def test_extremes_answer_as_a_scan_of_the_whole_history_does(sizes: list[int], limit: int) -> None:
    """Oracle: the same run with every record kept, scanned pass by pass."""
    bounded = Cluster(nodes=nodes(3), history_limit=limit)
    whole = Cluster(nodes=nodes(3), history_limit=None)
    for cluster in (bounded, whole):
        cluster.apply(Deployment("web", replicas=3))
        _churn(cluster, sizes)
    assert len(bounded.history) <= limit
    records = [(r.number, r.deployments["web"]) for r in whole.history if "web" in r.deployments]
    extremes = bounded.extremes("web")
    assert extremes is not None
    for total in ("total", "ready", "updated", "pending"):
        extent = getattr(extremes, total)
        for bound in range(-1, 12):
            below = next((n for n, t in records if getattr(t, total) < bound), None)
            above = next((n for n, t in records if getattr(t, total) > bound), None)
            mark = extent.first_below(bound)
            assert (mark.number if mark else None) == below, (total, bound)
            mark = extent.first_above(bound)
            assert (mark.number if mark else None) == above, (total, bound)


def _world(cluster: Cluster) -> World:
    world = World(kubeloop, "kubeloop", Path("."))
    world._cluster = cluster
    world.settled = True
    return world


def test_at_no_point_names_the_first_pass_even_past_the_history_bound() -> None:
    cluster = Cluster(nodes=nodes(4), history_limit=2)
    cluster.apply(Deployment("web", replicas=2))
    _churn(cluster, [6, 2, 7, 3])
    extremes = cluster.extremes("web")
    assert extremes is not None
    six = extremes.total.first_above(5)
    assert six is not None and six.value == 6 and six.number < cluster.history[0].number
    world = _world(cluster)
    assertions.never_more_pods(world, "web", 7)
    with pytest.raises(ScenarioAssertionError, match=f"saw: 6 after pass {six.number}\\b"):
        assertions.never_more_pods(world, "web", 5)
    low = extremes.ready.first_below(3)
    assert low is not None and low.number < cluster.history[0].number
    assertions.never_fewer_ready(world, "web", 2)
    with pytest.raises(ScenarioAssertionError, match=f"saw: 2 after pass {low.number}\\b"):
        assertions.never_fewer_ready(world, "web", 3)
    assertions.most_pods(world, "web", 7)
    with pytest.raises(ScenarioAssertionError, match="saw: 7, first after pass"):
        assertions.most_pods(world, "web", 6)


def test_a_pass_that_moves_only_the_pending_count_is_recorded() -> None:
    """Pods bound but still starting: total, updated and ready stay, pending drops."""
    cluster = Cluster(nodes=[Node("small", cpu="1", memory="1Gi")])
    cluster.apply(Deployment("web", replicas=3, cpu="2", startup_seconds=30))
    cluster.reconcile_until_stable()
    assert cluster.history[-1].deployments["web"].pending == 3
    cluster.add_node(Node("big", cpu="8", memory="8Gi"))
    cluster.reconcile()
    last = cluster.history[-1]
    assert last.deployments["web"].pending == 0 and last.deployments["web"].ready == 0
    extremes = cluster.extremes("web")
    assert extremes is not None
    drop = extremes.pending.first_below(3)
    assert drop is not None and drop.number == last.number
    assert extremes.total.lows[-1].value == 3 == extremes.total.highs[-1].value
