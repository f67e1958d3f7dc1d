"""A disruption budget said by what it allows or keeps, and a pod's capacity said as what it
handles: the same engine objects as the long forms, each with a case that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("budget", "allowed"),
    [
        ("that allows 1 pod to be unavailable", 1),
        ("that lets 3 pods go down", 3),
        ("that keeps at least 5 pods available", 1),
        ("that keeps at least 2 pods available", 4),
    ],
)
@pytest.mark.parametrize("off", [0, 1])
def test_a_budget_said_in_words_is_the_budget_it_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, allowed: int, off: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 6 replicas',
        f'And a disruption budget for "web" {budget}',
        "When I reconcile",
        f'Then the disruption budget "web" allows {allowed + off} disruptions',
    )
    assert (code == 0) is (off == 0), out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("each pod of web handles at most 50 requests per second", True),
        ("each web pod can handle at most 50 requests a second", True),
        ("every pod of web takes at most 10 requests per second", False),
    ],
)
def test_a_pods_capacity_said_as_what_it_handles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas',
        'And the service "web" serves 100 requests per second',
        f"And {said}",
        "When 5 minutes pass",
        "Then the error rate of web is 0%",
    )
    assert (code == 0) is passes, out
