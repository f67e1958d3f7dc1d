"""The pipeline as release and security engineers state it (pipeline_stated.py and the
phrases beside it): a build declared in any shape, test failures and coverage said as facts
about a build, a finding's id, severity and package in any order, a waiver's author with
their team, keys no one trusts, a route with its approval, a tag moved, and evidence read
from the audit trail and the history. Each family is checked by the run it feeds, with rows
that must fail, and near misses that must not be read at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("declared", "alias", "check", "passes"),
    [
        ("C7 is a build of checkout 2.6.0 that passed every gate", "C7", "2.6.0", True),
        ('manifest "checkout" version "2.4.2" has been built as C7', "C7", "2.4.2", True),
        ("G3 is checkout 4.2.2 with passing unit tests at 92% coverage", "G3", "4.2.3", False),
        ("G3 is checkout 4.2.2", "G3", "4.2.2", True),
        ("D2 is a checkout 2.7.1 build", "D2", "2.7.1", True),
        ("D3 is the build of checkout v2.7.2 and passed every gate", "D3", "v2.7.2", True),
        (
            "checkout 2.7.3 is built as D4 with unit tests passing at 90% coverage",
            "D4",
            "2.7.3",
            True,
        ),
        (
            "D6 is a build of checkout 2.7.5 whose unit tests pass at 88% coverage",
            "D6",
            "2.7.5",
            True,
        ),
        ("manifest checkout version 2.4.3 was built as C5", "C5", "2.4.2", False),
    ],
)
def test_a_build_declared_in_any_shape(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    declared: str,
    alias: str,
    check: str,
    passes: bool,
) -> None:
    """The build is of that project at that version (another version fails the check)."""
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {declared}",
        f"And {alias} passed every gate and was promoted to dev",
        f'Then dev runs version "{check}" of checkout',
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "check", "passes"),
    [
        ("G4 and G5 are builds of gateway 4.3.0 and 4.3.1", "4.3.1", True),
        ("G4 and G5 are builds of gateway versions 4.3.0 and 4.3.1", "4.3.0", False),
        ('G4 and G5 are "gateway" 4.3.0 and 4.3.1', "4.3.1", True),
        ("G4, G5 and G6 were builds of gateway 4.3.0, 4.3.1 and 4.3.2", "4.3.1", True),
        ("G4 and G5 are builds of gateway 4.3.0, 4.3.1 and 4.3.2", "4.3.1", False),
    ],
)
def test_builds_of_several_versions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, check: str, passes: bool
) -> None:
    """Each name is the version said in its place; as many versions as names, or the line
    is refused at its own line."""
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {declared}",
        "And G5 passed every gate and was promoted to dev",
        f'Then dev runs version "{check}" of gateway',
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            "3 of the 412 unit tests fail for C4",
            "the pipeline is blocked at the unit test gate",
            True,
        ),
        ("C4's unit tests have 7 failures", "the unit test gate passed", False),
        ("G1 passes unit tests at 88% coverage", "the unit test gate passed", True),
        (
            "2 out of 400 unit tests failed on C4",
            "the pipeline is blocked at the unit test gate",
            True,
        ),
        ("C4 fails 3 of its 412 unit tests", "the pipeline is blocked at the unit test gate", True),
        ("C4 has 3 unit test failures", "the pipeline is blocked at the unit test gate", True),
        (
            "G1 passed its unit tests with 88% coverage",
            "the pipeline is blocked at the unit test gate",
            False,
        ),
    ],
)
def test_test_results_said_as_facts_about_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    alias = "G1" if "G1" in said else "C4"
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.4.2"',
        f'When I build "checkout" as {alias}',
        f"Given {said}",
        f"When I run the pipeline for {alias}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("finding", "check", "passes"),
    [
        (
            "the scan of G2 shows CVE-2026-5123 (HIGH, package curl)",
            "the block mentions curl",
            True,
        ),
        (
            "the scan of G2 shows CVE-2026-5123 (curl, CRITICAL)",
            "the block mentions openssl",
            False,
        ),
        ("the scan of G2 flags CVE-2026-5123 as LOW in curl", "the pipeline is blocked", False),
        (
            "the scan of G2 flags a HIGH CVE-2026-5123 in package curl",
            "the block mentions curl",
            True,
        ),
        ("G2's scan shows CVE-2026-5123 (CRITICAL) in openssl", "the block mentions openssl", True),
        ("G2 has CVE-2026-5123 (HIGH) in curl", "the pipeline is blocked by CVE-2026-5123", True),
        (
            "its scan finds CVE-2026-5123 with severity HIGH in curl",
            "the block mentions curl",
            True,
        ),
    ],
)
def test_a_finding_said_with_its_parts_in_any_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finding: str, check: str, passes: bool
) -> None:
    """The id, severity and package are each read where they are said; "its scan" is the
    scan of the build said last, so the package is never read as a build."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "gateway" version "4.2.1" built as G2',
        "And G2 has 10 passing unit tests and 90% coverage",
        "And all 5 integration tests of G2 pass",
        f"And {finding}",
        "When I run the pipeline for G2",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("waiver", "check", "passes"),
    [
        (
            'Dana from appsec waives CVE-2026-5123 until 2026-12-31 because "not reachable"',
            "the scan gate records that it used the waiver for CVE-2026-5123",
            True,
        ),
        (
            "Dana (appsec) waives CVE-2026-5123 until 2026-12-31",
            "the scan gate used the waiver for CVE-2026-9999",
            False,
        ),
        ("no waiver exists for CVE-2026-5123", "the pipeline is blocked by CVE-2026-5123", True),
        (
            "Dana of the security team waives CVE-2026-5123 until 2026-12-31",
            "the scan gate applied the waiver for CVE-2026-5123 for G2",
            True,
        ),
        ("nobody has waived it", "the pipeline is blocked by CVE-2026-5123", True),
        ("no one waived it", "the scan gate used the waiver for CVE-2026-5123", False),
    ],
)
def test_waivers_said_with_their_author_or_their_absence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waiver: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "gateway" version "4.2.1" built as G2',
        "And G2 has 10 passing unit tests and 90% coverage",
        "And all 5 integration tests of G2 pass",
        "And the scan of G2 shows CVE-2026-5123 (HIGH, package curl)",
        f"And {waiver}",
        "When I run the pipeline for G2",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_nobody_waived_it_fails_when_a_waiver_covers_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "gateway" version "4.2.1" built as G2',
        "And the scan of G2 shows CVE-2026-5123 (HIGH, package curl)",
        "And Dana waives CVE-2026-5123 until 2026-12-31",
        "And nobody has waived it",
    )
    assert code != 0 and "no active waiver of CVE-2026-5123" in out, out


