"""Pods serve only when Ready and within a per-pod capacity; the split follows every pass."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import HPA, Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.links import Links
from kubeloop.links.query_hpa import reporting, requests_query
from kubeloop.telemetry.traffic import Service
from kubeloop.telemetry.traffic_versions import _overloaded, split_by_version


def linked(rps: float, replicas: int = 4) -> tuple[Clock, Cluster, Telemetry, Links]:
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(nodes=[Node(f"node-{i}") for i in (1, 2, 3)], clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=replicas, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    telemetry = Telemetry(clock=clock)
    telemetry.add_service("web", rps)
    links = Links(clock, events, cluster=lambda: cluster, telemetry=lambda: telemetry)
    links.sync()
    return clock, cluster, telemetry, links


def _errors_per_second(service: Service, start: int, end: int) -> Fraction:
    return Fraction(service.view(end).errors - service.view(start).errors, end - start)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    rate=st.integers(0, 10_000),
    pods=st.integers(0, 50),
    capacity=st.integers(0, 500),
    own=st.sampled_from([Fraction(0), Fraction(1, 20), Fraction(1, 2), Fraction(1)]),
)
def test_what_is_beyond_the_capacity_fails_and_the_rest_fails_as_the_version_does(
    rate: int, pods: int, capacity: int, own: Fraction
) -> None:
    ratio = _overloaded(Fraction(rate), pods, Fraction(capacity), own)
    served = min(Fraction(rate), pods * Fraction(capacity))
    assert 0 <= ratio <= 1
    if rate:
        assert rate * (1 - ratio) == served * (1 - own)  # successes: the served part's ones
    assert _overloaded(Fraction(rate), pods, None, own) == own


def test_losing_pods_below_the_capacity_shows_in_the_error_ratio() -> None:
    clock, cluster, telemetry, links = linked(300)
    links.limit("web", 100)
    clock.run_for(60)
    service = telemetry.service("web")
    assert _errors_per_second(service, 0, 60) == 0
    cluster.scale("web", 2)
    clock.run_for(120)
    assert _errors_per_second(service, 120, 180) == 100


def test_a_service_with_no_ready_endpoint_fails_every_request_then_recovers() -> None:
    clock, cluster, telemetry, _ = linked(50, replicas=2)
    clock.run_for(60)
    cluster.scale("web", 0)
    clock.run_for(60)
    service = telemetry.service("web")
    assert _errors_per_second(service, 60, 120) == 50
    cluster.scale("web", 2)
    clock.run_for(60)
    assert _errors_per_second(service, 121, 180) == 0


def test_the_split_follows_every_pass_of_a_rollout_inside_one_step() -> None:
    _, cluster, telemetry, _ = linked(100)
    versions = telemetry.service("web").versions
    assert versions is not None and versions.serving() == {"v1": 4}
    cluster.rolling_update("web", "v2", max_surge=1, max_unavailable=0)
    assert versions.serving() == {"v2": 4}  # no time passed since: a pass re-split it


def test_a_capacity_for_a_missing_deployment_or_a_bad_value_changes_nothing() -> None:
    _, _, _, links = linked(100)
    with pytest.raises(NotFoundError):
        links.limit("nowhere", 10)
    with pytest.raises(InvalidSpecError):
        links.limit("web", -1)
    assert links.traffic.capacity == {}


def test_pods_running_a_version_fail_in_every_service_their_deployment_serves() -> None:
    clock, _, telemetry, links = linked(100)
    telemetry.add_service("shop", 40)
    links.serve("shop", "web")
    assert links.fail_pods_of("v1", 0.25) == ["shop", "web"]
    clock.run_for(60)
    assert _errors_per_second(telemetry.service("web"), 0, 60) == 25
    assert _errors_per_second(telemetry.service("shop"), 0, 60) == 10


def test_pods_that_serve_no_service_cannot_fail_requests() -> None:
    clock = Clock()
    cluster = Cluster(nodes=[Node("node-1")], clock=clock)
    cluster.apply(Deployment("web", replicas=1, cpu="100m"))
    telemetry = Telemetry(clock=clock)
    links = Links(clock, cluster=lambda: cluster, telemetry=lambda: telemetry)
    with pytest.raises(InvalidSpecError, match="no service is served"):
        links.fail_pods_of("v1", 0.5)


def test_the_requests_query_reads_every_service_of_the_deployment() -> None:
    assert requests_query(["web"]) == 'sum(rate(http_requests_total{job="web"}[2m]))'
    assert requests_query(["web", "a.b"]) == (
        'sum(rate(http_requests_total{job=~"a\\\\.b|web"}[2m]))'
    )


def test_an_hpa_on_requests_per_second_scales_to_the_traffic_and_reads_starting_pods() -> None:
    clock, cluster, telemetry, links = linked(100, replicas=2)
    cluster.autoscale("web", HPA(min_replicas=2, max_replicas=10, target=50))
    links.autoscale_on_requests("web")
    clock.run_for(5 * 60)
    assert cluster.deployment("web").replicas == 2
    telemetry.service("web").set_rate(400, clock.now)
    clock.run_for(5 * 60)
    assert cluster.deployment("web").replicas == 8
    assert reporting(cluster, "web") == 8


def test_a_split_with_no_endpoint_needs_versions_first() -> None:
    service = Service("web", 10)
    with pytest.raises(InvalidSpecError, match="at least one version"):
        split_by_version(service, {"v1": 0}, 0)


def test_a_metric_that_goes_missing_holds_the_replicas_and_says_so() -> None:
    clock, cluster, telemetry, links = linked(400, replicas=2)
    cluster.autoscale("web", HPA(min_replicas=1, max_replicas=10, target=50))
    links.autoscale_on("web", 'sum(rate(http_requests_total{job="web"}[2m]))', per_pod=True)
    clock.run_for(5 * 60)
    assert cluster.deployment("web").replicas == 8
    links.autoscale_on("web", "sum(rate(no_such_series[2m]))", per_pod=True)
    telemetry.service("web").set_rate(50, clock.now)
    clock.run_for(10 * 60)
    assert cluster.deployment("web").replicas == 8  # not scaled down on the last value
    conditions = {c.type: c for c in cluster.autoscaler("web").conditions}
    assert conditions["ScalingActive"].status == "False"
    assert any(e.reason == "FailedGetExternalMetric" for e in links.events)
