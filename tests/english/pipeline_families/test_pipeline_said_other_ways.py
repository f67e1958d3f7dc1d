"""The pipeline said other ways than the phrases say it: a percentage in words, coverage
"of 91%" or "cover 91% of the code", tests that pass "on" a build, CI that runs "on" it, a
build that "goes green" or is "stopped at" a gate, a gate that "rejects" a build or that
the run "never reaches", an environment that "stays on" a build, a signature that "checks
out", a finding security "signs off on" and a waiver "there is". Each line is checked by
the run it feeds, and each check also where it must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "payments" version "2.4.1"', 'When I build "payments" as P2')
_REST = ("And the scan of P2 finds nothing", "And the integration suite for P2 passes")


@pytest.mark.parametrize(
    ("bar", "said", "passes"),
    [
        ("the coverage bar is eighty percent", "P2's unit tests pass with coverage of 91%", True),
        (
            "coverage must be at least ninety-five percent",
            "unit tests pass on P2 with 91% coverage",
            False,
        ),
        (
            "the coverage threshold is eighty-five percent",
            "the unit tests of P2 pass and cover 84% of the code",
            False,
        ),
        (
            "the coverage bar is 85 percent",
            "the unit tests of P2 pass with 91% line coverage",
            True,
        ),
        ("coverage must be at least 85 percent", "P2 has 84% line coverage", False),
        (
            "the coverage threshold is eighty percent",
            "the unit tests of P2 pass with coverage of 80%",
            True,
        ),
    ],
)
def test_coverage_and_its_bar_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bar: str, said: str, passes: bool
) -> None:
    extra = () if "unit tests" in said else ("And the unit tests of P2 pass",)
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {bar}",
        *_BUILT,
        f"Given {said}",
        *extra,
        *_REST,
        "When CI runs on P2",
        "Then P2 goes green" if passes else "Then P2 is stopped at the unit test gate",
    )
    assert code == 0, out


_LOW = (
    "Given the coverage threshold is 85%",
    *_BUILT,
    "Given the unit tests of P2 pass with 79% coverage",
    *_REST,
    "When the pipeline runs for P2",
)


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ("the coverage gate rejects P2", True),
        ("the pipeline never reaches the scan", True),
        ("the run stops at the unit gate", True),
        ("the integration tests are never run", True),
        ("P2 turned green", False),
        ("the run stops at the scan gate", False),
        ("the pipeline for P2 never reaches the unit gate", False),
        ("the scan gate rejects P2", False),
        ("P2's signature checks out", False),
    ],
)
def test_a_run_stopped_at_coverage_said_other_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_LOW, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


_LIVE = (
    'Given a manifest "payments" version "2.8.0"',
    "And payments 2.8.0 is built as P9, passes every gate and is live in prod",
    'Given a manifest "payments" version "2.8.1"',
    'When I build "payments" as P10',
)


@pytest.mark.parametrize(
    ("lines", "check", "holds"),
    [
        (
            ("Given P10 has passed every gate", "When I promote P10 to dev"),
            "prod stays on P9",
            True,
        ),
        (
            ("Given P10 has passed every gate",),
            "the signature on P10 checks out",
            True,
        ),
        (
            (
                "Given the unit tests of P10 pass with 95% coverage",
                "And the scan of P10 finds CVE-2026-1234 (HIGH) in openssl",
                "And the integration suite for P10 passes",
                "And security signs off on CVE-2026-1234 until 2099-01-01",
                "When CI runs on P10",
            ),
            "P10 went green",
            True,
        ),
        (
            (
                "Given the unit tests of P10 pass with 95% coverage",
                "And the scan of P10 finds CVE-2026-1234 (HIGH) in openssl",
                "And the integration suite for P10 passes",
                "And there is a waiver for CVE-2026-1234 until 2099-01-01",
                "When CI runs on P10",
            ),
            "P10 is green",
            True,
        ),
        (
            (
                "Given the unit tests of P10 pass with 95% coverage",
                "And the scan of P10 finds CVE-2026-1234 (HIGH) in openssl",
                "And the integration suite for P10 passes",
                "When CI runs on P10",
            ),
            "P10 is blocked on CVE-2026-1234",
            True,
        ),
        (
            ("Given P10 has passed every gate", "And P10 went through dev, staging and prod"),
            "prod stays on P9",
            True,
        ),
        (
            (
                "Given P10 has passed every gate",
                "And P10 went through dev, staging and prod",
                "When I approve P10 for prod",
            ),
            "prod remains on P9",
            False,
        ),
    ],
)
def test_environments_signatures_and_waivers_said_other_ways(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    holds: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_LIVE, *lines, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


@pytest.mark.parametrize(
    ("lines", "check", "holds"),
    [
        ((), "nothing was rolled back", True),
        (
            (
                "Given P10 has passed every gate",
                "And P10 went through dev, staging and prod",
                "When I approve P10 for prod",
                "And I roll prod back to P9 by digest",
            ),
            "there was no rollback",
            False,
        ),
        (
            (
                "Given P10 has passed every gate",
                "And P10 went through dev, staging and prod",
                "When I approve P10 for prod",
                "And I roll prod back",
            ),
            "the history of prod ends with 2.8.1 and 2.8.0",
            True,
        ),
        ((), "prod's history ends with 2.8.1", False),
    ],
)
def test_rollbacks_that_did_not_happen_and_histories_by_version(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    holds: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_LIVE, *lines, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


def test_nothing_deployed_says_nothing_about_rollbacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, "Then no rollback happened")
    assert code != 0 and "nothing was deployed anywhere" in out, out
