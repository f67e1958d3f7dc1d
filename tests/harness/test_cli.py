"""The kubeloop command: run, steps, validate, schemas."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.catalog import render
from kubeloop.harness.progress import Progress
from kubeloop.harness.runner import EXAMPLES, default_paths, tags_to_markers

ROOT = Path(__file__).parent.parent.parent
SCENARIO = "Feature: F\n  Scenario: s\n    Given 3 nodes and a deployment of 4\n"
PASSING = SCENARIO + "    Then 4 pods are running\n"
FAILING = SCENARIO + "    Then 5 pods are running\n"


def test_the_checked_in_catalog_matches_the_code() -> None:
    assert (ROOT / "docs" / "steps.md").read_text() == render("markdown"), (
        "docs/steps.md is stale: run `kubeloop steps --format markdown > docs/steps.md`"
    )


def test_steps_prints_every_phrase(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps"]) == 0
    out = capsys.readouterr().out
    assert "Given {count:n} [worker ]node(s)" in out and "e.g. When node-2 fails" in out
    assert "also: a cluster <of|with> {count:n}" in out


def test_run_exit_codes_and_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.feature", tmp_path / "bad.feature"
    good.write_text(PASSING)
    bad.write_text(FAILING)
    assert main(["run", str(good)]) == 0
    out = capsys.readouterr().out
    assert "✓ Then 4 pods are running" in out and "1 passed, 0 failed, 0 skipped" in out
    assert main(["run", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "✗ Then 5 pods are running" in out
    assert f"kubeloop run {bad}:2" in out or "bad.feature:2" in out
    assert main(["run", f"{bad}:2"]) == 1
    assert main(["run", f"{bad}:2", str(good)]) == 1
    assert "2 scenarios (1 passed, 1 failed)" in capsys.readouterr().out
    assert main(["run", str(tmp_path / "missing.feature")]) == 2


def test_run_freezes_the_collected_items_only_while_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    frozen: list[int] = []
    shown = Progress.show
    monkeypatch.setattr(
        Progress, "show", lambda self, r: (frozen.append(gc.get_freeze_count()), shown(self, r))
    )
    (tmp_path / "good.feature").write_text(PASSING)
    assert main(["run", str(tmp_path), "--compare", "kubeloop"]) == 0
    assert len(frozen) == 2 and min(frozen) > 1000  # one scenario, run by each engine
    assert gc.get_freeze_count() == 0


def test_run_selects_by_tag_and_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    feature = tmp_path / "tags.feature"
    feature.write_text(
        "Feature: T\n  @smoke\n  Scenario: quick\n    Given 1 node\n    Then 0 pods are running\n"
        "  Scenario: broken\n    Given 1 node\n    Then 3 pods are running\n"
    )
    assert main(["run", str(feature), "--tags", "@smoke"]) == 0
    assert main(["run", str(feature), "-k", "quick"]) == 0
    assert main(["run", str(feature), "--tags", "@nothing"]) == 1
    assert "no scenarios ran" in capsys.readouterr().out


def test_fail_fast_stops_at_the_first_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.feature").write_text(FAILING)
    (tmp_path / "b.feature").write_text(PASSING)
    assert main(["run", "-x", str(tmp_path)]) == 1
    assert "1 scenario (1 failed)" in capsys.readouterr().out


def test_outside_a_project_the_shipped_suite_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert default_paths() == [str(EXAMPLES)]
    assert list(EXAMPLES.rglob("*.feature"))


def test_cucumber_tag_expressions_become_marker_expressions() -> None:
    assert tags_to_markers("@smoke and not @wip") == "smoke and not wip"


def test_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["validate", str(ROOT / "features" / "cluster" / "fixtures" / "three-nodes.yaml")])
        == 0
    )
    assert main(["validate", str(ROOT / "tests" / "fixtures" / "corpus" / "typo-field.yaml")]) == 1
    out = capsys.readouterr().out
    assert 'typo-field.yaml:6:5: nodes[0].cpus: unknown field "cpus"' in out
    assert "Traceback" not in out
    with pytest.raises(SystemExit) as usage:
        main(["validate"])
    assert usage.value.code == 2


def test_schemas_are_exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schemas"]) == 0
    assert "cluster.schema.json" in capsys.readouterr().out
    assert main(["schemas", "--export", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in (ROOT / "schemas").glob("*.json")
    )


def test_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert '✓ Then the rollout stalls because "both 0"' in out
    assert "Scenario: The HPA asks for ceil(4 x 90 / 50) = 8 replicas" in out
    assert "7 passed, 0 failed, 0 skipped" in out and "✗" not in out


def test_the_scoreboard_is_printed_only_when_grading_an_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KUBELOOP_ENGINE", raising=False)
    (tmp_path / "task.feature").write_text("@task-1 @points=2\n" + PASSING)
    assert main(["run", "task.feature"]) == 0
    assert "scoreboard" not in capsys.readouterr().out, "kubeloop against itself: no grading"
    assert main(["run", "task.feature", "--engine", "kubeloop"]) == 0
    assert "scoreboard (in learning order):" in capsys.readouterr().out
