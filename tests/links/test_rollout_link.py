"""Pipeline → cluster: the digest prod runs rolls the deployment, only once admitted."""

from __future__ import annotations

from dataclasses import replace

from kubeloop import Cluster, Deployment, Node
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.links import Links, refusal
from kubeloop.pipeline import Pipeline, TestSummary
from kubeloop.pipeline.definition import PipelineDefinition

GREEN = TestSummary(passed=True, tests=1)


def world(replicas: int = 4, name: str = "web") -> tuple[Clock, Cluster, Pipeline, Links]:
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(
        nodes=[Node(f"node-{i}", cpu="4", memory="8Gi") for i in (1, 2, 3)],
        clock=clock,
        events=events,
    )
    cluster.apply(Deployment(name, replicas=replicas, cpu="500m", memory="256Mi", version="v1"))
    cluster.reconcile_until_stable()
    pipeline = Pipeline(clock=clock, events=events)
    links = Links(clock, events, cluster=lambda: cluster, pipeline=lambda: pipeline)
    links.sync()
    return clock, cluster, pipeline, links


def passed(pipeline: Pipeline, version: str, name: str = "web") -> str:
    digest = pipeline.build({"name": name, "version": version})
    pipeline.record_unit_tests(digest, GREEN)
    pipeline.record_coverage(digest, 100)
    pipeline.record_scan(digest, [])
    pipeline.record_integration_tests(digest, GREEN)
    assert pipeline.run(digest).passed
    return digest


def to_prod(pipeline: Pipeline, digest: str) -> None:
    for env in ("dev", "staging", "prod"):
        pipeline.promote(digest, env)
    pipeline.approve(digest, "prod")


def versions(cluster: Cluster) -> list[str]:
    return sorted({p.version for p in cluster.pods("web")})


def test_an_approved_promotion_rolls_the_deployment_through_its_rollout() -> None:
    _, cluster, pipeline, links = world()
    digest = passed(pipeline, "v2")
    to_prod(pipeline, digest)
    assert cluster.deployment("web").version == "v2"
    assert versions(cluster) == ["v1"]  # the spec changed; the pods move on the next passes
    first = cluster.reconcile()
    assert len(cluster.pods("web")) <= 4 + 1  # maxSurge 25% of 4 rounds up to 1
    assert first.created
    cluster.reconcile_until_stable()
    assert versions(cluster) == ["v2"]
    (status,) = links.rollouts()
    assert (status.environment, status.deployment, status.digest) == ("prod", "web", digest)
    assert (status.version, status.state, status.reason) == ("v2", "admitted", "")


def test_nothing_reaches_the_cluster_before_prod_runs_the_digest() -> None:
    _, cluster, pipeline, links = world()
    digest = passed(pipeline, "v2")
    pipeline.promote(digest, "dev")
    pipeline.promote(digest, "staging")
    assert pipeline.promote(digest, "prod") == "waiting for approval"
    links.sync()
    cluster.reconcile_until_stable()
    assert cluster.deployment("web").version == "v1"
    assert links.rollouts() == ()


def test_a_second_sync_changes_nothing() -> None:
    _, cluster, pipeline, links = world()
    to_prod(pipeline, passed(pipeline, "v2"))
    cluster.reconcile_until_stable()
    before = (cluster.replicasets(), links.rollouts(), len(cluster.events))
    links.sync()
    assert cluster.reconcile().changed is False
    assert (cluster.replicasets(), links.rollouts(), len(cluster.events)) == before


def test_rollback_returns_the_deployment_to_the_known_good_version() -> None:
    _, cluster, pipeline, links = world()
    one = passed(pipeline, "v1")
    two = passed(pipeline, "v2")
    to_prod(pipeline, one)
    to_prod(pipeline, two)
    cluster.reconcile_until_stable()
    assert pipeline.rollback("prod") == one
    cluster.reconcile_until_stable()
    assert versions(cluster) == ["v1"]
    assert links.rollouts()[0].digest == one


def test_a_digest_prod_no_longer_trusts_is_refused_and_the_cluster_is_untouched() -> None:
    _, cluster, pipeline, links = world()
    links.set_auto(False)
    digest = passed(pipeline, "v2")
    to_prod(pipeline, digest)
    definition = pipeline.definition
    pipeline.configure(
        PipelineDefinition(
            keys=(*definition.keys, ("release", "release-2026")),
            environments=tuple(
                replace(e, trusts=("release",)) if e.name == "prod" else e
                for e in definition.environments
            ),
        )
    )
    assert refusal(pipeline, "prod", digest) is not None
    links.link("prod", "web")
    assert cluster.deployment("web").version == "v1"
    (status,) = links.rollouts()
    assert status.state == "refused"
    assert "trusts" in status.reason
    assert [e.reason for e in cluster.events][-1] == "RolloutRefused"


def test_an_explicit_link_to_a_missing_deployment_waits_and_then_rolls() -> None:
    _, cluster, pipeline, links = world()
    links.link("prod", "frontend")
    to_prod(pipeline, passed(pipeline, "v2"))
    assert links.rollouts()[0].state == "waiting"
    cluster.apply(Deployment("frontend", replicas=1, cpu="100m", memory="64Mi"))
    links.sync()
    assert cluster.deployment("frontend").version == "v2"
    assert cluster.deployment("web").version == "v1"


def test_only_the_final_environment_is_linked_by_default() -> None:
    _, cluster, pipeline, links = world()
    digest = passed(pipeline, "v2")
    pipeline.promote(digest, "dev")
    assert cluster.deployment("web").version == "v1"  # dev is not prod
    links.link("dev", "web")
    assert cluster.deployment("web").version == "v2"
