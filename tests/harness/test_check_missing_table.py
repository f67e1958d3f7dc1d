"""A phrase that reads a table (or a doc string), written without one, is a check problem at
its line (an Examples row that leaves only "Given  nodes" reads as "the nodes:" too): the
run failed there while ``kubeloop check`` said nothing, or said the YAML declared nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main


@pytest.mark.parametrize(
    ("step", "what"), [("the nodes:", "node"), ("the node groups:", "node group")]
)
def test_a_table_phrase_without_a_table_is_a_problem_at_its_line(
    tmp_path: Path, step: str, what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.feature"
    path.write_text(f"Feature: f\n  Scenario: s\n    Given {step}\n    Then 0 pods are running\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        f"t.feature:3: the step needs a table under it: a header row and one row per {what}" in out
    )


def test_the_run_says_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.feature"
    path.write_text(
        "Feature: f\n  Scenario: s\n    Given the nodes:\n    Then 0 pods are running\n"
    )
    assert main(["run", str(path)]) == 1
    assert "saw: the step needs a table under it" in capsys.readouterr().out


def test_a_doc_string_phrase_without_one_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.feature"
    path.write_text(
        "Feature: f\n  Scenario: s\n    Given the cluster:\n    Then 0 pods are running\n"
    )
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert (
        't.feature:3: the step needs a doc string under it: its YAML between two """ lines' in out
    )
    assert "declares nothing" not in out
