"""Team phrase files end to end: a run shows the expansion under the team's line; check
finds unknown steps, unshared parameters, cycles and sentences the catalog already reads;
the catalog and the editor glue list the team's phrases."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness import team_phrases

RELEASE = """# our release dialect
Phrase: a release <name> from commit <commit> that passed every gate
  Given an artifact <name> built from commit <commit>
  And <name> passed every gate

Phrase: <name> is ready for prod
  Given <name> was promoted to dev and staging
  Then staging runs <name>
"""
FEATURE = """Feature: team phrases
  Scenario: a release goes to staging
    Given a release R1 from commit 9e1f0aa that passed every gate
    And R1 is ready for prod
    Then dev runs R1
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "features").mkdir()
    monkeypatch.chdir(tmp_path)
    team_phrases.forget()
    yield tmp_path / "features"
    team_phrases.forget()


def test_a_team_phrase_runs_its_steps_and_the_report_shows_them(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "release.phrases").write_text(RELEASE)
    (project / "team.feature").write_text(FEATURE)
    assert main(["run", str(project)]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "✓ Given a release R1 from commit 9e1f0aa that passed every gate" in out
    assert "↳ ✓ Given an artifact R1 built from commit 9e1f0aa" in out
    assert "↳ ✓ Then staging runs R1" in out


def test_every_report_shows_a_team_phrases_steps_with_their_status(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The team's line, then each inner step: passed, the one that failed, and the ones not
    reached; HTML, Cucumber JSON, Messages and Allure each in their own way."""
    broken = RELEASE.replace(
        "Then staging runs <name>", "Then prod runs <name>\n  Then staging runs <name>"
    )
    (project / "release.phrases").write_text(broken)
    (project / "team.feature").write_text(FEATURE)
    out, allure = project.parent / "out", project.parent / "allure"
    assert main(["run", str(project), "--report", str(out), "--alluredir", str(allure)]) == 1
    terminal = capsys.readouterr().out
    assert "↳ ✓ Given R1 was promoted to dev and staging" in terminal
    assert "↳ ✗ Then prod runs R1" in terminal and "↳ - Then staging runs R1" in terminal
    page = (out / "features" / "team.html").read_text(encoding="utf-8")
    inner = re.findall(r'<li class="(\w+)"[^>]*>. <b>(\w+)</b> ([^<]+)</li>', page)
    assert ("passed", "Given", "R1 was promoted to dev and staging") in inner
    assert ("failed", "Then", "prod runs R1") in inner
    assert ("skipped", "Then", "staging runs R1") in inner
    (feature,) = json.loads((out / "cucumber.json").read_text(encoding="utf-8"))
    step = feature["elements"][0]["steps"][1]
    texts = [base64.b64decode(e["data"]).decode() for e in step["embeddings"]
             if e["mime_type"] == "text/plain"]  # fmt: skip
    assert texts == ["↳ ✓ Given R1 was promoted to dev and staging", "↳ ✗ Then prod runs R1",
                     "↳ – Then staging runs R1"]  # fmt: skip
    logs = [
        json.loads(line)["attachment"]["body"]
        for line in (out / "messages.ndjson").read_text(encoding="utf-8").splitlines()
        if '"text/x.cucumber.log+plain"' in line
    ]
    assert logs[-1] == "\n".join(texts) and len(logs) == 2, "one log per team step"
    (result,) = [json.loads(p.read_text()) for p in allure.glob("*-result.json")]
    nested = [(s["name"], s["status"]) for s in result["steps"][1]["steps"]]
    assert nested == [
        ("Given R1 was promoted to dev and staging", "passed"),
        ("Then prod runs R1", "failed"),
        ("Then staging runs R1", "skipped"),
    ]


def test_a_team_phrase_fails_where_its_step_fails(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "release.phrases").write_text(RELEASE)
    (project / "team.feature").write_text(FEATURE.replace("Then dev runs R1", "Then prod runs R1"))
    assert main(["run", str(project)]) == 1
    assert "expected: prod to run R1" in capsys.readouterr().out


def test_check_finds_every_mistake_of_a_phrase_file_at_its_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "bad.phrases").write_text(
        "Phrase: a broken <name>\n"
        "  Given <name> is bilt from commit <commit>\n"
        "Phrase: loop one <x>\n"
        "  Given loop two <x>\n"
        "Phrase: loop two <x>\n"
        "  Given loop one <x>\n"
        "Phrase: <name> is live in staging\n"
        "  Then staging runs <name>\n"
        "Phrase: an unused <thing>\n"
        "  Given 3 nodes\n"
    )
    assert main(["check", str(project)]) == 1
    out = capsys.readouterr().out
    where = project / "bad.phrases"
    assert f"{where}:2: <commit> is not a parameter of 'a broken <name>'" in out
    assert f"{where}:2: no step matches Given" in out
    assert f"{where}:3: 'loop one <x>' uses itself" in out
    assert f"{where}:7: '<name> is live in staging' is also read by the catalog's" in out
    assert f"{where}:9: <thing> is not used by its steps" in out


def test_the_catalog_and_the_editor_glue_list_the_teams_phrases(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "release.phrases").write_text(RELEASE)
    assert main(["steps"]) == 0
    out = capsys.readouterr().out
    assert "team: release" in out
    assert "Given a release {name:teamvalue} from commit {commit:teamvalue}" in out
    assert main(["steps", "--format", "cucumber-js"]) == 0
    assert "that passed every gate" in capsys.readouterr().out
