"""An error budget burning now said as a verb ("the error budget of checkout is burning",
"checkout is burning through its error budget", "… is no longer burning"), and an SLO kept
or missed said without "its" ("checkout is out of SLO", "checkout is within SLO")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SLO = (
    "Given checkout serves 100 requests per second",
    'And an SLO "checkout-availability" of 99.9% over 30 days for checkout',
)


@pytest.mark.parametrize(
    ("then_recovers", "check", "passes"),
    [
        (False, "Then the error budget of checkout is burning", True),
        (False, "Then checkout is burning through its error budget", True),
        (False, "Then the budget is no longer burning", False),
        (False, "Then checkout is out of SLO", True),
        (False, "Then checkout is within SLO", False),
        (True, "Then the error budget of checkout is burning", False),
        (True, "Then checkout has stopped burning its budget", True),
        (True, "Then checkout-availability's error budget is still being consumed", False),
    ],
)
def test_a_budget_burning_now(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    then_recovers: bool,
    check: str,
    passes: bool,
) -> None:
    """Half the requests fail for 10 minutes (the SLO is blown); then, maybe, 10 clean ones."""
    after = ("When checkout recovers", "And 10 minutes pass") if then_recovers else ()
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SLO,
        "When checkout fails 50% of requests for 10 minutes",
        *after,
        check,
    )
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out


def test_no_requests_is_neither_burning_nor_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SLO, "Then the budget is no longer burning")
    assert code == 1 and "no requests" in out, out
