"""Rolling an artifact onto the cluster: admitted first, its digest part of the template."""

from __future__ import annotations

import re

import pytest
from linked import passed, to_prod, world

from kubeloop import Deployment
from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.pipeline import AdmissionRefusedError


def _pods(cluster: object) -> list[tuple[str, str | None]]:
    return sorted({(p.version, p.digest) for p in cluster.pods("web")})  # type: ignore[attr-defined]


def test_an_admitted_artifact_rolls_out_under_the_budget_and_the_pods_run_its_digest() -> None:
    _, cluster, pipeline, links = world()
    digest = passed(pipeline, "v2", name="web-2")
    pipeline.promote(digest, "dev")
    pipeline.promote(digest, "staging")
    pipeline.approve(digest, "prod")  # approved ahead: the rollout is what deploys it
    assert pipeline.running("prod") is None
    steps = links.roll_out("web", digest, max_surge=1, max_unavailable=0)
    assert _pods(cluster) == [("v2", digest)]
    assert min(s.ready for s in steps) >= 4 and max(s.total for s in steps) <= 5
    assert cluster.deployment("web").digest == digest
    assert {rs.digest for rs in cluster.replicasets("web")} == {None, digest}
    assert pipeline.running("prod") == digest
    assert pipeline.environment("prod").deployments[-1].how == "deploy"


@pytest.mark.parametrize(
    ("prepare", "reason"),
    [
        ("built", "has no signature"),
        ("passed", "was never promoted: it has not run in staging"),
        ("staging", "was never approved for prod"),
        (
            "approved",
            r"has not run in staging \(its approval for prod lets a promotion from staging "
            r"through; it skips no environment\)",
        ),
    ],
)
def test_a_refused_artifact_fails_with_the_reason_and_changes_nothing(
    prepare: str, reason: str
) -> None:
    _, cluster, pipeline, links = world()
    if prepare == "built":
        digest = pipeline.build({"name": "web", "version": "v2"})
    else:
        digest = passed(pipeline, "v2")
    if prepare == "staging":
        pipeline.promote(digest, "dev")
        pipeline.promote(digest, "staging")
    if prepare == "approved":
        pipeline.approve(digest, "prod")
    before = (_pods(cluster), cluster.deployment_spec("web"), pipeline.running("prod"))
    with pytest.raises(AdmissionRefusedError, match=reason):
        links.roll_out("web", digest)
    cluster.reconcile_until_stable()
    assert (_pods(cluster), cluster.deployment_spec("web"), pipeline.running("prod")) == before
    (status,) = links.rollouts()
    assert status.state == "refused" and re.search(reason, status.reason)


def test_a_copied_signature_is_refused_by_its_claim() -> None:
    _, cluster, pipeline, links = world()
    good = passed(pipeline, "v2")
    copy = pipeline.build({"name": "web", "version": "v3"})
    pipeline.attach_signature(good, copy)
    with pytest.raises(AdmissionRefusedError, match="a copied signature"):
        links.roll_out("web", copy)
    assert _pods(cluster) == [("v1", None)]


def test_two_artifacts_of_one_version_are_two_templates() -> None:
    _, cluster, pipeline, links = world()
    first = passed(pipeline, "v2", name="web")
    second = passed(pipeline, "v2", name="web-copy")
    to_prod(pipeline, first)
    cluster.reconcile_until_stable()
    to_prod(pipeline, second)
    links.roll_out("web", second)
    assert _pods(cluster) == [("v2", second)]
    assert len({rs.name for rs in cluster.replicasets("web")}) == 3


def test_an_environment_linked_elsewhere_or_a_missing_deployment_is_an_error() -> None:
    _, cluster, pipeline, links = world()
    cluster.apply(Deployment("api", replicas=1, cpu="100m", version="v1"))
    digest = passed(pipeline, "v2")
    to_prod(pipeline, digest)
    links.link("prod", "api")
    with pytest.raises(InvalidSpecError, match='prod deploys to "api", not "web"'):
        links.roll_out("web", digest)
    with pytest.raises(NotFoundError):
        links.roll_out("nowhere", digest)
