"""Budgets said with "it" and proportions, and an SLO's pages counted or its quiet said in
one breath: "less than 35% of it is left", "half of it has been spent", "all of the error
budget of X is left", "X paged exactly once", "the SLO paged the on-call", "the SLO
neither pages nor opens a ticket". A wrong claim fails on the check, never on matching."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SLO = (
    'Given the service "checkout" serves 100 requests per second with 0% errors',
    'And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"',
    "When 30 days pass",
)
_OUTAGE = (*_SLO, "And checkout fails every request for 30 minutes")
"""30 minutes of 43.2 allowed: about 69% of the budget spent, 31% left."""


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[int, str]:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    return code, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then less than 35% of it is left", True),
        ("Then more than 35% of it is left", False),
        ("Then more than half of it has been spent", True),
        ("Then at most 10% of it was used", False),
        ("Then a quarter of checkout-availability's budget is still there", False),
        ("Then all of it is left", False),
        ('Then all of the error budget of "checkout-availability" is left', False),
        ("Then none of it has been spent", False),
    ],
)
def test_a_share_of_the_budget_after_an_outage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_OUTAGE, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then all of the error budget of "checkout-availability" is left', True),
        ("Then all of it remains", True),
        ("Then 100% of the budget is left", True),
        ("Then 50% of it remains", False),
        ("Then none of it was used", True),
        ("Then the SLO neither pages nor opens a ticket", True),
        ("Then checkout-availability never paged nor opened a ticket", True),
        ("Then the SLO paged the on-call", False),
        ('Then "checkout-availability" paged exactly once', False),
        ('Then "checkout-availability" paged 0 times', True),
    ],
)
def test_a_clean_month(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_SLO, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then "checkout-availability" paged exactly once', True),
        ("Then the SLO paged the on-call twice", False),
        ("Then the SLO paged the on-call", True),
        ("Then checkout-availability has paged more than once", False),
        ("Then the SLO neither pages nor opens a ticket", True),
        ("Then the SLO neither paged nor opened a ticket", False),
        ("Then the SLO doesn't page or open a ticket", True),
    ],
)
def test_one_page_then_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    """A 10-minute hard outage pages once; two days later nothing fires any more."""
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "checkout" serves 100 requests per second with 0% errors',
        'And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"',
        "When 1 hour passes",
        "And checkout fails 20% of requests for 10 minutes",
        "And 2 days pass",
        check,
    )
    assert (code == 0) is passes, out


def test_paging_while_it_still_fires(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        *_SLO,
        "And checkout starts failing 20% of requests",
        "And 10 minutes pass",
        "Then the SLO neither pages nor opens a ticket",
    )
    assert code != 0, out
    assert "its page alert" in out, out
