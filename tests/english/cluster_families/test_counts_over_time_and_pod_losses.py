"""Counts said over the whole run ("api never dropped below 2 replicas", "stayed between 2 and
8 replicas", "no node runs more than 2 api pods", "on 3 different nodes"), pods that cannot be
scheduled, pods lost in words ("2 api pods crash"), drains blocked by the budget, and the
cluster said to have grown. Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SCALED = (
    "Given 3 nodes",
    'And a deployment "api" with 4 replicas requesting 1 CPU',
    "When I reconcile until stable",
    "And I scale api to 2 replicas",
    "And I let the cluster settle",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("api never dropped below 2 replicas", True),
        ("api stayed between 2 and 4 replicas", True),
        ("api never went above 4 pods", True),
        ("at no point were there more than 4 api pods", True),
        ("api never dropped below 3 replicas", False),
        ("api stayed between 2 and 3 replicas", False),
        ("api never went above 3 pods", False),
    ],
)
def test_counts_over_the_whole_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SCALED, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("no node runs more than 2 api pods", True),
        ("api's pods are on 2 different nodes", True),
        ("no node runs more than 1 api pod", False),
        ("api's pods are on 3 different nodes", False),
    ],
)
def test_pods_per_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "api" with 4 replicas requesting 2 CPU',
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("2 ingest pods can't be scheduled", True),
        ("2 ingest pods remain unschedulable", True),
        ("2 ingest pods cannot be scheduled due to insufficient cpu", True),
        ("3 ingest pods can't be scheduled", False),
        ("2 ingest pods cannot be scheduled due to insufficient memory", False),
    ],
)
def test_pods_that_cannot_be_scheduled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes with 4 CPU and 8Gi memory each",
        'And a deployment "ingest" with 10 replicas requesting 1 CPU per pod',
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("loss", "left"),
    [
        ("2 api pods crash", 2),
        ("I kill one api pod", 3),
        ("an api pod dies", 3),
        ("5 api pods crash", 4),
    ],
)
def test_pods_lost_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], loss: str, left: int
) -> None:
    """Lost pods are gone until the next reconcile; more than there are is refused whole."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "api" with 4 replicas',
        "When I reconcile until stable",
        f"And {loss}",
        f"Then {left} api pods are running",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (left < 4), out


@pytest.mark.parametrize(
    ("budget", "passes"),
    [("with minAvailable 4", True), ("with maxUnavailable 4", False)],
)
def test_a_drain_blocked_by_the_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "api" with 4 replicas',
        f"And a disruption budget for api {budget}",
        "When I reconcile until stable",
        "And I drain node-1",
        "Then the drain was blocked by the disruption budget",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("count", "passes"), [(3, True), (4, False)])
def test_the_cluster_said_to_have_grown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], count: int, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes and a cluster autoscaler that can grow the cluster to 4 nodes",
        'And a deployment "etl" with 12 replicas requesting 1 CPU per pod',
        "When the cluster autoscaler runs",
        f"Then the cluster has grown to {count} nodes",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("api stays under 5 replicas", True),
        ("api has scaled down to fewer than 3 replicas", True),
        ("api stays under 4 replicas", False),
        ("api has scaled down to fewer than 2 replicas", False),
    ],
)
def test_bounds_said_under_and_more_than(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SCALED, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("version", "passes"), [("v2.6.0", True), ("v2.5.0", False)])
def test_pods_end_up_on_a_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], version: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "payments-api" with 4 replicas at v2.5.0, each pod asking for 1 CPU',
        "When I reconcile until stable",
        'And I apply version "v2.6.0" of "payments-api"',
        "And I reconcile until stable",
        f"Then every payments-api pod ends up on {version}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
