"""Pipeline → cluster: the digest prod runs rolls the deployment, only once admitted."""

from __future__ import annotations

from dataclasses import replace

from linked import passed, to_prod, versions, world

from kubeloop import Deployment
from kubeloop.links import refusal
from kubeloop.pipeline.definition import PipelineDefinition


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
