"""Checks platform engineers write after a scheduling, drain or scaling event, each family in
several wordings of my own, each with a twin that must fail:

- why pods wait: a rule named ("because of anti-affinity", "due to its node selector"), a
  reason quoted bare ("with reason Insufficient memory"), a count without its noun after the
  line that named the pods ("2 are stuck Pending"), "sit in Pending";
- a layout: "3 redis pods are running, one on each node";
- bounds over a drain: "no more than 1 api pod was unavailable during the drain", "never fewer
  than 7 of them were ready";
- the HPA held at a bound: "the HPA is pinned at its maximum";
- a cluster that may grow, said with its nodes; priority classes listed with their values."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the fourth redis pod is Pending because of anti-affinity", True),
        ("the last redis pod stays pending due to pod anti-affinity", True),
        ("1 redis pod can't be scheduled because of anti-affinity", True),
        ("3 redis pods are running, one on each node", True),
        ("all 3 running redis pods are running, each on its own node", True),
        ("the fourth redis pod is Pending because of its node selector", False),
        ("the remaining redis pod is Pending because of taints", False),
    ],
)
def test_a_rule_named_as_the_reason_and_one_on_each_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "redis" with 4 replicas, at most one per node',
        "When I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_one_on_each_node_fails_when_two_share_a_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "redis" with 3 replicas',
        "When I reconcile",
        "Then 3 redis pods are running, one on each node",
    )
    assert code != 0 and "no two on one node" in out, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("2 are stuck Pending because there isn't enough CPU", True),
        ("the other 2 are Pending with reason Insufficient cpu", True),
        ("2 sit in Pending", True),
        ("2 are stuck Pending with reason Insufficient memory", False),
        ("3 are Pending", False),
    ],
)
def test_why_pods_wait_said_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes with 4 CPUs each",
        'And a deployment "reports" of 10 pods asking for 1 CPU apiece',
        "When the scheduler runs",
        "Then 8 reports pods are running",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("no more than 1 api pod was unavailable at any point during the drain", True),
        ("at most 1 pod of api was down during the drain", True),
        ("api never had more than 1 pod unavailable throughout the drain", True),
        ("no more than 0 api pods were unavailable during the drain", False),
    ],
)
def test_unavailable_pods_over_a_drain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given 4 nodes and a deployment "api" of 8 replicas requesting 1 CPU',
        "And deployment api takes 30 seconds to become ready",
        'And "api" has a disruption budget of maxUnavailable 1',
        "When 2 minutes pass",
        "And node-1 is drained",
        "And the cluster reconciles",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("never fewer than 7 of them were ready", True),
        ("there were never fewer than 7 gateway pods ready", True),
        ("never fewer than 7 gateway pods were up", True),
        ("never fewer than 8 of them were ready", False),
    ],
)
def test_never_fewer_ready_said_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "gateway" with 8 replicas at v1, maxSurge 2 and maxUnavailable 1',
        "When I reconcile until stable",
        "And we roll gateway out to v2",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("load", "check", "passes"),
    [
        ("150%", "the HPA is pinned at its maximum", True),
        ("150%", "the HPA for ingest is stuck at its max of 8 replicas", True),
        ("150%", "the HPA has hit its ceiling", True),
        ("100%", "the HPA is pinned at its maximum", False),
        ("150%", "the HPA for ingest is capped at its max of 10 replicas", False),
    ],
)
def test_the_hpa_held_at_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], load: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "ingest" of 4 replicas requesting 500m CPU each',
        "And an HPA for ingest with min 2, max 8 and a 50% CPU utilization target",
        f"When ingest runs at {load} CPU utilization",
        "And I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("cluster", "passes"),
    [
        ("a cluster of 2 nodes where the cluster autoscaler may grow to 5 nodes", True),
        ("a cluster of 2 nodes that the cluster autoscaler can grow up to 5", True),
        ("2 nodes which may grow to 5 nodes", True),
        ("a 2-node cluster that can scale up to 5", True),
        ("a cluster of 2 nodes that the cluster autoscaler may grow to 3 nodes", False),
    ],
)
def test_a_cluster_that_may_grow_said_with_its_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cluster: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {cluster}",
        'And a deployment "batch" with 10 replicas requesting 1500m CPU each',
        "When the cluster autoscaler runs",
        "And the cluster autoscaler runs",
        "And the cluster autoscaler runs",
        "Then no batch pod is Pending",
        "And the cluster has 5 nodes",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("classes", "passes"),
    [
        ('priority classes "critical" at 1000000 and "best-effort" at 0', True),
        ("PriorityClasses critical of 1000000, normal of 100 and best-effort of 0", True),
        ('the priority classes "critical" with value 1000000 and "best-effort" with value 0', True),
        ('priority classes "critical" at 0 and "best-effort" at 1000000', False),
    ],
)
def test_priority_classes_listed_with_their_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], classes: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        f"And {classes}",
        'And a deployment "crawler" at priority best-effort with 2 replicas asking for 3 CPU each',
        "When I reconcile",
        'And a deployment "pay" at priority critical with 2 replicas asking for 3 CPU is created',
        "And I reconcile",
        "Then both pay pods are running",
        "And 2 crawler pods were preempted",
    )
    assert (code == 0) is passes, out
