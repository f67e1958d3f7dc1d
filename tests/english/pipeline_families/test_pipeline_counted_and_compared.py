"""Failing unit tests counted with no total, a build that never reaches a gate or is
rejected at one, a scan said of a build "in" it, a build with no known vulnerabilities,
builds that share a digest or whose digests differ, a promotion named by its environment
and approved by someone, and a build that went nowhere. Each line is checked by the run it
feeds, and each check also where it must fail; "0 failing" is never read as failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "orders" version "3.1.1"', 'When I build "orders" as O2')


@pytest.mark.parametrize(
    ("said", "check"),
    [
        ("O2 has 3 failing unit tests", "O2 is rejected at the unit test gate"),
        ("2 unit tests of O2 fail", "O2 does not reach the scan"),
        ("three of O2's unit tests fail", "O2 never gets to the integration gate"),
        ("1 unit test of O2 failed", "the pipeline for O2 never reaches the sign gate"),
        ("3 of 400 unit tests of O2 fail", "O2 was turned back at unit"),
    ],
)
def test_failing_tests_counted_stop_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        f"Given {said}",
        "And the scan of O2 finds nothing",
        "When I run CI for O2",
        f"Then {check}",
        "And O2 went nowhere",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "check", "holds"),
    [
        ("O2 has no known vulnerabilities", "O2 does not reach the scan", False),
        ("the vulnerability scan finds nothing in O2", "O2 is rejected at the unit gate", False),
        ("O2 has no known vulnerabilities", "the pipeline for O2 passes", True),
        ("the image scan reports nothing for O2", "O2 goes green", True),
    ],
)
def test_a_clean_scan_said_of_the_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, holds: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of O2 pass with 95% coverage",
        f"And {said}",
        "And the integration suite for O2 passes",
        "When the pipeline runs for O2",
        f"Then {check}",
    )
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


def test_no_failing_tests_is_never_read_as_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, "Given O2 has 0 failing unit tests")
    assert code != 0 and "no step matches" in out, out


_TWO = (
    'Given a manifest "orders" version "3.1.0"',
    'When I build "orders" as O1',
    'And I build "orders" as O3',
    'Given a manifest "orders" version "3.1.1"',
    'When I build "orders" as O2',
)


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ("O1 and O3 share a digest", True),
        ("the digest of O1 is not the digest of O2", True),
        ("O1 doesn't have the same digest as O3", False),
        ("O1 and O2 share the same digest", False),
        ("the digest of O1 differs from the digest of O3", False),
    ],
)
def test_digests_shared_and_different(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TWO, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


@pytest.mark.parametrize(
    ("approval", "check", "holds"),
    [
        ("When Sam approves the prod promotion", "prod runs O2", True),
        ("When the prod promotion is approved by Sam", "Sam approved O2 for prod", True),
        ("When the promotion of O2 to prod gets approved by Sam", "O2 is nowhere", False),
        ("When 5 minutes pass", "O2 isn't running anywhere", False),
    ],
)
def test_a_promotion_named_by_its_environment(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    approval: str,
    check: str,
    holds: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given O2 passed every gate",
        "When I promote O2 to dev, then staging, then prod",
        approval,
        f"Then {check}",
    )
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out
