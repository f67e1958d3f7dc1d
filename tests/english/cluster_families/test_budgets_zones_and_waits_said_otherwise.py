"""Cluster lines blind writers said otherwise (runs10, batch31-32): a disruption budget
said with a participle ("a disruption budget for "api" allowing at most 1 unavailable pod"),
pods counted in a zone as they are said to be there ("2 pods of "search" are in zone-a"),
and pods that wait said as what they say ("the pending pods say there is not enough cpu")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("budget", "passes"),
    [
        ('a disruption budget for "api" allowing at most 1 unavailable pod', True),
        ('a disruption budget for "api" allowing at most 3 unavailable pods', False),
        ("a disruption budget on api permitting 1 pod to be unavailable", True),
        ("a PDB for api tolerating at most 1 disrupted pod", True),
    ],
)
def test_a_budget_said_with_a_participle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "api" with 6 replicas requesting 500m CPU per pod',
        f"And {budget}",
        "When I reconcile",
        'Then the disruption budget "api" allows 1 disruption',
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('2 pods of "search" are in zone-a', True),
        ("all search pods are running in zone-b", False),
        ("no search pod is in zone-b", False),
        ('3 pods of "search" are in zone-b', True),
        ('1 pod of "search" is in zone-c', False),
    ],
)
def test_pods_said_to_be_in_a_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 5 nodes where node-1 and node-2 are in zone-a, node-3, node-4 and node-5 are in "
        "zone-b",
        'And a deployment "search" with 5 replicas spread across nodes',
        "When I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("replicas", "check", "passes"),
    [
        (10, "the pending pods say there is not enough cpu", True),
        (10, "the pending pods say there is not enough memory", False),
        (4, "the pending pods say there is not enough cpu", False),
        (10, "6 pods report insufficient cpu", True),
    ],
)
def test_pods_that_wait_say_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], replicas: int, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        f'And a deployment "batch" with {replicas} replicas requesting 2 CPU per pod',
        "When I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
