""" "The on-call was never paged" is "nobody was paged": no page alert fired so far. It was
read as an SLO called "on-call" (a misread that failed at run time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("failing", "check", "passes"),
    [
        ("checkout fails 0.4% of requests for 1 day", "the on-call was never paged", True),
        (
            "checkout fails 0.4% of requests for 1 day",
            "the on-call engineer didn't get paged",
            True,
        ),
        ("checkout fails 0.4% of requests for 1 day", "the on-call hasn't been paged", True),
        ("checkout fails 30% of requests for 1 hour", "the on-call was never paged", False),
        ("checkout fails 30% of requests for 1 hour", "the on-call was not paged", False),
    ],
)
def test_the_on_call_never_paged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given the service "checkout" serves 100 requests per second',
        'And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"',
        f"When {failing}",
        f"Then {check}",
    )
    assert "no step matches" not in out and "ambiguous" not in out.lower(), out
    assert 'an SLO named "on-call"' not in out, out
    assert (code == 0) is passes, out
