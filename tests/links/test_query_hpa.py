"""Telemetry → cluster: a PromQL query is the HPA's metric; the formula stays upstream's."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from kubeloop import HPA, Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import KubeloopError, NotFoundError
from kubeloop.links import Links


def setup(rps: float, replicas: int = 2) -> tuple[Clock, Cluster, Telemetry, Links]:
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(nodes=[Node(f"node-{i}") for i in (1, 2, 3)], clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=replicas, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    telemetry = Telemetry(clock=clock)
    telemetry.add_service("web", rps)
    cluster.autoscale("web", HPA(min_replicas=1, max_replicas=20, target=50))
    links = Links(clock, events, cluster=lambda: cluster, telemetry=lambda: telemetry)
    return clock, cluster, telemetry, links


TOTAL = 'sum(rate(http_requests_total{job="web"}[2m]))'


@pytest.mark.parametrize("rps", [60, 200, 330, 510])
def test_per_pod_settles_where_each_pod_serves_the_target(rps: int) -> None:
    clock, cluster, _, links = setup(rps)
    links.autoscale_on("web", TOTAL, per_pod=True)
    clock.run_for(15 * 60)
    replicas = cluster.deployment("web").replicas
    # the oracle: a fixed point of ceil(r × (rps / r) / 50) with the 10% tolerance band
    assert replicas == math.ceil(rps / 50) or abs(Fraction(rps, replicas * 50) - 1) <= Fraction(
        1, 10
    )
    (metric,) = links.query_metrics()
    assert metric.value == pytest.approx(rps / cluster.deployment("web").ready)


def test_a_value_used_as_is_keeps_growing_while_it_stays_above_target() -> None:
    clock, cluster, _, links = setup(200)
    links.autoscale_on("web", TOTAL)  # 200 "per pod" however many pods: grows to the max
    clock.run_for(5 * 60)
    assert cluster.deployment("web").replicas == 20


def test_no_value_feeds_nothing_and_warns_once() -> None:
    clock, cluster, _, links = setup(200)
    links.autoscale_on("web", 'sum(rate(http_requests_total{job="gone"}[2m]))')
    clock.run_for(5 * 60)
    assert cluster.deployment("web").replicas == 2
    (metric,) = links.query_metrics()
    assert (metric.value, metric.problem) == (None, "the query returned no value")
    warnings = [e for e in cluster.events if e.reason == "FailedGetExternalMetric"]
    assert len(warnings) == 1


def test_bad_input_is_refused_before_anything_changes() -> None:
    _, _, _, links = setup(10)
    with pytest.raises(KubeloopError):
        links.autoscale_on("web", "sum(rate(")
    with pytest.raises(NotFoundError):
        links.autoscale_on("api", TOTAL)
    assert links.query_metrics() == ()
