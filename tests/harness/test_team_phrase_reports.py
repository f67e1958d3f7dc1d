"""The text reports show a team phrase's steps under the team's line, the failed one marked:
JUnit (per scenario and per step), the Markdown job summary and Exercism's results.json, as
the terminal, HTML, Cucumber JSON and Messages already do (test_team_phrases.py)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness import team_phrases

PHRASES = """Phrase: web is healthy with <count> pods
  Then <count> pods are running
  And no pod is pending
"""
FEATURE = """Feature: team
  Scenario: an inner check fails
    Given 3 nodes and a deployment of 4
    Then web is healthy with 5 pods
"""
INNER = ["↳ ✗ Then 5 pods are running", "↳ – Then no pod is pending"]


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "team.phrases").write_text(PHRASES)
    (tmp_path / "features" / "team.feature").write_text(FEATURE)
    monkeypatch.chdir(tmp_path)
    team_phrases.forget()
    yield tmp_path / "report"
    team_phrases.forget()


def test_junit_shows_the_steps_under_the_teams_line(
    report: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "features", "--report", str(report), "-q"]) == 1
    capsys.readouterr()
    case = ET.parse(report / "junit.xml").find(".//testcase")
    assert case is not None
    failure, out = case.find("failure"), case.find("system-out")
    assert failure is not None and out is not None
    assert (failure.text or "").splitlines()[1:3] == [f"  {line}" for line in INNER]
    assert (out.text or "").splitlines()[1:] == [
        "✗ Then web is healthy with 5 pods",
        *(f"  {line}" for line in INNER),
    ]


def test_junit_per_step_shows_them_in_the_failure(
    report: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "features", "--report", str(report), "--junit-steps", "-q"]) == 1
    capsys.readouterr()
    failure = ET.parse(report / "junit.xml").find(".//failure")
    assert failure is not None
    assert (failure.text or "").splitlines()[:2] == [f"  {line}" for line in INNER]


def test_the_job_summary_and_exercism_show_them(
    report: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "features", "--report", str(report), "-q"]) == 1
    capsys.readouterr()
    summary = (report / "summary.md").read_text(encoding="utf-8").splitlines()
    at = summary.index(
        "- **team › an inner check fails** — `Then web is healthy with 5 pods` (line 4)"
    )
    assert summary[at + 1 : at + 3] == [f"  - {line}" for line in INNER]
    (test,) = json.loads((report / "results.json").read_text(encoding="utf-8"))["tests"]
    assert test["output"].splitlines()[2:] == [f"  {line}" for line in INNER]
