"""A manifest declared and built in one line, an environment said to run a project's version
under a name, a scan said with a gerund, the run stopping at the scan "because of" a
finding, a promotion straight to an environment that names what it skips, the digest an
environment runs compared with a build's, and the audit trail "mentioning" an approval:
each line is checked by the run it feeds, and each family has rows that must fail or must
not be read at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("declared", "check", "passes"),
    [
        (
            'a manifest "checkout" version "2.6.0" built as K1 that passed every gate',
            "prod runs nothing",
            True,
        ),
        (
            'a manifest "checkout" version "2.6.0" built as K1 that passed every gate',
            "the pipeline for K1 passed",
            True,
        ),
        (
            'a manifest "payments" version "5.2.1" is built as K1',
            "the pipeline for K1 passed",
            False,
        ),
        (
            "the manifest billing version v3, built as K1, which passed all its gates",
            "the pipeline for K1 passed",
            True,
        ),
        (
            'a new manifest "search" version "1.9.1" was built as K1 and passed all gates',
            "the pipeline for K1 passed",
            True,
        ),
        ('a manifest "search" version "1.9.1" built as K1', "K1 passed the pipeline", False),
    ],
)
def test_a_manifest_declared_and_built_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {declared}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("runs", "check", "passes"),
    [
        ('prod runs checkout version "2.6.0" as K1', "prod runs K1", True),
        ('staging is running "billing" version "1.0" as B1', "staging runs B1", True),
        ('staging is running "billing" version "1.0" as B1', "prod runs B1", False),
        ("prod is on ledger version 3.0.0 as L1", 'prod runs version "3.0.0" of ledger', True),
        ("prod is on ledger version 3.0.0 as L1", 'prod runs version "3.0.1" of ledger', False),
    ],
)
def test_an_environment_running_a_version_under_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], runs: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {runs}", f"Then {check}")
    assert (code == 0) is passes, out


_SCANNED = (
    'Given a manifest "payments" version "5.2.1"',
    'When I build "payments" as P2',
)


@pytest.mark.parametrize(
    ("finding", "check", "passes"),
    [
        (
            "scanning P2 turns up CVE-2026-4410 with severity HIGH in libxml2",
            "the pipeline stops at the scan because of CVE-2026-4410",
            True,
        ),
        (
            "scanning P2 finds CVE-2026-4410 with severity CRITICAL in openssl",
            "the pipeline fails at the scan gate because of CVE-2026-4410",
            True,
        ),
        (
            "a scan of P2 reports CVE-2026-4410 with severity CRITICAL in openssl",
            "the pipeline for P2 stopped at the security scan due to CVE-2026-4410",
            True,
        ),
        (
            "scanning P2 turns up CVE-2026-4410 with severity HIGH in libxml2",
            "the pipeline stops at the scan because of CVE-2026-9999",
            False,
        ),
        (
            "scanning P2 turns up CVE-2026-4410 with severity LOW in libxml2",
            "the pipeline stops at the scan because of CVE-2026-4410",
            False,
        ),
    ],
)
def test_a_scan_said_with_a_gerund_and_the_run_stopping_at_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], finding: str, check: str, passes: bool
) -> None:
    """The stop is checked at the scan gate and for that finding: another finding, or one
    that does not block, fails the check."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SCANNED,
        f"Given {finding}",
        "And P2 has 10 passing unit tests and 90% coverage",
        "And all 5 integration tests of P2 pass",
        "When I run the pipeline for P2",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "promotion",
    [
        "I promote C5 directly to prod, skipping dev and staging",
        "I promote C5 straight to prod, bypassing dev, staging",
        "I promote C5 right to staging, skipping dev",
    ],
)
def test_a_promotion_that_skips_environments_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], promotion: str
) -> None:
    """The engine refuses a promotion that skips an environment; nothing runs there."""
    env = promotion.split(" to ")[1].split(",", maxsplit=1)[0]
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.6.0"',
        'When I build "checkout" as C5',
        "Given C5 passed every gate",
        f"When {promotion}",
        "Then the promotion is refused",
        f"And {env} runs nothing",
    )
    assert code == 0, out


