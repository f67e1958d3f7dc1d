"""Cluster lines as team leads write them: a deployment said to have its replicas ("checkout
has 6 replicas requesting 500m CPU each"), requests said as needs, pods "stuck", pods that
"moved off" a node, a node "emptied", the autoscaler that "brought checkout back down", pods
"up the whole time". Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("declared", "check", "passes"),
    [
        ("checkout has 6 replicas requesting 500m CPU each", "6 checkout pods are running", True),
        ("checkout has 6 pods at v2", "every checkout pod runs v2", True),
        ("checkout is deployed with 6 replicas", "no checkout pod is stuck", True),
        ("checkout has 6 replicas requesting 3 CPU each", "no checkout pod is stuck", False),
        ("checkout has 6 pods at v2", "every checkout pod runs v1", False),
    ],
)
def test_a_deployment_said_to_have_its_replicas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        f"And {declared}",
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("needs", "pending", "passes"),
    [
        ("checkout needs 2 CPU per pod", 0, True),
        ("each checkout pod requests 3 CPU", 2, True),
        ("checkout needs 3 CPU per pod", 0, False),
    ],
)
def test_requests_said_as_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], needs: str, pending: int, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "checkout" with 4 replicas',
        f"And {needs}",
        "When I reconcile until stable",
        f"Then {pending} checkout pods are pending",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("checkout's pods moved off node-1", True),
        ("node-1 has been emptied", True),
        ("at least 4 checkout pods were up the whole time", True),
        ("checkout's pods moved off node-2", False),
        ("node-2 has been emptied", False),
        ("at least 5 checkout pods were healthy the whole time", False),
    ],
)
def test_pods_moved_and_nodes_emptied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "checkout" with 4 replicas requesting 2 CPU',
        "When I reconcile until stable",
        "And node-1 fails",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("replicas", "passes"), [(3, True), (6, False)])
def test_the_autoscaler_brought_it_back_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], replicas: int, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "checkout" with 6 replicas requesting 500m CPU per pod',
        "And an HPA on checkout with min 2, max 10 and a 50% CPU target",
        "When checkout's pods hit 20% CPU",
        "And 10 minutes pass",
        f"Then the autoscaler brought checkout back down to {replicas} replicas",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
