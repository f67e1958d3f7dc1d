"""Where pods are after a node failure, as SREs and team leads say it: "every web pod is
running on one of the two healthy nodes", "no web pod is on a failed node", "node-2 and
node-3 hold all 4 web pods", "there were never more than 4 pods of web", and a deployment
"spread across them" (the nodes just said). Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("check", "settled", "passes"),  # settled: the failed node's pods were evicted
    [
        ("every web pod is running on one of the two healthy nodes", True, True),
        ("no web pod is on a failed node", False, False),
        ("no web pod is on a failed node", True, True),
        ("every web pod is running on one of the three healthy nodes", True, False),
        ("all web pods run on the ready nodes", False, False),
        ("node-2 and node-3 hold all 4 web pods", True, True),
        ("the other nodes carry all 4 web pods", True, True),
        ("node-2 carries all 4 web pods", True, False),
        ("2 web pods are left on a dead node", False, True),
        ("there were never more than 4 pods of web", True, True),
        ("there were never more than 3 pods of web", True, False),
        ("the cluster never ran more than 4 pods of web", True, True),
    ],
)
def test_pods_on_the_healthy_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, settled: bool, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given node failures are timed realistically",
        "And 3 nodes with 2 CPU each",
        'And a deployment "web" with 4 replicas requesting 1 CPU each',
        "When I reconcile until stable",
        "And node-1 dies",
        f"And {10 if settled else 2} minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        ('3 nodes with 2 CPU each and a deployment "web" with 3 replicas spread across them', True),
        ('3 nodes with 2 CPU each and a deployment "web" with 3 replicas', False),
        ('3 nodes and a deployment "web" with 3 replicas spread evenly across them', True),
    ],
)
def test_a_deployment_spread_across_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {declared}",
        "When I reconcile until stable",
        "Then web's pods are on 3 different nodes",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("replicas", "spread", "check", "passes"),
    [
        (3, True, "no two web pods share a node", True),
        (3, False, "no two web pods share a node", False),
        (6, True, "web pods are spread evenly across the nodes", True),
        (6, True, "every web pod is on a different node", False),
        (6, False, "the pods of web are evenly spread over the nodes", False),
        (3, True, "the web pods are on different nodes", True),
    ],
)
def test_one_pod_per_node_and_an_even_spread(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    replicas: int,
    spread: bool,
    check: str,
    passes: bool,
) -> None:
    spreading = " spread across the nodes" if spread else ""
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        f'And a deployment "web" with {replicas} replicas{spreading}',
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
