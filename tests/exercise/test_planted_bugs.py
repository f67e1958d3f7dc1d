"""Planted-bug engines, one per lab rule (tests/exercise/engines/): each is kubeloop with
that one rule broken, written as a learner would slip. Graded by the shipped features,
each fails, and the failing step names the rule it broke, not a wording difference."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.runner import EXAMPLES

pytestmark = pytest.mark.slow  # each grades a whole feature file or lab

ENGINES = Path(__file__).parent / "engines"
# engine -> (feature graded, the failing step that names the broken rule)
CAUGHT = {
    "hpa_no_tolerance": ("cluster/autoscaling/hpa.feature", "Then the HPA wants 3 replicas"),
    "hpa_no_clamp": ("cluster/autoscaling/hpa.feature", "Then the HPA wants 6 replicas"),
    "stall_ignored": ("cluster/rollout/rolling-update.feature", "Then the rollout stalls"),
    "surge_hidden": (
        "cluster/rollout/rolling-update.feature",
        "And throughout the rollout at most 5 pods existed",
    ),
    "surge_hidden_unwatched": (
        "cluster/rollout/rolling-update.feature",
        "And throughout the rollout at most 5 pods existed",
    ),
    "scan_blind": ("pipeline/waivers.feature", "Then the pipeline is blocked at scan"),
    "unsorted_digest": ("pipeline/identity.feature", "Then D1 and D2 are the same artifact"),
    "ladder_runs_on": ("pipeline/ladder.feature", "Then the pipeline is blocked at unit"),
    "copied_signature_accepted": ("pipeline/signing.feature", "Then D2 is not signed"),
    "alert_no_for": (
        "telemetry/alerting/alert-states.feature",
        'Then alert "HighErrorRate" is pending',
    ),
    "burn_is_error_ratio": (
        "telemetry/slo/error-budget.feature",
        'Then the burn rate of "availability" over 1 hour is 14.4',
    ),
}


def test_every_planted_bug_engine_is_graded() -> None:
    assert {p.stem for p in ENGINES.glob("[!_]*.py")} == set(CAUGHT)


@pytest.mark.parametrize("engine", sorted(CAUGHT))
def test_a_planted_bug_is_caught_by_the_rule_it_breaks(
    engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feature, step = CAUGHT[engine]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(ENGINES), *sys.path])
    report = tmp_path / "report"
    assert main(["run", str(EXAMPLES / feature), "--engine", engine, "--report", str(report)]) == 1
    capsys.readouterr()
    tests = json.loads((report / "results.json").read_text())["tests"]
    failures = [t["message"] for t in tests if t["status"] != "pass"]
    assert any(message.startswith(f"{step}:") for message in failures), failures
    assert all(f"--engine {engine}" in message for message in failures)


@pytest.mark.parametrize("engine", ["surge_hidden", "surge_hidden_unwatched"])
def test_a_rollout_hiding_its_surge_is_judged_on_the_pods_it_showed(
    engine: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Its own snapshots never exceed the bound: the failure names what pods() showed after
    a pass (followed by watch, or driven pass by pass without it) and the budget it broke."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(ENGINES), *sys.path])
    feature = str(EXAMPLES / "cluster/rollout/rolling-update.feature")
    report = tmp_path / "report"
    main(["run", feature, "--engine", engine, "--report", str(report)])
    capsys.readouterr()
    tests = json.loads((report / "results.json").read_text())["tests"]
    failures = [t["message"] for t in tests if t["status"] != "pass"]
    assert len(failures) == 1, failures
    assert "7 after reconcile pass 1 of the rollout, as pods() showed them" in failures[0]
    assert "(replicas 4, maxSurge 1, maxUnavailable 1)" in failures[0]
