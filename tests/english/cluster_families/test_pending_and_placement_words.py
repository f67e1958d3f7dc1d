"""Pending pods with their reason said in words ("because of insufficient cpu", "the other 2
are pending for lack of CPU"), pods placed across a list of nodes, and "only node-2 and
node-4 have pods". Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_TOO_BIG = (
    "Given 2 nodes with 4 CPU and 8Gi memory each",
    'And a deployment "ingest" with 10 replicas requesting 1 CPU and 512Mi per pod',
    "When I reconcile",
    "Then 8 ingest pods are running",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("2 ingest pods are Pending because of insufficient cpu", True),
        ("2 ingest pods are pending due to insufficient CPU", True),
        ("2 ingest pods stay pending because no node has enough cpu", True),
        ("the other 2 are pending for lack of CPU", True),
        ("the remaining 2 pods are stuck pending due to a lack of cpu", True),
        ("2 ingest pods are Pending because of insufficient memory", False),
        ("3 ingest pods are pending due to insufficient cpu", False),
        ("the other 3 are pending for lack of CPU", False),
        ("the remaining 2 pods are pending because of insufficient memory", False),
    ],
)
def test_pending_with_a_reason_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_TOO_BIG, f"And {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


_AFTER_A_FAILURE = (
    "Given 4 nodes",
    'And a deployment "orders" with 8 replicas requesting 1 CPU',
    "When I reconcile until stable",
    "And node-1 and node-3 fail",
    "And I reconcile until stable",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("8 orders pods are running across node-2 and node-4", True),
        ("all 8 copies are spread across node-2 and node-4", True),
        ("only node-2 and node-4 have pods", True),
        ("only node-2 and node-4 run orders pods", True),
        ("the pods are only on node-2 and node-4", True),
        ("8 orders pods are running across node-1, node-2 and node-4", False),
        ("only node-2 has pods", False),
        ("only node-1, node-2 and node-4 have pods", False),
        ("only node-2 and node-4 run web pods", False),
        ("only node-2 and node-9 have pods", False),
    ],
)
def test_placement_over_a_list_of_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_AFTER_A_FAILURE, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("every web pod is on v2", True),
        ("all 4 web pods are now at v2", True),
        ("every web pod is on v1", False),
        ("all 4 web pods are on v3", False),
    ],
)
def test_a_version_said_on_is_the_version_not_a_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "web" with 4 replicas at v1',
        "When I reconcile until stable",
        'And I apply version "v2" of "web"',
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out and "a node named" not in out, out
    assert (code == 0) is passes, out
