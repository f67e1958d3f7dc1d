"""Cluster details said without the API's field names: pods kept to labelled nodes ("that
only runs on nodes labelled disktype=ssd", "pinned to nodes with …": a nodeSelector), a
rollout's budget in words ("a surge of 1 and no unavailability", "zero downtime":
maxUnavailable 0), a node lost in other words ("loses power", "goes offline") and a node
"taken out of service" (drained). Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        ('a deployment "db" with 2 replicas that only runs on nodes labelled disktype=ssd', True),
        ('a deployment "db" with 2 replicas pinned to nodes with disktype=ssd', True),
        ('a deployment "db" of 2, restricted to nodes labeled disktype=ssd', True),
        (
            'a deployment "db" with 2 replicas which only lands on nodes with label disktype=ssd',
            True,
        ),
        ('a deployment "db" with 2 replicas', False),
    ],
)
def test_pods_kept_to_labelled_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a node "ssd-1" labelled disktype=ssd',
        f"And {declared}",
        "When I reconcile until stable",
        "Then every db pod is on ssd-1",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("rollout", "passes"),
    [
        ("I roll out v2 to web with a surge of 1 and no unavailability", True),
        ("we roll out v2 to web with a max surge of 1 and zero downtime", True),
        ("I roll out v2 to web with a surge of 1 pod and no pods down", True),
        ("I roll out v2 to web with a surge of 2 and no unavailability", False),
    ],
)
def test_a_rollout_budget_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rollout: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas at v1',
        "When I reconcile until stable",
        f"And {rollout}",
        "Then every web pod runs v2",
        "And at least 4 web pods were ready the whole time",
        "And there were never more than 5 web pods during the rollout",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("lost", "check", "passes"),
    [
        ("node-1 loses power", "node-1 is NotReady", True),
        ("node-1 goes offline", "node-1 is NotReady", True),
        ("node-1 drops off the network", "node-1 is NotReady", True),
        ("I take node-1 out of service", "node-1 is unschedulable", True),
        ("node-1 is taken out of rotation", "node-1 is unschedulable", True),
        ("I take node-1 out of service", "node-1 is NotReady", False),
        ("node-1 loses power", "node-2 is NotReady", False),
    ],
)
def test_a_node_lost_or_taken_out_of_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lost: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes",
        f"When {lost}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "check", "passes"),
    [
        ("web is running 4 replicas of v2 on 2 nodes", "every web pod runs v2", True),
        ("web runs 4 copies at v2 on 2 nodes", "4 web pods are running", True),
        ("web runs 4 replicas of v2", "every web pod runs v2", True),
        ("web runs 4 replicas at v1", "every web pod runs v2", False),
        (
            "2 nodes and web with 4 replicas spread across them",
            "2 web pods are on node-2",
            True,
        ),
        ("2 nodes and web with 4 replicas", "2 web pods are on node-2", False),
    ],
)
def test_a_deployment_said_by_what_it_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {declared}",
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "blocked"),
    [
        (
            'a deployment "api" with 6 replicas and a disruption budget of at least 5 available',
            True,
        ),
        ('a deployment "api" with 6 replicas that always keeps 5 running', True),
        ('a deployment "api" of 6 with a PDB allowing 1 pod down', True),
        ('a deployment "api" with 6 replicas and a PDB with minAvailable 5', True),
        ('a deployment "api" with 6 replicas and a PodDisruptionBudget of maxUnavailable 1', True),
        ('a deployment "api" with 6 replicas', False),
    ],
)
def test_a_disruption_budget_said_with_its_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, blocked: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        f"And {declared}",
        "When I reconcile until stable",
        "And I drain node-1 with a timeout of 1 second",
        "Then the drain is blocked by the PDB",
    )
    assert (code == 0) is blocked, out


def test_a_budget_the_engine_refuses_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "api" with 6 replicas and a PDB with minAvailable 101%',
        "Then 6 api pods are running",
    )
    assert code != 0 and "story.feature:4" in out and "greater than 100%" in out, out
