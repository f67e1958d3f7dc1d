"""The scoreboard: learning order, points, and what the failures wait on."""

from __future__ import annotations

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.reports.scoreboard import scoreboard, waiting_on


def _record(feature: str, tags: list[str], status: str, message: str = "") -> ScenarioRecord:
    return ScenarioRecord(
        uri="x.feature",
        feature=feature,
        feature_line=1,
        feature_description="",
        feature_tags=tags,
        name="s",
        line=2,
        keyword="Scenario",
        tags=[],
        status=status,
        message=message,
    )


def test_rows_follow_the_task_numbers_and_the_next_step_comes_from_the_failures() -> None:
    records = [
        _record(
            "Rollouts",
            ["@task-4", "@points=2"],
            "failed",
            "engine lab: not implemented yet: Cluster.rolling_update",
        ),
        _record(
            "Rollouts",
            ["@task-4", "@points=2"],
            "failed",
            "engine lab: not implemented yet: Cluster.rolling_update",
        ),
        _record("The loop", ["@task-1"], "passed"),
        _record(
            "Scoring",
            ["@task-6", "@points=2"],
            "failed",
            "engine lab does not provide Cluster.set_scoring, which the step needs",
        ),
    ]
    board = scoreboard(records)
    lines = board.splitlines()
    assert lines[2].split()[:3] == ["1", "The", "loop"]
    assert lines[3].split()[:2] == ["4", "Rollouts"] and lines[3].endswith("0/2  0/4")
    assert "total" in lines[5] and lines[5].endswith("1/7")
    waiting = "2 scenarios wait on Cluster.rolling_update, 1 scenario waits on Cluster.set_scoring"
    assert waiting in board
    assert "next: implement Cluster.rolling_update (the first unfinished: task 4)" in board


def test_a_wrong_answer_waits_on_nothing() -> None:
    assert waiting_on(_record("f", [], "failed", "expected: 4 running")) is None


def test_an_extension_is_next_only_when_no_contract_member_waits() -> None:
    records = [
        _record("Node failure", ["@task-3"], "passed"),
        _record(
            "Node failure",
            ["@task-3"],
            "failed",
            "engine lab does not provide Cluster.events, which the step needs",
        ),
    ]
    board = scoreboard(records)
    assert "next: implement Cluster.events, an extension beyond the contract" in board
    assert "(1 scenario of task 3 use it)" in board
    records.append(
        _record(
            "Rollouts", ["@task-4"], "failed", "engine lab: not implemented yet: Cluster.rollback"
        )
    )
    assert "next: implement Cluster.rollback (the first unfinished: task 4)" in scoreboard(records)


def test_labs_come_in_order_each_with_its_own_tasks() -> None:
    gates = _record("Gates", ["@task-1"], "failed", "engine lab: not implemented yet: Pipeline.run")
    gates.uri = "features/pipeline/ladder.feature"
    loop = _record(
        "The loop", ["@task-2"], "failed", "engine lab: not implemented yet: Cluster.apply"
    )
    loop.uri = "kubeloop:cluster/reconciliation/the-loop.feature"
    lines = scoreboard([gates, loop]).splitlines()
    assert [line.strip() for line in lines[2:6:2]] == ["Lab 01 — cluster", "Lab 02 — pipeline"]
    assert lines[3].split()[:3] == ["2", "The", "loop"]
    assert lines[5].split()[:2] == ["1", "Gates"]
    assert "next: implement Cluster.apply (the first unfinished: task 2)" in lines[-1]


def test_the_contract_is_scored_apart_from_the_extensions() -> None:
    records = [
        _record("Loop", ["@task-1"], "passed"),
        _record("Loop", ["@task-1"], "failed", "engine: not implemented yet: Cluster.apply"),
        _record("Loop", ["@task-1"], "failed", "engine lab does not provide Cluster.events, …"),
        _record("Loop", ["@task-1"], "failed", "engine lab's Node does not accept ['labels']"),
    ]
    board = scoreboard(records)
    assert "the contract: 1/2 scenarios passed; 2 more need extensions beyond it" in board
    assert "the contract:" not in scoreboard(records[:2])