_TWO = (
    'Given a manifest "ledger" version "3.1.0" built as L3 that passed every gate',
    "And L3 was promoted to dev, staging and prod",
    "And Dana approved L3 for prod",
    'Given a manifest "ledger" version "3.2.0" built as L4 that passed every gate',
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the digest running in prod is the digest of L3", True),
        ("the digest in prod is the digest of L4", False),
        ("the digest deployed to staging is the digest of L3", True),
        ("the audit trail mentions Dana approving L3 for prod", True),
        ("the audit log mentions Lee approving L3 for prod", False),
        ("the audit trail mentions Dana approving L4 for prod", False),
    ],
)
def test_digests_compared_and_approvals_mentioned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TWO, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "the pipeline stops at the unit gate because of CVE-2026-4410"),
        ("then", "the audit trail mentions Lee approving K2"),
        ("given", 'a manifest "checkout" version "2.6.0" built as K1 that failed every gate'),
        ("given", 'prod runs checkout version "2.6.0" as Kay'),
        ("given", 'a manifest "checkout" version "2.6.0" built as K1 that passed some gates'),
        ("when", "I promote C5 directly to prod, skipping dev and the scan"),
        ("then", "the digest running in prod is the digest"),
    ],
)
def test_lines_these_words_do_not_read(keyword: str, text: str) -> None:
    """Near misses stay unread: another gate, no environment, a failed gate or only some, no
    build's name, a gate skipped with an environment."""
    load_step_library()
    with pytest.raises(UndefinedStepError):
        REGISTRY.match(keyword, text)


_BUILT = ('Given a manifest "checkout" version "2.6.0" built as K1 that passed every gate',)


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("K1 was promoted to dev, staging and prod and Dana approved it", "prod runs K1", True),
        (
            "K1 was promoted to dev, staging and prod and Dana approved it",
            "the audit trail mentions Dana approving K1 for prod",
            True,
        ),
        (
            'K1 got promoted to dev, staging and prod, and "lee" approved K1 for prod',
            'the audit log shows that "lee" approved K1 for prod',
            True,
        ),
        (
            "K1 was approved by Dana and promoted to dev, staging and prod",
            "the audit log shows that Dana approved K1 for prod",
            True,
        ),
        (
            "K1 was promoted to dev, staging and prod and Dana approved it",
            "the audit log shows that Lee approved K1 for prod",
            False,
        ),
        ("K1 was promoted to dev and staging and Dana approved it", "prod runs K1", False),
    ],
)
def test_a_promotion_with_its_approval_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    """Promoted, then approved by that person: the audit log names them, and no one else."""
    code, out = run_scenario(tmp_path, capsys, *_BUILT, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "text",
    [
        "K1 was promoted to dev, staging and prod and Dana approved K2",
        "K1 was promoted to dev, staging and prod and B2 approved it",
        "K1 was approved by B2",
    ],
)
def test_approvals_these_words_do_not_read(text: str) -> None:
    """Another build approved, or a build's name where a person's belongs: not read."""
    load_step_library()
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("given", text)


@pytest.mark.parametrize(
    "promotion",
    [
        "I promote C5 to dev and then straight to prod",
        "I promote C5 to dev and then directly to prod",
    ],
)
def test_straight_is_never_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], promotion: str
) -> None:
    """ "straight" and "directly" say how, never which build: C5 reaches dev, then its jump to
    prod is refused (staging skipped), and prod runs nothing."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.6.0"',
        'When I build "checkout" as C5',
        "Given C5 passed every gate",
        f"When {promotion}",
        "Then the promotion is refused",
        "And dev runs C5",
        "And prod runs nothing",
    )
    assert code == 0, out
