"""Pipeline lines blind writers said otherwise (runs10, batch31-32): why the pipeline stopped
said as what the pipeline says ("the pipeline says the integration test evidence is
missing": every word that carries meaning is in the block, and with no block the check
fails), and a build an environment runs said with what happened to it ("prod runs R1 of
"checkout" which passed every gate": R1 passed every gate, then runs in prod)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BUILT = ('Given a manifest "payments" version "2.5.0"', 'When I build "payments" as P3')


@pytest.mark.parametrize(
    ("evidence", "check", "passes"),
    [
        ((), "the pipeline says the integration test evidence is missing", True),
        (
            ("And the integration tests of P3 pass",),
            "the pipeline says the integration test evidence is missing",
            False,
        ),
        ((), "the pipeline says the scan evidence is missing", False),
        ((), 'the build complained that "integration"', True),
    ],
)
def test_the_pipeline_says_why_it_stopped(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    evidence: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of P3 pass with 95% coverage",
        "And the scan of P3 finds nothing",
        *evidence,
        "When I run the pipeline for P3",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        ('prod runs R1 of "checkout" which passed every gate', "prod runs R1", True),
        ('prod runs R1 of "checkout" which passed every gate', "R1 is not signed", False),
        ('staging is running R1 of "checkout", which passed every gate', "staging runs R1", True),
        ('prod runs R1 of "checkout" which passed every gate', "R1 is signed", True),
    ],
)
def test_an_environment_runs_a_build_said_with_its_facts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, f"Given {given}", f"Then {check}")
    assert (code == 0) is passes, out
