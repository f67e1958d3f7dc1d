"""A line too long to read by meaning is refused at its FILE:LINE before it is read, in a
check and in a run (a step of two million characters made ``kubeloop check`` hang)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.gherkin_source import MAX_LINE_CHARS


def feature(step: str) -> str:
    return f"Feature: f\n  Scenario: s\n    Given 3 nodes\n    Then {step}\n"


@pytest.mark.parametrize("command", ["check", "run"])
def test_a_step_past_the_longest_line_is_refused_at_its_line(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.feature"
    path.write_text(feature("pods node-1 " * 2_000))
    assert main([command, str(path)]) == 1
    out = capsys.readouterr().out
    assert f"long.feature:4: the line is {len('Then ' + 'pods node-1 ' * 2_000) - 1}" in out
    assert f"more than {MAX_LINE_CHARS}; split the step" in out


def test_a_step_at_the_longest_line_is_read_and_a_doc_string_may_be_longer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    step = "x" * (MAX_LINE_CHARS - len("Then "))
    doc = '    """\n    ' + "y" * (3 * MAX_LINE_CHARS) + '\n    """\n'
    path = tmp_path / "ok.feature"
    path.write_text(feature(step) + "    And the cluster:\n" + doc)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "no step matches Then" in out and "the line is" not in out


def test_an_examples_cell_past_the_longest_line_is_refused_at_its_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An Examples cell fills a step: a long one made as long a step."""
    path = tmp_path / "outline.feature"
    cell = "pods node-1 " * 200
    path.write_text(
        "Feature: f\n  Scenario Outline: s\n    Given 3 nodes\n    Then <x>\n"
        f"    Examples:\n      | x |\n      | {cell} |\n"
    )
    assert main(["check", str(path)]) == 1
    assert "outline.feature:7: the line is" in capsys.readouterr().out
