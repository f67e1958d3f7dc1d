"""The pipeline as app developers and release engineers say it at length: coverage said
with a hedge or in a clause of its own ("pass with only 79% coverage", "398 unit tests pass
but coverage is only 84%"), tests said as someone's, the scanner as the one who finds, a
gate "shown as" blocked, a block "on" a finding and why, environments a build "went
through", a release "of" a project, a move "by digest", the end of a history and a
failure said as the pipeline's. Each line is checked by the run it feeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "payments" version "2.4.1"', 'When I build "payments" as P2')
_REST = ("And the scan of P2 finds nothing", "And the integration suite for P2 passes")


@pytest.mark.parametrize(
    ("said", "coverage"),
    [
        ("P2's unit tests pass with only 79% coverage", 79),
        ("398 unit tests of P2 pass but coverage is only 84%", 84),
        ("my unit tests on P2 all pass with 91% coverage", 91),
        ("45 unit tests of P2 pass with only 61% coverage", 61),
        ("our unit tests for P2 pass, but their coverage is just 84.5%", 84.5),
        ("the unit tests of P2 all passed with a mere 79% coverage", 79),
        ("Given 12 unit tests of P2 pass and code coverage came in at 88%", 88),
    ],
)
@pytest.mark.parametrize("bar", [85])
def test_coverage_said_with_a_hedge_is_the_coverage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, coverage: float, bar: int
) -> None:
    verdict = "passes" if coverage >= bar else "is blocked at the unit test gate"
    line = said if said.startswith("Given ") else f"Given {said}"
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given coverage must be at least {bar}%",
        *_BUILT,
        line,
        *_REST,
        "When I run the pipeline for P2",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("the scanner finds no vulnerabilities in P2", True),
        ("Trivy reports nothing for P2", True),
        ("the image scanner found no CVEs in P2", True),
        ("the scanner finds CVE-2026-7001 (CRITICAL) in P2", False),
    ],
)
def test_the_scanner_finds_what_the_scan_of_the_build_finds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of P2 pass with 95% coverage",
        f"And {said}",
        "And the integration suite for P2 passes",
        "When I run the pipeline for P2",
        "Then the pipeline passes" if passes else "Then the pipeline is blocked at the scan gate",
    )
    assert code == 0, out


_EXPIRED = (
    *_BUILT,
    "Given the unit tests of P2 pass with 95% coverage",
    "And the vulnerability scan of P2 reports CVE-2026-2210, HIGH, in openssl",
    'And waiver list version 7 excepts CVE-2026-2210 because "next base image" until 2026-03-01',
    "When I run the pipeline for P2 on 2026-03-15",
)


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ("the pipeline blocks on CVE-2026-2210 because its waiver expired", True),
        ("the pipeline is blocked on CVE-2026-2210", True),
        ("the release for P2 got blocked over CVE-2026-2210", True),
        ("the scan gate shows as blocked for P2", True),
        ("the scan gate is marked as blocked", True),
        ("the unit gate shows as blocked", False),
        ("the pipeline is blocked on CVE-2026-9999", False),
        ('the pipeline blocks on CVE-2026-2210 because "no waiver list"', False),
        ("the pipeline failure mentions CVE-2026-2210", True),
        ('the pipeline\'s failure says "coverage"', False),
    ],
)
def test_a_block_said_on_its_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_EXPIRED, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out


_P9_LIVE = (
    'Given a manifest "payments" version "2.8.0"',
    "And payments 2.8.0 is built as P9, passes every gate and is live in prod",
)


@pytest.mark.parametrize(
    ("lines", "check", "holds"),
    [
        (
            (
                "When release 2.8.1 of payments is built as P10",
                "Given P10 cleared every gate",
                "And P10 went through dev, staging and prod",
                "When I approve P10 for prod",
                "And I roll prod back to P9 by digest",
            ),
            "the history of prod ends with P10 and P9",
            True,
        ),
        (
            (
                "When payments release 2.8.1 is built as P10",
                "Given P10 passed every gate",
                "And P10 made it through dev and staging",
            ),
            "staging runs P10",
            True,
        ),
        (
            (
                "When release 2.8.1 of payments is built as P10",
                "Given P10 passed every gate",
                "And P10 went through dev",
            ),
            "staging runs P10",
            False,
        ),
        (
            (
                "When release 2.8.1 of payments is built as P10",
                "Given P10 passed every gate",
                "And P10 went through dev, staging and prod",
                "When I approve P10 for prod",
            ),
            "the history of prod ends with P9 and P10",
            True,
        ),
        (
            (
                "When release 2.8.1 of payments is built as P10",
                "Given P10 passed every gate",
                "And P10 went through dev, staging and prod",
                "When I approve P10 for prod",
            ),
            "the history of prod ends with P10 and P9",
            False,
        ),
        ((), "prod's history begins with P9", True),
        ((), "the history of prod ends with P10, P9", False),
    ],
)
def test_releases_that_went_through_and_histories_that_end(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    holds: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_P9_LIVE, *lines, f"Then {check}")
    assert (code == 0) == holds, out
    assert "no step matches" not in out, out
