"""kubeloop check: every mistake of every feature in one pass, as FILE:LINE: message."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.registry import REGISTRY

BAD = """Feature: Mistakes everywhere
  Scenario: Several
    Given 3 nodes and a deploymnt of 4
    And the nodes:
      | name | memroy |
      | n-1  | 1Gi    |
    And the cluster from "fixtures/broken.yaml"
    When node-2 explodes
    Then 4 pod are runing

  Scenario Outline: Rows
    Given <n> nodes
    Then <n> pods are flying

    Examples:
      | n |
      | 1 |
"""


def _project(tmp_path: Path) -> Path:
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "broken.yaml").write_text(
        'apiVersion: kubeloop.dev/v1alpha1\nkind: Cluster\nnodes:\n  - {name: a, cpu: "x"}\n'
    )
    (tmp_path / "bad.feature").write_text(BAD)
    (tmp_path / "typo.feature").write_text("Feature: t\n  Scenario: x\n    Givn 3 nodes\n")
    (tmp_path / "good.feature").write_text(
        "Feature: g\n  Scenario: y\n    Given 3 nodes\n    Then there are no pods\n"
    )
    return tmp_path


def test_check_reports_every_problem_with_its_line_and_runs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(_project(tmp_path))
    assert main(["check", "."]) == 1
    out = capsys.readouterr().out
    expected = [
        'bad.feature:3: no step matches Given "3 nodes and a deploymnt of 4"',
        "    Given 3 nodes and a deployment of 4",
        'bad.feature:4: a column "memroy" (did you mean "memory"?)',
        "bad.feature:7: fixture: ",
        "broken.yaml:4:20: nodes[0].cpu: 'x' is not a valid Quantity",
        'bad.feature:8: no step matches When "node-2 explodes"',
        'bad.feature:9: no step matches Then "4 pod are runing"',
        "    Then 4 pods are running",
        'bad.feature:13: no step matches Then "1 pods are flying"',
        "typo.feature:3: 'Givn 3 nodes' is read as a description, not a step "
        '(did you mean "Given"?)',
        "of 3 feature file(s)",
    ]
    for line in expected:
        assert line in out, line
    assert "good.feature" not in out


def test_check_passes_a_clean_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "good.feature").write_text("Feature: g\n  Scenario: y\n    Given 3 nodes\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "."]) == 0
    assert "no problems" in capsys.readouterr().out


def test_check_the_shipped_suite_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(Path(__file__).parents[2] / "features")]) == 0, (
        capsys.readouterr().out
    )


def test_a_missing_path_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "no/such/place"]) == 2


@pytest.mark.parametrize(
    ("keyword", "text", "first"),
    [
        ("then", "node-2 have 4 podz", "Then node-2 has 4 pods"),
        ("given", "3 nodes and a deploymnt of 4", "Given 3 nodes and a deployment of 4"),
        ("then", "7 pod are runing", "Then 7 pods are running"),
        ("then", 'pod "web-3" is runing', 'Then pod "web-3" is Running'),
    ],
)
def test_suggestions_use_the_users_own_values(keyword: str, text: str, first: str) -> None:
    assert REGISTRY.suggestions(keyword, text)[0] == first


def test_an_unrelated_sentence_gets_no_suggestion() -> None:
    assert REGISTRY.suggestions("then", "totally unrelated sentence here") == []


@pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")
def test_a_run_lists_every_undefined_step_of_the_scenario(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        many="""
Feature: u
  Scenario: many
    Given 3 nodes
    When node-2 explodes
    Then 4 pod are runing
    And all is fine
""",
    )
    result = pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            '*many.feature:4: no step matches When "node-2 explodes"*',
            "*the scenario's other undefined steps:",
            "*many.feature:5: Then 4 pod are runing",
            "*many.feature:6: Then all is fine",
        ]
    )
