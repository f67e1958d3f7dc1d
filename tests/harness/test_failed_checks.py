"""A failed Then is drawn on the chart it read, through one seam (``FailedCheck``): each
chart marks the expected bound and the offending point or element for a failing check, and
draws nothing of the kind when no check failed."""

from __future__ import annotations

from pathlib import Path

from kubeloop.harness.errors import ScenarioAssertionError
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck, checks_of
from kubeloop.render.ladder import pipeline_pictures
from kubeloop.render.svg import cluster_map, rollout_chart
from kubeloop.render.telemetry_charts import TimeAxis, alert_timeline, telemetry_svg
from kubeloop.render.timeline import timeline_svg

MARK = 'class="failed-check"'


def test_world_fail_adds_the_words_and_the_time_of_the_check() -> None:
    world = World(None, "kubeloop", Path.cwd())
    world.clock.run_for(90)
    error = world.fail("3 ready pods", "2\nmore detail", FailedCheck("cluster", "web-1"))
    assert isinstance(error, ScenarioAssertionError)
    (check,) = checks_of([error.mark or {}])
    assert check == FailedCheck("cluster", "web-1", expected="3 ready pods", observed="2", time=90)
    assert checks_of([world.fail("x", "y").mark or {}])[0].time == 90, "every check has a moment"
    own = world.fail("x", "y", FailedCheck("alert", "A", time=30))
    assert checks_of([own.mark or {}])[0].time == 30, "a check that names its time keeps it"


def test_the_rollout_chart_marks_the_bound_and_the_pass_that_broke_it() -> None:
    steps = [{"total": 4, "ready": 4, "updated": 0}, {"total": 5, "ready": 3, "updated": 1}]
    rollout = {"deployment": "web", "replicas": 4, "ceiling": None, "floor": None, "steps": steps}
    check = FailedCheck("rollout", "web", "ready", 4, 3, ">=", 2, "at least 4 ready", "3")
    svg = rollout_chart(rollout, [check])
    assert svg.count(MARK) == 3, "the bound, its words, the pass circled"
    assert "✗ expected ≥ 4" in svg and "the check failed: expected at least 4 ready, saw 3" in svg
    assert MARK not in rollout_chart(rollout)
    assert MARK not in rollout_chart(rollout, [FailedCheck("rollout", "api", "ready", 4, 3)])


def test_the_alert_bands_mark_the_checked_time_and_band() -> None:
    alert = {
        "name": "Burn",
        "changes": [[0, "inactive"], [600, "firing"]],
        "severities": {"page": [[0, "inactive"]], "ticket": [[0, "inactive"], [600, "firing"]]},
    }
    check = FailedCheck("alert", "Burn", "page", expected="a page", observed="inactive", time=900)
    svg = alert_timeline(alert, TimeAxis(1200), [check])
    assert svg.count("<line") > 0 and svg.count(MARK) == 2, "one band line and the words"
    assert "✗ expected a page" in svg
    assert MARK not in alert_timeline(alert, TimeAxis(1200))
    assert MARK not in alert_timeline(alert, TimeAxis(1200), [FailedCheck("alert", "Other")])


def test_a_failed_query_check_gets_its_chart_with_the_bound_and_the_value_seen() -> None:
    data = {
        "now": 600,
        "queries": [{"expr": "sum(up)", "t": 300, "result": "2", "value": 2.0}],
    }
    check = FailedCheck("query", "sum(up)", "", 3, 1, ">=", expected='"sum(up)" >= 3', time=600)
    (svg,) = [p for p in telemetry_svg(data, [check]) if 'class="query"' in p]
    assert svg.count(MARK) == 3 and "✗ expected ≥ 3" in svg
    assert "300 s: 2</title>" in svg, "the evaluations the scenario kept"
    assert not any('class="query"' in p for p in telemetry_svg(data, []))


def test_the_cluster_map_outlines_the_pod_or_node_a_check_was_about() -> None:
    pod = {"name": "web-1", "deployment": "web", "version": "v1", "ready": False}
    snapshot = {"nodes": [{"name": "node-1", "pods": [pod]}], "pending": []}
    for subject in ("web-1", "node-1"):
        check = FailedCheck("cluster", subject, expected="ready", observed="not ready")
        svg = cluster_map(snapshot, [check])
        assert svg.count(MARK) == 2, subject  # the outline and the words under the map
        assert f"✗ {subject}: expected ready" in svg
    assert MARK not in cluster_map(snapshot)


def test_the_gate_ladder_outlines_the_checked_gate_of_the_artifacts_last_run() -> None:
    def run(number: int, artifact: str) -> dict[str, object]:
        gates = [{"gate": g, "status": "passed", "reason": "ok"} for g in ("unit", "scan")]
        return {"number": number, "artifact": artifact, "digest": "sha256:" + "0" * 64,
                "gates": gates}  # fmt: skip

    data = {"runs": [run(1, "D1"), run(2, "D2")], "environments": []}
    check = FailedCheck("ladder", "D2", "scan", expected="gate scan to block", observed="passed")
    first, second = pipeline_pictures(data, [check])
    assert MARK not in first
    assert second.count(MARK) == 1 and "✗ checked scan: expected gate scan to block" in second
    assert not any(MARK in p for p in pipeline_pictures(data))


def test_the_one_world_timeline_marks_the_checked_moment() -> None:
    data = {"end": 600, "pipeline": [], "rollouts": [], "links": [], "alerts": [],
            "rollbacks": [[300, "prod", "web", "R1", "paged"]], "traffic": []}  # fmt: skip
    check = FailedCheck(expected="no rollback", observed="a rollback", time=300)
    svg = timeline_svg(data, None, [check])
    assert svg.count(MARK) == 2 and "the check failed at 300s" in svg
    assert MARK not in timeline_svg(data)


def test_the_report_draws_a_failed_pod_check_on_the_cluster_map(tmp_path: Path) -> None:
    """The check travels from the Then step through the record to the HTML's picture."""
    from kubeloop.cli import main  # noqa: PLC0415

    (tmp_path / "pods.feature").write_text(
        "Feature: pods\n  Scenario: too few\n"
        "    Given a node node-1 with 4 cpu\n"
        '    And a deployment "web" with 2 replicas\n'
        "    When the cluster reconciles\n"
        '    Then 3 pods of "web" are running\n'
    )
    assert main(["run", str(tmp_path), "--report", str(tmp_path / "out")]) == 1
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert MARK in page and "expected 3 pods of &quot;web&quot; running" in page
