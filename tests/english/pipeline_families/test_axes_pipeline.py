"""Pipeline phrases varied along an axis, each value of the axis read as the phrases say it:
the preposition between a suite and its build, how a block joins what it names, and missing
evidence said as never uploaded. Each row fails when the run says otherwise, so a misread
name, number or gate shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BUILT = (
    'Given a manifest "orders" version "3.3.0"',
    'When I build "orders" as S1',
    "Given the coverage threshold is 85%",
)


@pytest.mark.parametrize(
    ("said", "then", "passes"),
    [
        ("unit tests on S1 passed with 90% coverage", "the pipeline for S1 passes", True),
        ("the unit tests for S1 passed with 90% coverage", "the pipeline for S1 passes", True),
        ("unit tests against S1 pass with 90% coverage", "the pipeline for S1 passes", True),
        ("unit tests on S1 passed with 80% coverage", "the pipeline for S1 passes", False),
    ],
)
def test_a_suite_on_its_build_by_any_preposition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, then: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BUILT,
        f"Given {said}",
        "And the integration tests of S1 pass",
        "And the scan of S1 finds nothing",
        "When I run the pipeline for S1",
        f"Then {then}",
    )
    assert code == (0 if passes else 1), out


def test_a_suite_failing_on_its_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of S1 pass with 90% coverage",
        "And integration tests against S1 failed",
        "And the scan of S1 finds nothing",
        "When I run the pipeline for S1",
        "Then the pipeline is blocked at the integration gate",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("then", "passes"),
    [
        ("the scan gate blocks S1 and names CVE-2026-4821", True),
        ("the pipeline fails at the scan, naming CVE-2026-4821", True),
        ("the scan gate blocked S1, citing CVE-2026-4821", True),
        ("the scan gate blocks S1 and says CVE-2026-4821", True),
        ("the scan gate blocks S1 and names CVE-2026-9999", False),
        ("the pipeline fails at the scan, naming CVE-2026-9999", False),
    ],
)
def test_a_block_and_the_finding_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of S1 pass with 90% coverage",
        "And the integration tests of S1 pass",
        "And the scan reports CVE-2026-4821 as CRITICAL in jackson-core for S1",
        "When I run the pipeline for S1",
        f"Then {then}",
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("missing", "then", "passes"),
    [
        (
            "no scan report was uploaded for S1",
            "the pipeline is blocked and says the scan evidence is missing",
            True,
        ),
        (
            "no scan report has been recorded for S1",
            "the ladder stops at the scan and says the evidence is missing",
            True,
        ),
        (
            "no scan results were attached to S1",
            "the pipeline is blocked, saying the scan evidence is missing",
            True,
        ),
        (
            "no scan report was uploaded for S1",
            "the pipeline is blocked and says the integration test evidence is missing",
            False,
        ),
    ],
)
def test_missing_evidence_and_the_block_that_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], missing: str, then: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of S1 pass with 90% coverage",
        "And the integration tests of S1 pass",
        f"And {missing}",
        "When I run the pipeline for S1",
        f"Then {then}",
    )
    assert code == (0 if passes else 1), out


_K3 = 'Given "cart" version "v3" was built as K3'


@pytest.mark.parametrize(
    ("said", "then", "passes"),
    [
        ("K3 passed every gate and Dana approved it all the way into prod", "prod runs K3", True),
        ("K3 passed every gate and Dana approved it into prod", "prod runs K3", True),
        (
            "K3 passed every gate and Dana approved its promotion to prod",
            "the audit log shows that Dana approved K3 for prod",
            True,
        ),
        (
            "K3 passed every gate and Dana signed off on it all the way to prod",
            "the audit log shows that Lee approved K3 for prod",
            False,
        ),
        ("K3 passed every gate and was promoted up to staging", "staging runs K3", True),
        ("K3 passed every gate and was promoted onto staging", "prod runs K3", False),
        ("K3 passed every gate and was promoted through to staging", "staging runs K3", True),
        (
            "K3 passed every gate and Dana approved it all the way into prod",
            "the audit log shows that Dana approved K3 for prod",
            True,
        ),
        (
            "K3 passed every gate and Dana approved it all the way into prod",
            "the audit log shows that Lee approved K3 for prod",
            False,
        ),
    ],
)
def test_a_promotion_by_any_preposition_and_by_who_approved_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, then: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, _K3, f"Given {said}", f"Then {then}")
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("said", "then", "passes"),
    [
        (
            'version v3 of "cart", built as K3, passed every gate and is live in prod',
            "prod runs K3",
            True,
        ),
        (
            'version v3 of "cart", built as K3, passed every gate and is live in staging',
            "prod runs K3",
            False,
        ),
        (
            '"cart" v3 is built as K3 and promoted through to prod with approval',
            "prod runs K3",
            True,
        ),
        (
            'v3 of "cart" has been built, passed its gates and is running in prod',
            "prod runs nothing",
            False,
        ),
    ],
)
def test_a_build_made_in_another_tense_or_as_a_participle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, then: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, f"Given {said}", f"Then {then}")
    assert code == (0 if passes else 1), out


_V1_LIVE = (
    'Given a deployment "storefront" with 2 replicas',
    "And v1 of storefront has been built, passed its gates and is running in prod",
)


@pytest.mark.parametrize(
    ("said", "then", "passes"),
    [
        ("v2 is built, signed, approved and promoted all the way to prod", "prod runs v2", True),
        ("v2 was built, signed and promoted to staging", "staging runs v2", True),
        ("v2 is built, passes its gates and is promoted to staging", "staging runs v2", True),
        ("v2 is built and promoted up to staging", "prod runs v2", False),
    ],
)
def test_a_version_built_and_moved_in_one_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, then: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_V1_LIVE, f"When {said}", f"Then {then}")
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("said", "then", "passes"),
    [
        ("commit 3fa91c2 is built as C1 and tagged v2.4.0", "tag v2.4.0 points to C1", True),
        ('commit 3fa91c2 was built as C1, tagged as "stable"', 'tag "stable" points to C1', True),
        ('"checkout" is built as C1 and then tagged with latest', "tag latest points to C1", True),
        ("commit 3fa91c2 is built as C1 and tagged v2.4.0", "tag v2.4.1 points to C1", False),
    ],
)
def test_a_build_tagged_in_the_same_breath(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, then: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.4.0"',
        f"When {said}",
        f"Then {then}",
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("said", "then", "passes"),
    [
        (
            "I put C7's signature on C8 and deploy C8 to prod",
            'that fails with "a copied signature"',
            True,
        ),
        (
            "I reuse the signature of C7 on C8 and deploy C8 to prod",
            'that fails with "a copied signature"',
            True,
        ),
        (
            "I stick C7's signature onto C8 and deploy C8 to prod",
            'that fails with "has no signature"',
            False,
        ),
    ],
)
def test_a_signature_moved_with_any_verb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, then: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "3.0.0"',
        'When I build "checkout" as C7',
        "Given C7 passed every gate",
        'Given a manifest "checkout" version "3.0.1"',
        'When I build "checkout" as C8',
        f"And {said}",
        f"Then {then}",
    )
    assert code == (0 if passes else 1), out
