"""Signing, verify-before-deploy, promotion, approval and rollback through the façade."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.pipeline import (
    EnvironmentSpec,
    Finding,
    Pipeline,
    PipelineDefinition,
    PromotionRefusedError,
    RollbackError,
    TestSummary,
    VerificationError,
)
from kubeloop.pipeline.signing import SigningKey, verify


def passing(pipeline: Pipeline, version: str) -> str:
    digest = pipeline.build({"name": "web", "version": version})
    pipeline.record_unit_tests(digest, TestSummary(True))
    pipeline.record_coverage(digest, 95)
    pipeline.record_scan(digest, [])
    pipeline.record_integration_tests(digest, TestSummary(True))
    assert pipeline.run(digest).passed
    return digest


def to_prod(pipeline: Pipeline, digest: str) -> None:
    pipeline.promote(digest, "dev")
    pipeline.promote(digest, "staging")
    assert pipeline.promote(digest, "prod") == "waiting for approval"
    assert pipeline.approve(digest, "prod") == "deployed"


def test_keys_and_signatures_are_deterministic_from_the_seed() -> None:
    one, two = SigningKey.from_seed("ci", "seed"), SigningKey.from_seed("other-name", "seed")
    assert one.public_key.public == two.public_key.public
    digest = "sha256:" + "a" * 64
    assert one.sign(digest, "web") == SigningKey.from_seed("ci", "seed").sign(digest, "web")
    assert SigningKey.from_seed("ci", "seed2").public_key.key_id != one.public_key.key_id


def test_verify_checks_trust_then_signature_then_claim() -> None:
    key = SigningKey.from_seed("ci", "seed")
    trusted = {key.public_key.key_id: key.public_key}
    a, b = "sha256:" + "a" * 64, "sha256:" + "b" * 64
    good = key.sign(a, "web")
    assert verify(a, good, trusted) is None
    assert "copied signature" in (verify(b, good, trusted) or "")
    assert "not trusted" in (verify(a, good, {}) or "")
    forged = replace(good, payload=good.payload.replace("a" * 64, "b" * 64))
    assert "does not verify" in (verify(b, forged, trusted) or "")


def test_same_manifest_is_the_same_artifact_and_rebuilding_changes_nothing() -> None:
    pipeline = Pipeline()
    first = pipeline.build({"name": "web", "version": "1.0.0", "files": {"a": "1", "b": "2"}})
    before = pipeline.state()
    again = pipeline.build({"files": {"b": "2", "a": "1"}, "version": "1.0.0", "name": "web"})
    assert first == again and pipeline.state() == before


def test_full_promotion_and_idempotent_rerun() -> None:
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    to_prod(pipeline, digest)
    assert pipeline.running("prod") == digest
    before = pipeline.state()
    assert pipeline.run(digest).passed
    assert pipeline.promote(digest, "prod") == "unchanged"
    assert pipeline.state() == before


def test_promotion_goes_in_order_and_only_for_what_passed() -> None:
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    blocked = pipeline.build({"name": "web", "version": "2.0.0"})
    pipeline.run(blocked)
    before = pipeline.state()
    with pytest.raises(PromotionRefusedError, match="has not run in staging"):
        pipeline.promote(digest, "prod")
    with pytest.raises(PromotionRefusedError, match="blocked at unit"):
        pipeline.promote(blocked, "dev")
    with pytest.raises(NotFoundError, match='environment "qa" not found'):
        pipeline.promote(digest, "qa")
    assert pipeline.state() == before


def test_copied_and_untrusted_signatures_are_refused_and_prod_keeps_running() -> None:
    definition = PipelineDefinition(
        keys=(("ci", "kubeloop-ci"), ("rogue", "evil")),
        environments=(
            EnvironmentSpec("dev"),
            EnvironmentSpec("staging"),
            EnvironmentSpec("prod", requires_approval=True, trusts=("ci",)),
        ),
    )
    pipeline = Pipeline(definition)
    good = passing(pipeline, "1.0.0")
    to_prod(pipeline, good)
    other = pipeline.build({"name": "web", "version": "6.6.6"})
    pipeline.attach_signature(good, other)
    assert not pipeline.is_signed(other)
    before = pipeline.state()
    with pytest.raises(VerificationError, match="copied signature"):
        pipeline.deploy(other, "prod")
    unsigned = pipeline.build({"name": "web", "version": "7.0.0"})
    with pytest.raises(VerificationError, match="no signature"):
        pipeline.deploy(unsigned, "prod")
    pipeline.sign(unsigned, "rogue")
    with pytest.raises(VerificationError, match=r'key "rogue".*not trusted'):
        pipeline.deploy(unsigned, "prod")
    assert pipeline.running("prod") == good
    assert pipeline.state().environments == before.environments


def test_deploy_by_tag_is_refused() -> None:
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    pipeline.tag("latest", digest)
    with pytest.raises(PromotionRefusedError, match="not by tag"):
        pipeline.deploy("web:latest", "dev")
    assert pipeline.deploy(f"web@{digest}", "dev") == "deployed"


def test_rollback_returns_to_the_previous_known_good_digest() -> None:
    pipeline = Pipeline()
    one, two = passing(pipeline, "1.0.0"), passing(pipeline, "2.0.0")
    with pytest.raises(RollbackError, match="runs nothing"):
        pipeline.rollback("prod")
    to_prod(pipeline, one)
    assert pipeline.environment("prod").rollback_target is None
    with pytest.raises(RollbackError, match="no previous known-good"):
        pipeline.rollback("prod")
    to_prod(pipeline, two)
    assert pipeline.environment("prod").rollback_target == one
    assert pipeline.rollback("prod") == one
    view = pipeline.delivery.view("prod")
    assert view.running == one and view.known_good == (one,) and view.rolled_back == (two,)
    assert view.rollback_target is None
    with pytest.raises(RollbackError, match="no previous known-good"):
        pipeline.rollback("prod")


def test_the_views_rollback_target_is_where_rollback_goes() -> None:
    """The view names the target the operation uses, skipping what was rolled back."""
    pipeline = Pipeline()
    one, two, three = (passing(pipeline, v) for v in ("1.0.0", "2.0.0", "3.0.0"))
    for digest in (one, two, three):
        to_prod(pipeline, digest)
    assert pipeline.environment("prod").rollback_target == two
    assert pipeline.rollback("prod") == two
    assert pipeline.environment("prod").rollback_target == one
    assert pipeline.rollback("prod") == one


def test_a_named_rollback_goes_to_any_earlier_known_good_digest_and_refuses_the_rest() -> None:
    """kubectl rollout undo --to-revision, argocd app rollback ID: back to an earlier digest
    the environment ran; one it never ran, or was rolled back from, is refused, unchanged."""
    pipeline = Pipeline()
    one, two, three, four = (passing(pipeline, v) for v in ("1.0.0", "2.0.0", "3.0.0", "4.0.0"))
    for digest in (one, two, three):
        to_prod(pipeline, digest)
    before = pipeline.environment("prod")
    with pytest.raises(RollbackError, match=r"prod never ran web 4\.0\.0"):
        pipeline.rollback("prod", to=four)
    with pytest.raises(RollbackError, match=r"runs web 3\.0\.0 .* now: there is nothing"):
        pipeline.rollback("prod", to=three)
    assert pipeline.environment("prod") == before
    assert pipeline.rollback("prod", to=one) == one
    view = pipeline.environment("prod")
    assert view.running == one and view.rolled_back == (three,)
    assert [d.how for d in view.deployments][-1] == "rollback"
    with pytest.raises(RollbackError, match="rolled back from it"):
        pipeline.rollback("prod", to=three)
    assert pipeline.rollback("prod", to=two) == two


def test_rejection_and_approval_timeout() -> None:
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    pipeline.promote(digest, "dev")
    pipeline.promote(digest, "staging")
    pipeline.promote(digest, "prod")
    pipeline.reject(digest, "prod")
    with pytest.raises(PromotionRefusedError, match="no promotion"):
        pipeline.reject(digest, "prod")
    pipeline.promote(digest, "prod")
    pipeline.clock.advance(30 * 86_400 + 1)
    with pytest.raises(PromotionRefusedError, match="longer than"):
        pipeline.approve(digest, "prod")
    assert pipeline.running("prod") is None


def test_a_blocked_rerun_revokes_promotion_but_not_what_runs() -> None:
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    pipeline.promote(digest, "dev")
    pipeline.record_scan(digest, [Finding("CVE-2026-1", "CRITICAL")])
    assert pipeline.run(digest).blocked_at == "scan"
    with pytest.raises(PromotionRefusedError, match="blocked at scan"):
        pipeline.promote(digest, "staging")
    assert pipeline.running("dev") == digest


def test_an_approval_names_its_reviewer_and_a_bad_name_changes_nothing() -> None:
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    pipeline.promote(digest, "dev")
    pipeline.promote(digest, "staging")
    pipeline.promote(digest, "prod")
    before = pipeline.state()
    with pytest.raises(InvalidSpecError, match="printable"):
        pipeline.approve(digest, "prod", by="Marcus\n")
    assert pipeline.state() == before
    assert pipeline.approve(digest, "prod", by="Marcus") == "deployed"
    approvals = [e.message for e in pipeline.events if e.reason == "Approved"]
    assert len(approvals) == 1 and approvals[0].endswith("approved for prod by Marcus")


def test_a_rollback_names_who_did_it_and_a_bad_name_changes_nothing() -> None:
    pipeline = Pipeline()
    one, two = passing(pipeline, "1.0.0"), passing(pipeline, "2.0.0")
    to_prod(pipeline, one)
    to_prod(pipeline, two)
    before = pipeline.state()
    with pytest.raises(InvalidSpecError, match="printable"):
        pipeline.rollback("prod", by="Sam\n")
    assert pipeline.state() == before
    assert pipeline.rollback("prod", by="Sam") == one
    record = pipeline.environment("prod").deployments[-1]
    assert (record.how, record.digest, record.by) == ("rollback", one, "Sam")
    rolled = [e.message for e in pipeline.events if e.reason == "RolledBack"]
    assert len(rolled) == 1 and " by Sam;" in rolled[0]
    assert all(d.by == "" for d in pipeline.environment("prod").deployments[:-1])


def test_verify_with_one_key_alone() -> None:
    """cosign verify --key: only that key's signature, over its payload, for this digest."""
    pipeline = Pipeline(PipelineDefinition(keys=(("ci", "ci"), ("ops", "ops"))))
    one, two = passing(pipeline, "1.0.0"), pipeline.build({"name": "web", "version": "2"})
    assert pipeline.verify_with(two, "ci") == "web 2 (" + two[:19] + "…) has no signature"
    pipeline.sign(one, "ci")
    assert pipeline.verify_with(one, "ci") is None
    assert "not trusted" in str(pipeline.verify_with(one, "ops"))
    pipeline.attach_signature(one, two)
    assert "a copied signature" in str(pipeline.verify_with(two, "ci"))
    with pytest.raises(NotFoundError):
        pipeline.verify_with(one, "rogue")


def test_a_deploy_keeps_the_promotion_order_and_a_refused_one_changes_nothing() -> None:
    """Deploy and cluster admission apply one rule: a digest goes to an environment only
    after it ran (and stayed known-good) in the one before."""
    pipeline = Pipeline()
    digest = passing(pipeline, "1.0.0")
    pipeline.promote(digest, "dev")
    before = pipeline.state()
    with pytest.raises(PromotionRefusedError, match=r"cannot deploy .* it has not run in staging"):
        pipeline.deploy(digest, "prod")
    assert pipeline.state() == before
    assert pipeline.deploy(digest, "staging") == "deployed"
