"""Families of sentences about waivers, signatures and the release itself, beyond the
corpora: a waiver's lifecycle (expired, renewed, revoked), trusted keys and what verifies,
actions in a row, promotions through several environments, approvals by someone named.
A wrong value fails; an action the engine refuses stops the ones after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_FOUND = (
    'Given a manifest "web" version "1.0.0"',
    'When I build "web" as C1',
    "Given the unit tests of C1 pass with 90% coverage",
    "And the integration tests of C1 pass",
    "And the scan of C1 finds a critical CVE-2026-0001 in openssl",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given there is a waiver for CVE-2026-0001 that expired 2 days ago",
                "When I run the pipeline",
                "Then the waiver for CVE-2026-0001 has run out",
                "And the gate blocks C1",
                "And it says its waiver expired",
                "When I extend the waiver for CVE-2026-0001 by 14 days",
                "And the scan gate runs again",
                "Then the pipeline passes for C1",
                "And the exception for CVE-2026-0001 is still active",
            ),
            True,
        ),
        (
            (
                "Given an exception for CVE-2026-0001 that ran out last week",
                "When the security team renews the exception until 2026-12-31",
                "Then the waiver for CVE-2026-0001 is valid",
                "When I withdraw the exception",
                "And I run the pipeline",
                "Then the pipeline is blocked by CVE-2026-0001 in openssl",
            ),
            True,
        ),
        (
            (
                'Given a waiver for CVE-2026-0001 because "not used" that expired on 2026-01-01',
                "Then the waiver for CVE-2026-0001 is still valid",
            ),
            False,
        ),
        (
            (
                "Given a waiver for CVE-2026-0001 that expired yesterday",
                "When I renew the waiver for another 30 days",
                "And 31 days pass",
                "Then the waiver for CVE-2026-0001 is valid",
            ),
            False,
        ),
    ],
)
def test_a_waivers_lifecycle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_FOUND, *story)
    assert code == (0 if passes else 1), out


def test_an_expiry_said_in_the_future_is_no_expired_waiver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_FOUND, "Given a waiver for CVE-2026-0001 that expired on 2027-01-01"
    )
    assert code == 1 and "an expiry on or before today" in out, out


_KEYS = (
    'Given a manifest "web" version "1.0.0"',
    'And only keys "release" and "ci" are trusted',
    'When I build "web" as C1',
    "Given C1 passed every gate",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                'When the pipeline signs C1 with key "release"',
                "Then C1 is signed by a trusted key in prod",
                "And the signature of C1 verifies against a trusted key",
            ),
            True,
        ),
        (
            (
                'Given every environment trusts only keys "release"',
                "Then the signature of C1 verifies for prod",
            ),
            False,
        ),
        (
            (
                'When I build "web" as C2',
                "Then C2 has no signatures at all",
                "When I attach C1's signature to C2",
                "Then no signature exists for C2",
            ),
            False,
        ),
        (
            (
                'Given a manifest "web" version "1.0.1"',
                'When I build "web" as C2',
                "And I copy the signature of C1 onto C2",
                "And I deploy C2 to staging manually",
                "Then it was refused because no signature verifies",
                "And staging never ran C2",
            ),
            True,
        ),
    ],
)
def test_keys_and_signatures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_KEYS, *story)
    assert code == (0 if passes else 1), out


_PASSED = (
    'Given a manifest "web" version "1.0.0"',
    'When I build "web" as C1',
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "When C1 clears unit tests, coverage, vulnerability scan and integration tests",
                "And I sign C1, promote it to dev and promote it to staging",
                "Then dev and staging run C1",
                "When Maria approves C1 for prod",
                "And I promote C1 to prod",
                "Then prod runs C1",
            ),
            True,
        ),
        (
            (
                "When C1 passes the unit tests and the scan",
                "And the integration tests of C1 pass",
                "And I run the pipeline",
                "And I promote C1 to dev, staging and prod",
                "Then the promotion of C1 to prod is waiting for approval",
                'When "bob" approves the promotion of C1 to prod',
                "Then prod runs C1",
            ),
            True,
        ),
        (
            (
                "When C1 passes the unit tests and the scan",
                "And the integration tests of C1 pass",
                "And I run the pipeline",
                "And I promote C1 directly to prod",
                "Then the promotion is refused because it has not run in staging",
                "And prod runs nothing",
            ),
            True,
        ),
        (
            (
                "Given C1 passed every gate",
                "When I approve C1 and promote it to prod",
                "Then prod runs C1",
            ),
            False,
        ),
        (
            (
                "Given C1 is already in staging with all gates green",
                "When the security team approves it for prod",
                "And I promote C1 to prod",
                "Then prod runs C1",
            ),
            True,
        ),
    ],
)
def test_release_work_in_one_breath(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_PASSED, *story)
    assert code == (0 if passes else 1), out


def test_a_gate_said_to_pass_that_does_not_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_PASSED,
        "Given the coverage threshold is 80%",
        "And C1 has 50% coverage",
        "When C1 passes the unit tests and the scan",
    )
    assert code == 1, out
    assert "coverage 50% is below the threshold 80%" in out, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("one byte of C1's image is changed", "it was refused because a copied signature", True),
        ("an attacker tampers with C1", "it was refused because its waiver expired", False),
        ("C1 is tampered with after signing", "it was refused because it was made for", True),
    ],
)
def test_a_build_changed_after_signing_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_PASSED,
        "Given C1 passed every gate",
        f"When {said}",
        "And I deploy C1 to dev",
        f"Then {check}",
        "And dev runs nothing",
    )
    assert code == (0 if passes else 1), out
