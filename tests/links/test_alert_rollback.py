"""Telemetry → pipeline: a firing page rolls an environment back once per firing."""

from __future__ import annotations

import pytest
from linked import passed, to_prod, versions

from kubeloop import Cluster, Deployment, Node
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import NotFoundError
from kubeloop.links import Links
from kubeloop.pipeline import Pipeline


class Pager:
    """Stands in for the telemetry engine: the page's state is whatever the test sets."""

    evaluation_interval = 60

    def __init__(self) -> None:
        self.state = "inactive"
        self.known = {"availability"}

    def slo_alert_state(self, name: str, severity: str) -> str:
        if name not in self.known:
            raise NotFoundError("SLO", name, sorted(self.known))
        assert severity == "page"
        return self.state

    def alert_state(self, name: str) -> str:
        return self.slo_alert_state(name, "page")

    def services(self) -> tuple[str, ...]:
        return ()


def setup(releases: int) -> tuple[Clock, Pipeline, Pager, Links, list[str]]:
    clock = Clock()
    events = EventLog(clock)
    pipeline = Pipeline(clock=clock, events=events)
    digests = [passed(pipeline, f"v{i}") for i in range(1, releases + 1)]
    for digest in digests:
        to_prod(pipeline, digest)
    pager = Pager()
    links = Links(clock, events, pipeline=lambda: pipeline, telemetry=lambda: pager)
    links.roll_back_on("slo", "availability", "prod")
    return clock, pipeline, pager, links, digests


def test_a_firing_page_rolls_back_at_the_next_evaluation_and_only_once() -> None:
    clock, pipeline, pager, links, (one, two, _three) = setup(3)
    clock.run_for(120)
    assert links.alert_rollbacks() == ()
    pager.state = "firing"
    clock.run_for(59)
    assert links.alert_rollbacks() == ()  # not yet evaluated
    clock.run_for(1)
    assert pipeline.running("prod") == two
    clock.run_for(600)  # still firing: no second rollback down the history
    assert pipeline.running("prod") == two
    (made,) = links.alert_rollbacks()
    assert (made.time, made.rolled_to, made.rule.name) == (180, two, "availability")
    assert [d.how for d in pipeline.environment("prod").deployments][-1] == "rollback"
    assert "RolledBackByAlert" in [e.reason for e in pipeline.events]
    pager.state = "pending"
    clock.run_for(60)
    pager.state = "firing"
    clock.run_for(60)  # a new firing acts again
    assert pipeline.running("prod") == one
    assert len(links.alert_rollbacks()) == 2


def test_a_refused_rollback_is_recorded_once_and_changes_nothing() -> None:
    clock, pipeline, pager, links, _ = setup(1)
    pager.state = "firing"
    before = pipeline.environment("prod")
    clock.run_for(600)
    assert pipeline.environment("prod") == before
    (failed,) = links.alert_rollbacks()
    assert failed.rolled_to is None
    assert "no previous known-good digest" in failed.reason
    reasons = [e.reason for e in pipeline.events]
    assert reasons.count("AlertRollbackFailed") == 1


def test_a_rule_naming_an_slo_alert_or_environment_that_does_not_exist_is_refused() -> None:
    clock, pipeline, pager, links, (one, _two) = setup(2)
    for kind, name, environment, missing in (
        ("slo", "latency", "prod", 'SLO "latency" not found'),
        ("alert", "Ghost", "prod", 'SLO "Ghost" not found'),
        ("slo", "availability", "qa", 'environment "qa" not found'),
    ):
        with pytest.raises(NotFoundError, match=missing):
            links.roll_back_on(kind, name, environment)  # type: ignore[arg-type]
    pager.state = "firing"
    clock.run_for(600)
    assert [r.name for r in links.alerts.rules] == ["availability"]
    assert pipeline.running("prod") == one


def test_with_no_earlier_release_the_deployment_goes_back_to_its_stable_version() -> None:
    """Argo Rollouts' abort: the rollout returns to the stable ReplicaSet (what the cluster
    ran before the pipeline's first rollout) and the environment keeps naming the release;
    a later release rolls on from there."""
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(nodes=[Node("node-1", cpu="4", memory="8Gi")], clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=2, cpu="500m", memory="256Mi", version="v1"))
    pipeline, pager = Pipeline(clock=clock, events=events), Pager()
    links = Links(
        clock, events, cluster=lambda: cluster, pipeline=lambda: pipeline, telemetry=lambda: pager
    )
    links.roll_back_on("slo", "availability", "prod")
    bad = passed(pipeline, "v2")
    to_prod(pipeline, bad)
    clock.run_for(120)
    assert versions(cluster) == ["v2"]
    pager.state = "firing"
    clock.run_for(300)
    assert versions(cluster) == ["v1"] and pipeline.running("prod") == bad
    (made,) = links.alert_rollbacks()
    assert (made.rolled_to, made.to_stable, made.made) == (None, "v1", True)
    assert [s.state for s in links.rollouts()] == ["aborted"]
    pager.state = "inactive"
    fixed = passed(pipeline, "v3")
    to_prod(pipeline, fixed)
    clock.run_for(300)
    assert versions(cluster) == ["v3"]