@pytest.mark.parametrize(
    ("key", "passes"),
    [
        ("a key that is not in the trusted keyring", True),
        ("the release key", False),
        ("an untrusted key", True),
        ("a key prod does not trust", True),
        ("a key outside the trusted keyring", True),
    ],
)
def test_a_build_signed_with_a_key_no_one_trusts_fails_verification(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, passes: bool
) -> None:
    """Deployed directly, the signature is checked first: a key no one trusts fails it; the
    pipeline's own key does not (the deploy then fails for another reason)."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given G6 is a build of gateway 4.3.2",
        f"And G6 is signed with {key}",
        "When I deploy G6 to prod",
        "Then verification fails",
        "And prod runs nothing",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("copied", "check", "passes"),
    [
        (True, "it fails because the signature was copied", True),
        (False, "it fails because the signature was copied", False),
        (True, "verification of G5 fails", True),
    ],
)
def test_a_refusal_said_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], copied: bool, check: str, passes: bool
) -> None:
    """A copied signature is refused at deploy; a build the pipeline signed itself is not."""
    own = "someone copies G4's signature onto G5" if copied else "G5 passes every gate"
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given G4 and G5 are builds of gateway 4.3.0 and 4.3.1",
        "And G4 passed every gate and is signed",
        f"When {own}",
        "And tries to deploy G5 to dev",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("route", "check", "passes"),
    [
        (
            "I promote G7 to dev, staging and prod and approve it",
            "prod runs G7 by its sha256 digest",
            True,
        ),
        ("I promote G7 to dev and staging and approve it", "prod runs G7 by digest", False),
        (
            "I promote G7 through dev, staging and prod, approving prod",
            "the history of prod references the digest of G7, not a tag",
            True,
        ),
        (
            "I promote G7 to dev, staging and prod and approve it",
            "the audit trail lists G7's digest",
            True,
        ),
        (
            "I promote G7 to dev, staging and prod and approve it",
            "the audit log lists G8's digest",
            False,
        ),
        (
            "I promote G7 to dev, staging and prod and approve it",
            "the history of prod references the digest of G8, not a tag",
            False,
        ),
    ],
)
def test_a_route_with_its_approval_and_the_digest_it_leaves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], route: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "gateway" version "4.4.0" built as G7 that passed every gate',
        'And a manifest "gateway" version "4.4.1" built as G8 that passed every gate',
        f"When {route}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "move",
    [
        'I promote the tag "ledger:latest" to prod',
        "I deploy the tag ledger:3.1.0 to staging",
        'the tag "ledger:latest" is pushed to prod',
    ],
)
def test_a_tag_moved_into_an_environment_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "ledger" version "3.1.0" built as L1 that passed every gate',
        f"When {move}",
        'Then the operation fails with "not by tag"',
        "And prod runs nothing",
        "And staging runs nothing",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("inputs", "check", "passes"),
    [
        (
            "P1 has 10 passing unit tests and 84% coverage",
            "the pipeline is blocked at the unit test gate because coverage is 84%",
            True,
        ),
        (
            "P1 has 10 passing unit tests and 85% coverage",
            "the pipeline is blocked at the unit test gate because coverage is 84%",
            False,
        ),
        ("P1 has 10 passing unit tests and 84% coverage", "the scan gate was not run for P1", True),
        (
            "P1 has 10 passing unit tests and 95% coverage",
            "the scan gate was not run for P1",
            False,
        ),
        (
            "P1 has 10 passing unit tests and 95% coverage",
            "it stops at the integration tests because there is no evidence for them",
            True,
        ),
        (
            "P1 has 10 passing unit tests and 84% coverage",
            "it stops at the integration tests because there is no evidence for them",
            False,
        ),
    ],
)
def test_where_the_run_stopped_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inputs: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "payments" version "1.0.0" built as P1',
        "And the coverage threshold is 90%",
        f"And {inputs}",
        "And the scan of P1 finds nothing",
        "When I run the pipeline for P1",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("policy", "env", "waits"),
    [
        ("staging promotions require an approval", "staging", True),
        ("promotions to staging need sign-off", "staging", True),
        ("prod deployments require manual approval", "staging", False),
    ],
)
def test_an_environment_whose_promotions_need_an_approval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], policy: str, env: str, waits: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {policy}",
        'And a manifest "ledger" version "3.1.0" built as L1 that passed every gate',
        "When I promote L1 to dev",
        f"And I promote L1 to {env}",
        f"Then the promotion of L1 to {env} is waiting for approval",
    )
    assert (code == 0) is waits, out


def test_an_approval_said_in_the_past_names_the_approver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "gateway" version "4.4.0" built as G8 that passed every gate',
        "And Ines approved the promotion of G8 to prod",
        "When I promote G8 to dev, staging and prod and approve it",
        "Then the audit trail shows Ines approved G8",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("given", "G6 is signed with a key that is in the trusted keyring"),
        ("given", "the scan of G2 shows CVE-2026-5123 (HIGH, package curl, openssl)"),
        ("given", "the scan of G2 shows CVE-2026-5123 (HIGH, LOW, curl)"),
        ("given", "C9 is also 2.6.2"),
        ("given", "C9 is signed 2.6.2"),
        ("then", "prod runs G7 by its tag"),
        ("given", "G4 and G5 are builds of gateway 4.3.0 and signed"),
        ("given", "staging promotions require a waiver"),
    ],
)
def test_near_misses_are_not_read(keyword: str, text: str) -> None:
    """A key that is trusted, a finding with two packages or two severities, a verb where
    the project goes, a tag where a digest goes, a word where a version goes, another
    requirement than an approval."""
    load_step_library()
    with pytest.raises(UndefinedStepError):
        REGISTRY.match(keyword, text)


@pytest.mark.parametrize(
    ("approved", "check", "passes"),
    [
        (
            "C5 was approved all the way to prod",
            "the history of prod reads C4, C5",
            True,
        ),
        ("C5 passed every gate and was approved all the way to staging", "prod runs C4", True),
        ("C5 was approved all the way up to prod", "prod runs C4", False),
    ],
)
def test_approved_all_the_way_is_a_promotion_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], approved: str, check: str, passes: bool
) -> None:
    """ "Approved all the way to prod" takes the build there (approved where needed), never
    only an approval that leaves prod as it was."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "checkout" 2.5.0 was built as C4 and passed every gate',
        "And C4 was promoted to dev, staging and prod and approved for prod",
        'And "checkout" 2.5.1 was built as C5',
        f"And {approved}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("approval", "passes"),
    [
        ("And Dana approves R2 for prod", True),
        ("And I approve the promotion of R2 to prod", False),
        ("And Lee approves the promotion of R2 to prod", True),
    ],
)
def test_the_audit_log_records_who_approved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], approval: str, passes: bool
) -> None:
    """ "who" is never read as a person's name: the check asks for an approval that names
    whoever gave it, and an approval that names no one fails it."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.6.0" built as R2 that passed every gate',
        "When I promote R2 to dev, then staging, then prod",
        approval,
        "Then prod runs R2",
        "And the audit log records who approved R2",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("G1 passes unit tests with 88% coverage against an 80% threshold", True),
        ("G1 passes unit tests with 88% coverage against a 90% threshold", False),
        ("the unit tests of G1 pass with 78% coverage below the 80% bar", False),
        ("G1 passed its unit tests at 91% coverage, above the 90% coverage minimum", True),
    ],
)
def test_coverage_said_with_its_threshold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    """The threshold said in the same line is the one the unit gate judges by."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "gateway" version "4.2.0" built as G1',
        f"And {said}",
        "When I run the pipeline for G1",
        "Then the unit test gate passed",
    )
    assert (code == 0) is passes, out
