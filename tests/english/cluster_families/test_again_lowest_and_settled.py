"""Cluster lines as platform engineers and team leads write them: pods counted "again" or
"there are", replicas said without a state, pods declared by their count, bounds said in
other word orders ("at no point were fewer than 5 checkout pods ready", "at its lowest 3
ledger pods were ready"), budgets that keep "at least 5 available", a node that "ends up
empty", a deployment declared "all running", load said as an average, reconciling "until
nothing changes" and pods pending "on" a shortage. Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("all 3 replicas are running again", True),
        ("there are 3 invoices pods running again", True),
        ("there are 4 invoices pods running", False),
        ("all 4 replicas are running again", False),
        ("there are 3 pods of invoices running", True),
        ("there is 1 invoices pod pending", False),
        ("there are no invoices pods pending", True),
        ("every replica is running", True),
        ("all the replicas of invoices are running again", True),
        ("there are still 3 invoices pods running", True),
    ],
)
def test_pods_counted_again_or_said_to_be_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given 2 nodes and a deployment "invoices" with 3 replicas',
        "When I reconcile until stable",
        "And I delete one invoices pod",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "check", "passes"),
    [
        ('2 nodes and 3 pods of "invoices"', "3 invoices pods are running", True),
        ("2 nodes and 3 invoices pods", "4 invoices pods are running", False),
        ("2 nodes and 4 replicas of invoices", "4 invoices pods are running", True),
        ("2 nodes and 3 invoices pods", "3 invoices pods are running", True),
        ("2 nodes and 5 copies of invoices", "5 invoices pods are running", True),
        ('2 nodes and 3 pods of "invoices"', "2 invoices pods are running", False),
    ],
)
def test_pods_declared_by_their_count(
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
    ("check", "passes"),
    [
        ("at its lowest 3 ledger pods were ready", True),
        ("at its lowest 2 ledger pods were ready", False),
        ("at no point were fewer than 3 ledger pods ready", True),
        ("at no point were fewer than 4 ledger pods ready", False),
        ("at its lowest, 3 pods of ledger were ready", True),
        ("at no point were there fewer than 3 ledger pods ready", True),
        ("at their lowest 3 ledger pods were ready", True),
        ("at its lowest 4 ledger pods were ready", False),
    ],
)
def test_bounds_said_in_other_word_orders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given 2 nodes and a deployment "ledger" of 4 replicas at v1 with maxSurge 0 and '
        "maxUnavailable 1",
        "When I roll out v2 to ledger",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_the_lowest_is_judged_on_the_named_deployments_rollout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given 2 nodes and a deployment "ledger" of 4 replicas at v1 with maxSurge 0 and '
        "maxUnavailable 1",
        'And a deployment "audit" of 4 replicas at v1 with maxSurge 0 and maxUnavailable 1',
        "When I roll out v2 to ledger",
        "Then at its lowest 3 audit pods were ready",
    )
    assert code != 0 and 'a rollout of "audit"' in out, out


@pytest.mark.parametrize(
    ("budget", "check", "passes"),
    [
        (
            "a disruption budget for shop that keeps at least 4 available",
            "node-1 ends up empty",
            True,
        ),
        (
            "a disruption budget for shop that keeps at least 5 available",
            "node-1 ends up empty",
            False,
        ),
        ("a disruption budget for shop that keeps 5 available", "node-1 ends up empty", False),
        ("a PDB on shop keeping at least 4 running", "node-1 is left empty", True),
        ("shop has a disruption budget that keeps at least 5 up", "node-1 is left empty", False),
        (
            "a disruption budget for shop that keeps 4 available",
            "node-1 ended up with no pods",
            True,
        ),
        ("a disruption budget for shop that keeps at least 5 ready", "node-1 ends up empty", False),
    ],
)
def test_budgets_that_keep_some_available_and_nodes_that_end_up_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes with 2 CPU each",
        'And a deployment "shop" with 6 replicas requesting 1 CPU each',
        f"And {budget}",
        "When I reconcile until stable",
        "And I drain node-1",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("declared", "passes"),
    [
        (
            'a deployment "batch" of 4 replicas requesting 1 CPU each with priority 100, '
            "all running",
            True,
        ),
        ('a deployment "batch" of 5 replicas requesting 1 CPU each, all running', False),
        ('a deployment "batch" with 4 replicas requesting 1 CPU each, all of them running', True),
        ('a deployment "batch" of 2 replicas at v2, both running', True),
        ('a deployment "batch" of 4 replicas requesting 1 CPU each, all up and running', True),
        ('a deployment "batch" of 6 replicas requesting 1 CPU each, all of them running', False),
    ],
)
def test_a_deployment_declared_all_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 1 node with 4 CPU",
        f"And {declared}",
        "Then no batch pod is pending",
    )
    assert (code == 0) is passes, out
    if not passes:
        assert "story.feature:4" in out and "pending" in out, out


def test_a_deployment_declared_all_running_keeps_its_priority(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 1 node with 4 CPU",
        'And a deployment "batch" of 4 replicas requesting 1 CPU each with priority 100, all '
        "running",
        'When a deployment "checkout" of 2 replicas requesting 1 CPU each with priority 1000 is '
        "created",
        "And I reconcile until stable",
        "Then 2 checkout pods are running",
        "And only 2 batch pods are still running",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("load", "replicas", "passes"),
    [
        ("the pods of render average 100% CPU", 6, True),
        ("the pods of render average 60% CPU", 6, False),
        ("the pods of render run at 100% cpu utilization", 6, True),
        ("the pods of render use 100% CPU", 6, True),
        ("the pods of render are at 100% CPU", 5, False),
    ],
)
def test_load_said_as_the_pods_average(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], load: str, replicas: int, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given 4 nodes and a deployment "render" of 3 replicas requesting 500m CPU',
        "And an HPA on render with min 3, max 12 and a target of 50% CPU utilization",
        f"When {load}",
        "And the HPA reconciles",
        f"Then render has {replicas} replicas",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("reconcile", "count", "passes"),
    [
        ("I reconcile until nothing changes", 4, True),
        ("I reconcile until nothing more changes", 5, False),
        ("I keep reconciling until nothing changes", 4, True),
        ("I reconcile until things stop changing", 4, True),
        ("I reconcile until the cluster stops changing", 4, True),
    ],
)
def test_reconciling_until_nothing_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], reconcile: str, count: int, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'When a deployment "web" of 4 replicas is created',
        f"And {reconcile}",
        f"Then {count} web pods are running",
        "And reconciling again changes nothing",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the other 2 are stuck Pending on insufficient cpu", True),
        ("the other 2 are stuck pending on insufficient memory", False),
        ("the remaining 2 pods sit pending on a lack of cpu", True),
        ("the other 3 are stuck Pending on insufficient cpu", False),
        ("2 report pods are pending on not enough cpu", True),
    ],
)
def test_pods_pending_on_a_shortage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes with 2 CPU each",
        'And a deployment "report" of 6 replicas requesting 500m CPU each',
        "When node-1 and node-2 go down and I reconcile",
        "Then 4 report pods are running on node-3",
        f"And {check}",
    )
    assert (code == 0) is passes, out
