"""An HPA said with its Kubernetes field names, CPU load said as a share of the request or as a
usage per pod, the autoscaler having run, and the replicas it scaled to. Each case has a twin
that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("hpa", "load", "check", "passes"),
    [
        (
            "a HorizontalPodAutoscaler for worker with minReplicas 3, maxReplicas 8 and target "
            "CPU utilization 50%",
            "every worker pod runs at 200% of its CPU request",
            "worker has 8 replicas",
            True,
        ),
        (
            "an HPA for worker with minReplicas 3, maxReplicas 10, "
            "targetCPUUtilizationPercentage 50",
            "each worker pod is using 750m CPU",
            "worker scales up to 9 replicas",
            True,
        ),
        (
            "an HPA on worker with min 3, max 10 and average CPU utilization of 50%",
            "worker's CPU use rises to 1 CPU per pod",
            "worker ends up at 10 replicas",
            True,
        ),
        (
            "a HorizontalPodAutoscaler for worker with maxReplicas 10 and target CPU "
            "utilization 100%",
            "worker pods use 150% of their CPU requests",
            "worker has scaled out to 5 replicas",
            True,
        ),
        (
            "a HorizontalPodAutoscaler for worker with minReplicas 3, maxReplicas 6 and target "
            "CPU utilization 50%",
            "every worker pod runs at 200% of its CPU request",
            "worker has 8 replicas",
            False,
        ),
        (
            "an HPA for worker with minReplicas 3, maxReplicas 10, "
            "targetCPUUtilizationPercentage 75",
            "each worker pod is using 750m CPU",
            "worker scales up to 9 replicas",
            False,
        ),
        (
            "a HorizontalPodAutoscaler for worker with maxReplicas 10 and target CPU "
            "utilization 50%",
            "worker pods use 150% of their CPU requests",
            "worker has scaled out to 5 replicas",
            False,
        ),
    ],
)
def test_an_hpa_in_field_names_and_load_in_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    hpa: str,
    load: str,
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "worker" of 3 replicas requesting 500m CPU per pod',
        f"And {hpa}",
        "When I reconcile until stable",
        f"And {load}",
        "And 2 minutes pass",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("load", "check", "passes"),
    [
        ("search's CPU use drops to 100m per pod", "search scales down to 3 replicas", True),
        ("the CPU usage of search falls to 0.1 cores each", "search shrinks to 3 replicas", True),
        ("search's CPU use drops to 100m per pod", "search scales down to 2 replicas", False),
        ("each search pod uses 50m CPU", "search scales down to 3 replicas", False),
        # runs17, blind batch43: a deployment said to move to a utilization
        ('"search" drops to 20% cpu utilization', "search scales down to 3 replicas", True),
        ("search falls to 25% CPU", "search scales down to 3 replicas", True),
        ("search climbs to 150% cpu usage", "search has more than 6 replicas", True),
        ('"search" drops to 20% cpu utilization', "search has 6 replicas", False),
    ],
)
def test_scaling_when_the_load_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], load: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "search" with 6 replicas requesting 500m CPU per pod',
        "And an HPA on search with min 2, max 10 and a 50% CPU target",
        f"When {load}",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


def test_a_usage_needs_one_request_to_measure_against(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "search" with 0 replicas requesting 500m CPU per pod',
        "And an HPA on search with min 2, max 10 and a 50% CPU target",
        "When each search pod is using 750m CPU",
        "Then search has 0 replicas",
    )
    assert code != 0 and 'pods of "search" whose CPU request' in out, out


@pytest.mark.parametrize(
    ("run", "replicas", "passes"),
    [
        ("the autoscaler has run", 4, True),
        ("the HorizontalPodAutoscaler reacts", 4, True),
        ("the autoscaler has run", 2, False),
    ],
)
def test_the_autoscaler_having_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], run: str, replicas: int, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "search" with 2 replicas requesting 500m CPU per pod',
        "And search autoscales from 2 to 10 replicas targeting 60% CPU",
        "When each search pod is using 600m CPU",
        f"And {run}",
        f"Then search is at {replicas} replicas",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
