"""A fault per version said before any pod serves ("every pod on v2 fails 30% of
requests", set up before the release) holds from the moment its pods first serve."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kubeloop import Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import InvalidSpecError
from kubeloop.links import Links


def _unsplit() -> tuple[Clock, Cluster, Telemetry, Links]:
    """A service linked to a deployment whose pods are not Ready yet: nothing split."""
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(nodes=[Node(f"node-{i}") for i in (1, 2)], clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=2, cpu="500m", memory="256Mi", version="v1"))
    telemetry = Telemetry(clock=clock)
    telemetry.add_service("web", 100)
    links = Links(clock, events, cluster=lambda: cluster, telemetry=lambda: telemetry)
    return clock, cluster, telemetry, links


def test_a_fault_said_before_any_pod_serves_holds_once_they_do() -> None:
    clock, _, telemetry, links = _unsplit()
    assert telemetry.service("web").versions is None
    assert links.fail_pods_of("v1", 0.25) == ["web"]
    clock.run_for(120)
    versions = telemetry.service("web").versions
    assert versions is not None and versions.failing() == {"v1": 0.25}
    service = telemetry.service("web")
    assert Fraction(service.view(120).errors - service.view(60).errors, 60) == 25


def test_a_fault_on_another_version_leaves_the_serving_one_alone() -> None:
    clock, _, telemetry, links = _unsplit()
    links.fail_pods_of("v2", 0.5)
    clock.run_for(120)
    service = telemetry.service("web")
    assert service.view(120).errors == 0
    assert service.versions is not None and service.versions.failing() == {"v2": 0.5}


def test_a_bad_fault_is_refused_and_nothing_is_held() -> None:
    _, _, _, links = _unsplit()
    with pytest.raises(InvalidSpecError):
        links.fail_pods_of("v2", 1.5)
    with pytest.raises(InvalidSpecError):
        links.fail_pods_of("", 0.5)
    assert links.traffic.faults == {}


def test_a_fault_with_no_traffic_says_to_declare_the_deployments_service() -> None:
    """No service of any deployment's name: no requests to fail, nothing for an SLO to burn
    on; the refusal names the deployment whose service to declare (runs11)."""
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(nodes=[Node("node-1")], clock=clock, events=events)
    cluster.apply(Deployment("ledger", replicas=1, cpu="500m", memory="256Mi", version="v1"))
    telemetry = Telemetry(clock=clock)
    links = Links(clock, events, cluster=lambda: cluster, telemetry=lambda: telemetry)
    with pytest.raises(InvalidSpecError, match='the service "ledger" serves 100 requests'):
        links.fail_pods_of("v1", 0.25)
    assert links.traffic.faults == {}
