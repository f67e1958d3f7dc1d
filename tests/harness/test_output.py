"""What kubeloop run prints: -q keeps only failures, paths stay short and runnable."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.shown_paths import SHIPPED, from_shown, relative

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


def test_the_shipped_suite_is_shown_short_and_the_short_form_runs_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # outside the repository, as a learner's project is
    feature = SHIPPED / "cluster" / "reconciliation" / "the-loop.feature"
    assert relative(feature) == "kubeloop:cluster/reconciliation/the-loop.feature"
    assert Path(from_shown(relative(feature))).resolve() == feature.resolve()


def test_quiet_prints_only_failures_and_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "two.feature").write_text(
        "Feature: two\n"
        "  Scenario: good one\n    Given 3 nodes\n    Then there are no pods\n"
        "  Scenario: bad one\n    Given 3 nodes\n    Then there are 2 pods\n"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["run", "-q", "two.feature"]) == 1
    out = capsys.readouterr().out
    assert "Scenario: bad one" in out and "✗ Then there are 2 pods  (two.feature:7)" in out
    assert "good one" not in out
    assert "1 passed, 1 failed, 0 skipped" in out
    assert "kubeloop run two.feature:5" in out


def test_a_line_nothing_matches_after_a_failure_is_undefined_not_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cucumber matches every step before it runs, so one run shows every undefined line."""
    (tmp_path / "late.feature").write_text(
        "Feature: late\n  Scenario: fails, then an unknown line\n    Given 3 nodes\n"
        "    Then there are 2 pods\n    And the clusterr is purple\n    And there are no pods\n"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["run", "late.feature"]) == 1
    out = capsys.readouterr().out
    assert "? And the clusterr is purple  (late.feature:5)" in out
    assert 'late.feature:5: no step matches Then "the clusterr is purple"' in out
    assert "- And there are no pods" in out  # a known phrase not reached stays skipped


def test_init_writes_a_project_that_runs_green_and_checks_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["init", str(tmp_path / "proj")]) == 0
    for name in (
        "features/my-cluster.feature",
        "features/fixtures/extra.yaml",
        "README.md",
        ".github/workflows/kubeloop.yml",
        ".gitlab-ci.yml",
    ):
        assert (tmp_path / "proj" / name).is_file(), name
    monkeypatch.chdir(tmp_path / "proj")
    assert main(["check"]) == 0
    assert main(["run", "-q"]) == 0
    assert "4 passed, 0 failed" in capsys.readouterr().out
    assert main(["init", "."]) == 1, "an existing project is never overwritten"


def test_a_failure_drawing_shows_the_learners_own_nodes() -> None:
    from kubeloop.render import cluster_picture  # noqa: PLC0415

    class Pod:
        def __init__(self, name: str, node: str | None) -> None:
            self.name, self.node = name, node

    class NoNodes:  # an engine with the contract only: pods, but no nodes()
        def pods(self) -> list[Pod]:
            return [Pod("web-1", "node-1")]

    picture = cluster_picture(NoNodes(), known_nodes=["node-1", "node-2", "node-3"])
    assert "node-1       pods: web-1" in picture
    assert "node-3       pods: -" in picture and "no nodes" not in picture


def test_the_scoreboard_is_printed_only_when_grading_an_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "tagged.feature").write_text(
        "Feature: tagged\n  @task-1 @points=2\n  Scenario: one\n    Given 3 nodes\n"
        "    Then there are no pods\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KUBELOOP_ENGINE", raising=False)
    assert main(["run", "tagged.feature"]) == 0
    assert "scoreboard" not in capsys.readouterr().out, "kubeloop run on its own suite"
    assert main(["run", "tagged.feature", "--engine", "kubeloop"]) == 0
    assert "scoreboard (in learning order):" in capsys.readouterr().out
