"""The cluster autoscaler said in words: "a cluster autoscaler that can grow the cluster to 4
nodes" (its nodes follow on as node-3, node-4, shaped as the nodes there) and "the cluster
autoscaler runs" (one loop and the nodes it asked for joining). Each case has a twin that must
fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("autoscaler", "replicas", "check", "passes"),
    [
        (
            "a cluster autoscaler that can grow the cluster to 4 nodes",
            12,
            "there are 3 nodes",
            True,
        ),
        ("a cluster autoscaler that can grow the cluster to 4 nodes", 12, "node-3 is Ready", True),
        ("a cluster autoscaler with a maximum of 4 nodes", 20, "there are 4 nodes", True),
        ("the cluster can autoscale up to 3 nodes", 20, "8 etl pods are pending", True),
        (
            "a cluster autoscaler that can grow the cluster to 4 nodes",
            12,
            "there are 4 nodes",
            False,
        ),
        ("a cluster autoscaler with a maximum of 4 nodes", 20, "nothing is Pending", False),
        ("the cluster can autoscale up to 3 nodes", 20, "node-4 is Ready", False),
    ],
)
def test_the_cluster_grows_to_its_bound(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    autoscaler: str,
    replicas: int,
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given 2 nodes and {autoscaler}",
        f'And a deployment "etl" with {replicas} replicas requesting 1 CPU per pod',
        "When the cluster autoscaler runs and I reconcile",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


def test_a_bound_at_or_below_the_nodes_there_are_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes and a cluster autoscaler that can grow the cluster to 2 nodes",
        "Then there are 2 nodes",
    )
    assert code != 0 and "room to grow past the 2 node(s)" in out, out


def test_new_nodes_have_the_shape_of_the_nodes_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes with 8 CPU and 16Gi memory each",
        "And a cluster autoscaler that can grow the cluster to 3 nodes",
        'And a deployment "etl" with 24 replicas requesting 1 CPU per pod',
        "When the cluster autoscaler runs",
        "Then there are 3 nodes",
        "And all 24 etl pods are running",
    )
    assert "no step matches" not in out, out
    assert code == 0, out
