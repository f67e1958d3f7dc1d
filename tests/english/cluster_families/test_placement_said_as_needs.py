"""Where a declared deployment's pods may go, said the way platform engineers say it: a need
for labelled nodes ("that needs nodes labeled k=v", "requiring nodes with label k=v"), a cap
of one per node ("spread one per node", "at most one per node"), a topology spread
constraint said by name ("with a topology spread constraint on zone with maxSkew 1"), and a
priority class named after "at priority" ("at priority best-effort"), also before the count.
Each twin leaves the clause out (or says another value) and must fail the same check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        (
            'a deployment "ml" with 2 replicas that needs nodes labeled gpu=true',
            True,
        ),
        (
            'a deployment "ml" of 2 replicas requiring nodes with label gpu=true',
            True,
        ),
        (
            'a deployment "ml" with 2 replicas that must run on nodes labelled gpu=true',
            True,
        ),
        (
            'a deployment "ml" with 2 replicas, which can only run on nodes labeled gpu=true',
            True,
        ),
        ('a deployment "ml" with 2 replicas that needs nodes labeled gpu=no', False),
        ('a deployment "ml" with 2 replicas', False),
    ],
)
def test_a_need_for_labelled_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a node "node-9" labelled gpu=true',
        f"And {declared}",
        "When I reconcile",
        "Then every ml pod is running on node-9",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        ('a deployment "zk" with 3 replicas, at most one per node', True),
        ('a deployment "zk" with 3 replicas spread one per node', True),
        ('a deployment "zk" of 3 replicas with no more than one pod per node', True),
        ('a deployment "zk" with 3 replicas and at most 1 pod per node', True),
        ('a deployment "zk" with 3 replicas', False),
    ],
)
def test_one_per_node_said_as_a_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        f"And {declared}",
        "When I reconcile",
        "Then 1 zk pod is Pending",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        (
            'a deployment "gw" of 4 and a topology spread constraint on zone with maxSkew 1',
            True,
        ),
        ('a deployment "gw" of 4 with a topology spread constraint across zones', True),
        (
            'a deployment "gw" of 4 and a zone topology spread constraint with a max skew of 1',
            True,
        ),
        (
            'a deployment "gw" of 4 and a topology spread constraint on hostname with maxSkew 1',
            False,
        ),
        ('a deployment "gw" of 4', False),
    ],
)
def test_a_topology_spread_constraint_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given the nodes:",
        "  | name   | cpu | labels                             |",
        "  | node-a | 8   | topology.kubernetes.io/zone=zone-a |",
        "  | node-b | 8   | topology.kubernetes.io/zone=zone-a |",
        "  | node-c | 8   | topology.kubernetes.io/zone=zone-b |",
        f"And {declared}",
        "When I reconcile",
        "Then 2 gw pods are running on node-c",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        ('a deployment "crawler" at priority best-effort with 2 replicas requesting 3 CPU', True),
        ('a deployment "crawler" with 2 replicas requesting 3 CPU at priority "best-effort"', True),
        (
            'a deployment "crawler" in priority class best-effort with 2 replicas requesting 3 CPU',
            True,
        ),
        ('a deployment "crawler" at priority critical with 2 replicas requesting 3 CPU', False),
    ],
)
def test_a_priority_class_named_after_at_priority(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a priority class "critical" with value 1000000',
        'And a priority class "best-effort" with value 0',
        f"And {declared}",
        "When I reconcile",
        'And a deployment "pay" at priority critical with 2 replicas requesting 3 CPU is created',
        "And I reconcile",
        "Then both pay pods are running",
        "And 2 crawler pods were preempted",
    )
    assert (code == 0) is passes, out
