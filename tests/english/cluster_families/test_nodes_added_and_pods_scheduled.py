"""Cluster lines about nodes and scheduling as platform engineers say them: nodes sized
after a comma ("4 nodes, 8 CPUs each"), nodes added without a name ("I add 2 nodes", "a new
node joins"), pods that "got scheduled" or "failed to schedule", "healthy" pods, a node with
"no pods left". Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        ("a cluster with 4 nodes, 8 CPUs each", True),
        ("4 nodes, 4 CPUs each", False),
        ("3 nodes, 8 CPU and 16Gi memory each", True),
        ("a cluster of 4 nodes, 2 CPUs apiece", False),
        ("2 nodes, 12 CPUs each", True),
    ],
)
def test_nodes_sized_after_a_comma(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {declared}",
        'And a deployment "web" with 6 replicas requesting 3 CPU each',
        "When I reconcile until stable",
        "Then 6 web pods are running",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("added", "running", "passes"),
    [
        ("I add 2 nodes", 3, True),
        ("a new node joins the cluster", 3, False),
        ("2 more nodes join the cluster", 3, True),
        ("I add a node", 2, True),
        ("we add 2 more nodes with 8 CPU each", 3, True),
        ("I add another node with 2 CPU", 2, False),
    ],
)
def test_nodes_added_without_their_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], added: str, running: int, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 1 node with 4 CPU",
        'And a deployment "web" with 3 replicas requesting 3 CPU each',
        "When I reconcile until stable",
        f"And {added}",
        "And I reconcile until stable",
        f"Then {running} web pods are running",
    )
    assert (code == 0) is passes, out


def test_a_node_added_without_its_name_takes_the_next_free_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes",
        "When I add a node",
        "Then node-3 is Ready",
        "And there are 3 nodes",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("4 web pods got scheduled", True),
        ("2 web pods failed to schedule", False),
        ("1 web pod failed to schedule", True),
        ("all web pods have been scheduled", False),
        ("node-1 has no pods left", False),
        ("4 healthy web pods are running", True),
        ("web has 5 healthy pods", False),
    ],
)
def test_pods_scheduled_said_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes with 2 CPU each",
        'And a deployment "web" with 5 replicas requesting 1 CPU each',
        "When I reconcile until stable",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("4 of the 5 web pods are running", True),
        ("5 of the 5 web pods are running", False),
        ("web has 4/5 ready", True),
        ("web shows 4/6 ready", False),
        ("4 out of 5 web pods are ready", True),
        ("web has 4 of 5 pods running", True),
        ("1 of the 4 web pods is pending", False),
    ],
)
def test_some_of_all_the_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes with 2 CPU each",
        'And a deployment "web" with 5 replicas requesting 1 CPU each',
        "When I reconcile until stable",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
