"""Families of release engineers' sentences beyond the first batches: a gate's result "for"
or "on" an artifact, a scan that "comes back with no critical CVEs", a promotion asked for
("I ask to promote", "the team requests promotion of"), and an artifact that "makes it to"
an environment. Each runs a small scenario through ``kubeloop run``; a wrong value fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.grammar import readings
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_scenario as _run


def _built(coverage: str) -> tuple[str, ...]:
    return (
        "Given the coverage threshold is 80%",
        "And an artifact R1 built from commit abc1234",
        f"When the unit tests for R1 pass with {coverage} coverage",
        "And the vulnerability scan on R1 comes back with no critical CVEs",
        "And the integration tests on R1 pass",
        "And I sign R1",
        "And I run the pipeline",
    )


def test_a_promotion_asked_for_is_a_promotion_and_makes_it_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        *_built("91%"),
        "And I ask to promote R1 to dev",
        "Then R1 makes it to dev",
        "When the team requests promotion of R1 to staging",
        "Then staging runs R1",
        "And R1 made it to dev",
    )
    assert code == 0, out


def test_an_artifact_that_did_not_get_there_does_not_make_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        *_built("91%"),
        "And I ask to promote R1 to dev",
        "Then R1 makes it to staging",
    )
    assert code == 1 and "staging to run R1" in out, out


def test_coverage_for_an_artifact_is_recorded_for_that_artifact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(tmp_path, capsys, *_built("50%"), "Then the coverage gate fails for R1")
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *_built("91%"), "Then the coverage gate fails for R1")
    assert code == 1, out


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("I request promotion of R5 to prod", "I promote R5 to prod"),
        ("Dana requests a promotion of R5 to prod", "I promote R5 to prod"),
        ("I ask to promote R5 to prod", "I promote R5 to prod"),
        ("someone tries to deploy v3 to prod anyway", "I deploy v3 to prod"),
        ("I request a rollback of prod", "I roll back prod"),
    ],
)
def test_an_action_asked_for_is_the_action(said: str, meant: str) -> None:
    assert REGISTRY.match("when", said)[0].text == meant


@pytest.mark.parametrize(
    ("finding", "passes"),
    [
        ("And the scan finds CVE-2024-3094 rated critical in R1", False),
        ("And build R1 has a high severity finding CVE-2023-44487", False),
        ("And the image R1 has a low severity finding CVE-2023-44487", True),
    ],
)
def test_a_finding_rated_or_of_a_severity_is_recorded_at_that_severity(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finding: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given the coverage threshold is 80%",
        "And an artifact R1 built from commit abc1234",
        finding,
        "And the unit tests for R1 pass with 91% coverage",
        "When I run the pipeline",
        "Then R1 gets through the vulnerability gate",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("key", "passes"), [("release", True), ("rogue", False)])
def test_signing_with_the_named_key_signs_with_that_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the pipeline signs with key "release" from seed "release-2026"',
        "And an artifact R1 built from commit abc1234",
        f"When I sign R1 with the {key} key",
        'Then R1 is signed by key "release"',
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("env", "passes"), [("prod", True), ("staging", False)])
def test_a_promotion_waiting_without_its_environment_is_any_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], env: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        *_built("91%"),
        "And I promote R1 to dev",
        "And then promote it to staging",
        *(["And I request promotion of R1 to prod"] if env == "prod" else []),
        "Then the promotion is waiting for approval",
        "And staging runs R1",
    )
    assert (code == 0) is passes, out


def test_a_verb_without_a_subject_after_then_is_mine() -> None:
    assert REGISTRY.match("when", "then promote R1 to staging")[0].text == (
        "I promote R1 to staging"
    )
    assert readings("promote R1 to staging") == []
