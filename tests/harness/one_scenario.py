"""Run one scenario written line by line through ``kubeloop run``, as a user would, for the
vocabulary tests: the exit code and what the terminal printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main


def run_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str
) -> tuple[int, str]:
    feature = tmp_path / "story.feature"
    body = "".join(f"    {line}\n" for line in lines)
    feature.write_text(f"Feature: words\n  Scenario: one\n{body}")
    code = main(["run", str(feature)])
    return code, capsys.readouterr().out


def run_matched(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[int, str]:
    """``run_scenario``, asserting first that every line matched exactly one phrase."""
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert "no step matches" not in out and "ambiguous" not in out.lower(), out
    return code, out
