"""Nodes put in zones and pools in one line, and pods counted per zone or pool.

Zones: "node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b", "2 nodes in zone-a and
2 in zone-b", each node labelled topology.kubernetes.io/zone; "each zone has exactly 2 web
pods", "zone-b has 1 web pod". Pools: 'a node pool "gpu" with 2 nodes of 8 CPU labeled k=v'
(a node group that does not grow), "both ml pods are placed on gpu pool nodes". Each twin
says another count or another pool and must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_SPREAD = 'a deployment "web" of 4 and a topology spread constraint on zone with maxSkew 1'


@pytest.mark.parametrize(
    ("zones", "check", "passes"),
    [
        (
            "4 nodes where node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b",
            "each zone has exactly 2 web pods",
            True,
        ),
        ("2 nodes in zone-a and 2 in zone-b", "every zone runs 2 web pods", True),
        ("4 nodes, 2 in zone-a and 2 in zone-b", "there are 2 web pods in each zone", True),
        (
            "4 nodes where node-1 is in zone-a, node-2 in zone-a and node-3 and node-4 in zone-b",
            "zone-b has 2 web pods",
            True,
        ),
        ("a cluster of 3 nodes, 2 in zone 1 and 1 in zone 2", "zone-2 has 2 web pods", True),
        ("2 nodes in us-east-1a and 2 in us-east-1b", "each zone has exactly 3 web pods", False),
        ("3 nodes in zone-a and 1 in zone-b", "zone-a has 3 web pods", False),
    ],
)
def test_nodes_in_zones_and_pods_per_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], zones: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {zones}",
        f"And {_SPREAD}",
        "When I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_a_count_that_disagrees_with_the_zones_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 5 nodes where node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b",
        "Then the cluster has 0 nodes",
    )
    assert code != 0 and "the zones list 4" in out, out


@pytest.mark.parametrize(
    ("pools", "check", "passes"),
    [
        (
            'a node pool "gpu" with 2 nodes of 8 CPU and 32Gi memory labeled accelerator=nvidia',
            "both ml pods are placed on gpu pool nodes",
            True,
        ),
        (
            "a gpu node pool of 2 nodes with 8 cpu each, labelled accelerator=nvidia",
            "every ml pod is running in the gpu pool",
            True,
        ),
        (
            'a node pool called "gpu" with 1 node labeled accelerator=nvidia',
            "all ml pods run on nodes of the gpu pool",
            True,
        ),
        (
            'a node pool "gpu" with 2 nodes of 8 CPU and 32Gi memory labeled accelerator=nvidia',
            "both ml pods are on the general pool",
            False,
        ),
    ],
)
def test_named_pools_and_pods_in_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pools: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a node pool "general" with 3 nodes of 4 CPU and 16Gi memory',
        f"And {pools}",
        'And a deployment "ml" with 2 replicas that needs nodes labeled accelerator=nvidia',
        "When I reconcile",
        f"Then {check}",
        "And node group general has 3 nodes",
    )
    assert (code == 0) is passes, out
