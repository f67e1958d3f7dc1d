"""A deployment declared with its tolerations ("with no tolerations", "tolerating
gpu=true:NoSchedule"), its priority ("at priority 100"), spread without a maxSkew, created in
the passive ("… is created"), and the scheduler said as placing the pods. Each case has a twin
that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("declared", "check", "passes"),
    [
        ('a deployment "web" with 6 replicas and no tolerations', "no web pod is on node-3", True),
        (
            'a deployment "web" with 6 replicas tolerating gpu=true:NoSchedule',
            "some web pod is on node-3",
            True,
        ),
        (
            'a deployment "web" with 6 replicas and no tolerations',
            "some web pod is on node-3",
            False,
        ),
        (
            'a deployment "web" with 6 replicas with a toleration for gpu=true:NoSchedule',
            "no web pod is on node-3",
            False,
        ),
    ],
)
def test_tolerations_said_with_the_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And node-3 is tainted "gpu=true:NoSchedule"',
        f"And {declared}",
        "And the scheduler uses LeastAllocated",
        "When the scheduler places the pods",
        f"Then {check}",
        "And 6 web pods are running",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("payments", "check", "passes"),
    [
        ("at priority 1000000", "2 payments pods are running", True),
        ("at priority 1000000", "2 batch pods are Pending", True),
        ("at priority 1000000", "every pod of payments has priority 1000000", True),
        ("with a priority of 50", "2 payments pods are Pending", True),
        ("with a priority of 50", "2 payments pods are running", False),
        ("at priority 1000000", "all payments pods run at priority 100", False),
    ],
)
def test_priority_said_with_the_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], payments: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "batch" with 8 replicas requesting 1 CPU per pod at priority 100',
        "When I reconcile until stable",
        f'And a deployment "payments" with 2 replicas requesting 1 CPU per pod {payments} '
        "is created",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("spread", "check", "passes"),
    [
        ("spread across the nodes", "each node runs exactly 1 queue pod", True),
        ("evenly spread over the nodes", "each node runs exactly 1 queue pod", True),
        ("", "each node runs exactly 1 queue pod", False),
    ],
)
def test_spread_without_a_max_skew(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spread: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f'Given 3 nodes and a deployment "queue" of 3 replicas {spread}'.rstrip(),
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
