"""What one pod can take ("each orders pod can take at most 50 requests per second": beyond
it, requests fail) and an HPA's target said with an article ("api autoscales between 2 and
10 replicas at a 60% CPU target")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "said",
    [
        "api autoscales between 2 and 10 replicas at a 60% CPU target",
        "an HPA for api from 2 to 10 replicas for a 60% cpu target",
        "api autoscales between 2 and 10 replicas at an average 60% CPU",
        "api autoscales between 2 and 10 replicas at 60% CPU",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"), [("api has 3 replicas", True), ("api has 2 replicas", False)]
)
def test_an_hpa_target_said_with_an_article(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "api" of 2 replicas',
        f"And {said}",
        "When api's CPU usage goes up to 90%",
        "And the cluster reconciles",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "said",
    [
        "each orders pod can take at most 50 requests per second",
        "every orders pod can cope with at most 50 requests a second",
        "a pod of orders can take at most 50 requests per second",
    ],
)
@pytest.mark.parametrize(
    ("rate", "check", "passes"),
    [
        (150, "the error rate of orders is 0%", True),
        (300, "the error rate of orders is 0%", False),
        (300, "the error rate of orders is about 33%", True),
    ],
)
def test_what_one_pod_can_take(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    said: str,
    rate: int,
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a 3-node cluster running 4 replicas of "orders"',
        f"And {said}",
        f"And orders gets {rate} requests per second",
        "When 5 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
