"""``kubeloop explore`` finds each planted bug within its default budget, shrinks it to a
short scenario that fails for the planted reason, and finds nothing on kubeloop itself."""

from __future__ import annotations

import importlib
import io
from pathlib import Path

import pytest

import kubeloop
from kubeloop.cli import main
from kubeloop.harness.errors import ScenarioAssertionError
from kubeloop.harness.explore.command import ExploreOptions, feature_text, run
from kubeloop.harness.explore.explorer import Budget, Tally, explore
from kubeloop.harness.explore.story import StartError, Step, fresh_world, run_givens, run_step
from kubeloop.harness.explore.story import starts as starts_of

ROOT = Path(__file__).resolve().parents[3]
FEATURES = ROOT / "features"
ENGINES = "tests.harness.explore.engines"

PLANTED = [
    ("surge_unbounded", "cluster/failures/node-failure.feature", 7, "within maxSurge"),
    ("fail_keeps_scheduling", "cluster/failures/node-failure.feature", 7, "failed node"),
    ("drain_ignores_budgets", "cluster/disruption/drain.feature", 40, "disruption budget"),
    ("promote_rebuilds", "pipeline/promotion.feature", 13, "never changes a digest"),
    ("rollback_unverified", "pipeline/promotion.feature", 13, "nothing unverified"),
    ("alert_without_for", "telemetry/alerting/said-plainly.feature", 5, "before its for:"),
    ("rollback_twice", "links/alert-rollback.feature", 19, "once per firing"),
]


def _start(feature: str, line: int) -> object:
    path = FEATURES / feature
    (start,) = starts_of(path, f"features/{feature}", line)
    return start


@pytest.mark.slow
@pytest.mark.parametrize(("engine", "feature", "line", "rule"), PLANTED)
def test_each_planted_bug_is_found_shrunk_and_checked_by_a_failing_then(
    engine: str, feature: str, line: int, rule: str
) -> None:
    module = importlib.import_module(f"{ENGINES}.{engine}")
    start = _start(feature, line)
    found = explore(module, engine, start, Budget(), seed=0, tally=Tally())
    assert found is not None, f"{engine}: nothing found"
    assert rule in found.violation.rule
    whens = [s for s in found.steps if s.keyword == "when"]
    assert 1 <= len(whens) <= 6, found.steps
    assert found.then is not None
    world = fresh_world(module, engine, start)
    run_givens(world, start, 10.0)
    for step in found.steps:
        run_step(world, step, "replay", 10.0)
    with pytest.raises(ScenarioAssertionError):
        run_step(world, Step("then", found.then), "replay", 10.0)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("feature", "line"), sorted({(feature, line) for _, feature, line, _ in PLANTED})
)
def test_kubeloop_itself_breaks_no_rule_from_the_same_starts(feature: str, line: int) -> None:
    tally = Tally()
    found = explore(kubeloop, "kubeloop", _start(feature, line), Budget(examples=60), 0, tally)
    assert found is None, found and feature_text(found)
    assert tally.sequences >= 60
    assert sum(tally.kinds.values()) > tally.sequences


def test_the_same_seed_finds_the_same_scenario() -> None:
    module = importlib.import_module(f"{ENGINES}.fail_keeps_scheduling")
    start = _start("cluster/failures/node-failure.feature", 7)
    first = explore(module, "m", start, Budget(), 3, Tally())
    again = explore(module, "m", start, Budget(), 3, Tally())
    assert first is not None and again is not None
    assert feature_text(first) == feature_text(again)


def test_the_command_prints_a_scenario_that_runs_and_fails(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    options = ExploreOptions(
        [str(FEATURES / "cluster/failures/node-failure.feature") + ":7"],
        f"{ENGINES}.surge_unbounded",
        save=str(tmp_path / "found"),
    )
    assert run(options, out, err) == 1
    printed = out.getvalue()
    assert "✗ broke 'a rollout stays within maxSurge'" in printed
    assert "Then the rollout never exceeded " in printed
    (saved,) = (tmp_path / "found").glob("*.feature")
    assert saved.read_text(encoding="utf-8") in printed
    argv = ["run", "-q", str(saved), "--engine", f"{ENGINES}.surge_unbounded"]
    assert main(argv) == 1
    assert main(["run", "-q", str(saved)]) == 0


def test_a_start_with_nothing_to_draw_says_so(tmp_path: Path) -> None:
    feature = tmp_path / "empty.feature"
    feature.write_text("Feature: f\n  Scenario: s\n    Then nothing is pending\n", "utf-8")
    out = io.StringIO()
    assert run(ExploreOptions([str(feature)], budget=Budget(examples=5)), out, io.StringIO()) == 0
    assert "the Givens leave nothing to explore" in out.getvalue()
    assert "explored 5 sequences, 0 steps" in out.getvalue()


def test_a_line_with_no_scenario_is_an_error_naming_it(tmp_path: Path) -> None:
    err = io.StringIO()
    target = str(FEATURES / "cluster/failures/node-failure.feature") + ":3"
    assert run(ExploreOptions([target]), io.StringIO(), err) == 2
    assert "node-failure.feature:3: no scenario at line 3" in err.getvalue()
    with pytest.raises(StartError):
        starts_of(tmp_path / "missing.feature", "missing.feature")


@pytest.mark.slow
def test_compare_finds_what_no_rule_states_and_agrees_with_itself() -> None:
    start = _start("cluster/failures/node-failure.feature", 7)
    module = importlib.import_module(f"{ENGINES}.scale_off_by_one")
    assert explore(module, "m", start, Budget(examples=60), 0, Tally()) is None
    found = explore(module, "m", start, Budget(), 0, Tally(), compare=True)
    assert found is not None
    assert found.violation.rule == "the engine agrees with the reference"
    assert found.then is not None and found.then.endswith("replicas")
    same = explore(kubeloop, "kubeloop", start, Budget(examples=40), 0, Tally(), compare=True)
    assert same is None
