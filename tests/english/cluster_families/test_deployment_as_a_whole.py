"""A deployment's state said as a whole, as team leads say it: "web is fully rolled out",
"checkout is fully available", "web scales back down but not below 4 replicas". Each family
has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("cpu", "check", "passes"),
    [
        ("4", "web is fully rolled out", True),
        ("1", "web is fully available", False),
        ("4", "web is completely rolled out", True),
        ("1", "web is fully rolled out", False),
        ("4", "web is up to date and available", True),
    ],
)
def test_a_deployment_fully_rolled_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cpu: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given 1 node with {cpu} CPU",
        'And a deployment "web" of 4 replicas at v1 requesting 500m CPU',
        "When I roll out v2 of web",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("load", "check", "passes"),
    [
        ("100%", "web scales back down but not below 4 replicas", True),
        ("100%", "web scales back down but not below 5 replicas", False),
        ("50%", "web scales back down but not below 4 replicas", False),
        ("100%", "web scaled back down, but never below 4 pods", True),
        ("100%", "web scales down to no fewer than 4 replicas", True),
    ],
)
def test_scaled_back_down_but_not_below(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], load: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "web" of 4 replicas requesting 500m CPU',
        "And an HPA on web with min 4, max 12 and a target of 50% CPU utilization",
        f"When web is at {load} cpu",
        "And the HPA reconciles",
        "And I reconcile until stable",
        "And web is at 10% cpu",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
