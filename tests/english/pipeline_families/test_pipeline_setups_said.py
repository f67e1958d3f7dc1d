"""A build's situation and the moves on it said plainly: a build that "is green" or "passed
CI", CI that "runs for" a build, a build "approved for prod by Dana" as it happens, "I
approve the prod promotion", "I roll back the prod release", "I redeploy B1 to prod",
failing tests counted against their total, a scan clean "with no CVEs". Each line is
checked by the run it feeds, and each family has a row that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "checkout" version "2.4.0"', 'When I build "checkout" as B1')


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("B1 is green", "B1 passes all its gates", True),
        ("B1 has passed CI", "dev runs nothing", True),
        ("the pipeline for B1 passed", "B1 can be promoted to dev", True),
        ("B1 has a green pipeline", "B1 is signed", True),
        ("B1 went green", "the pipeline is blocked", False),
    ],
)
def test_a_green_build_as_a_situation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("run", "verdict", "passes"),
    [
        ("CI runs for B1", "the pipeline passes", True),
        ("I push B1 through the pipeline", "the pipeline passes", True),
        ("we send B1 through CI", "the pipeline is blocked", False),
    ],
)
def test_ci_said_to_run_for_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], run: str, verdict: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given the unit tests of B1 pass with 90% coverage",
        "And B1 scans clean with no CVEs",
        "And the integration tests of B1 pass",
        f"When {run}",
        f"Then {verdict}",
    )
    assert (code == 0) is passes, out


_RELEASED = (
    *_BUILT,
    "Given B1 passed every gate and was promoted to dev, staging and prod",
    "And Dana approved B1 for prod",
    'Given a manifest "checkout" version "2.4.1"',
    'When I build "checkout" as B2',
    "Given B2 passed every gate",
    "When I promote B2 to dev, then staging, then prod",
)


@pytest.mark.parametrize(
    ("move", "check", "passes"),
    [
        ("B2 is approved for prod by Dana", "B2 was approved by Dana", True),
        ("I approve the prod promotion", "prod runs B2", True),
        ("Sam gets B2 approved for prod", "B2 was approved by Dana", False),
    ],
)
def test_an_approval_as_it_happens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_RELEASED, f"When {move}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("move", "check", "passes"),
    [
        ("I roll back the prod release", "B2 is the current prod build", False),
        ("I roll back the deploy in prod", "the current release in prod is B1", True),
        ("I redeploy B2 to prod", "the history of prod is B1, B2, B1 and B2", True),
    ],
)
def test_a_rollback_and_a_redeploy_said_plainly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_RELEASED,
        "When I approve the promotion of B2 to prod",
        "And I roll prod back to B1" if "redeploy" in move else "Then prod runs B2",
        f"When {move}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


_GREEN = {
    "unit": "Given the unit tests of B1 pass with 90% coverage",
    "scan": "And the scan of B1 finds nothing",
    "integration": "And the integration tests of B1 pass",
}


@pytest.mark.parametrize(
    ("said", "instead_of", "verdict"),
    [
        (
            "B1 has 2 failing integration tests out of 140",
            "integration",
            "is blocked at the integration gate",
        ),
        ("B1 has three failed unit tests of 412", "unit", "is blocked at the unit gate"),
        ("no vulnerabilities are found in B1", "scan", "passes"),
        ("B1 has no critical or high CVEs", "scan", "passes"),
        ("B1 has 0 failing integration tests out of 140", "integration", "passes"),
    ],
)
def test_failures_and_clean_scans_said_of_the_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, instead_of: str, verdict: str
) -> None:
    """The line stands for one gate's input; the others are green."""
    kept = [line for gate, line in _GREEN.items() if gate != instead_of]
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        *kept,
        f"And {said}",
        "When I run the pipeline for B1",
        f"Then the pipeline {verdict}",
    )
    assert code == 0, out
