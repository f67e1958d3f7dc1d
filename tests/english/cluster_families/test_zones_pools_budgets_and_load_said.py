"""Cluster lines of the fourteenth and fifteenth sessions' blind batches, in other words than
their writers': nodes said to "sit" or "live" in zones, joined by "while"; a pool named
before "pool" without "node" ("a gpu pool of 2 nodes") and pods "in the node pool gpu"; pods
"left" on a node after "there are"; a disruption budget with the pods' state before them
("needs 3 healthy pods": minAvailable, as "keeps at least"); CPU load said against the
request ("climbs to 200% of its requests": the utilization). Each has a twin that fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("zones", "check", "passes"),
    [
        (
            "node-1 and node-2 live in zone-a, whereas node-3 and node-4 reside in zone-b",
            'no pod of "shop" is in zone-a',
            True,
        ),
        (
            "node-1 sits in zone-a while node-2, node-3 and node-4 sit in zone-b",
            'no pod of "shop" is in zone-a',
            True,
        ),
        (
            "node-1, node-2 and node-3 sit in zone-a while node-4 sits in zone-b",
            'no pod of "shop" is in zone-a',
            False,
        ),
    ],
)
def test_nodes_said_to_sit_in_zones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], zones: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 4 nodes",
        f"And {zones}",
        'And a deployment "shop" with 2 replicas',
        "When node-1 and node-2 fail",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('all 2 pods of "train" are on the node pool gpu', True),
        ("there are no pods left on node-1", True),
        ('no pod of "train" is in the pool gpu', False),
        ("there are 2 pods still running on node-1", False),
    ],
)
def test_pools_named_before_pool_and_pods_left_on_a_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a gpu pool of 2 nodes with 8 CPU and 32Gi each, labelled accelerator=nvidia",
        "And 1 node",
        'And a deployment "train" with 2 replicas requesting 1 CPU with nodeSelector '
        "accelerator=nvidia",
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("budget", "allowed"),
    [
        ("a PDB on web that needs 3 healthy pods at all times", 1),
        ('a disruption budget for "web" requiring at least 2 ready pods', 2),
        ("a disruption budget for web with at least 3 running pods", 1),
    ],
)
@pytest.mark.parametrize("off_by", [0, 1])
def test_a_budget_said_with_the_state_before_the_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, allowed: int, off_by: int
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas',
        f"And {budget}",
        "When I reconcile until stable",
        f'Then the disruption budget "web" allows {allowed + off_by} disruptions',
    )
    assert (code == 0) is (off_by == 0), out


@pytest.mark.parametrize(
    ("load", "replicas", "passes"),
    [
        ("the cpu usage of worker climbs to 200% of its requests", 4, True),
        ("CPU load on worker spikes to 150% of the pods' CPU requests", 3, True),
        ("the cpu usage of worker climbs to 200% of requests", 2, False),
    ],
)
def test_cpu_load_said_against_the_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], load: str, replicas: int, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "worker" with 2 replicas requesting 500m CPU per pod',
        'And an autoscaler for "worker" between 2 and 8 replicas targeting 100% cpu',
        f"When {load}",
        "And I reconcile",
        f'Then "worker" has {replicas} replicas',
    )
    assert (code == 0) is passes, out
