"""Run one scenario written line by line through ``kubeloop run``, as a user would, for the
vocabulary tests: the exit code and what the terminal printed."""

from __future__ import annotations

import os
from pathlib import Path
from unittest import mock

import pytest

from kubeloop.cli import main

PLAIN_ASSERTS = {"PYTEST_ADDOPTS": f"{os.environ.get('PYTEST_ADDOPTS', '')} --assert=plain"}
"""The run's own pytest session rewrites no asserts: the step library is imported once, by
this test session, and no scenario reports an assert of its own; looking through every
installed package for plugins whose asserts to rewrite costs more CPU than most scenarios."""


def run_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str
) -> tuple[int, str]:
    feature = tmp_path / "story.feature"
    body = "".join(f"    {line}\n" for line in lines)
    feature.write_text(f"Feature: words\n  Scenario: one\n{body}")
    with mock.patch.dict(os.environ, PLAIN_ASSERTS):
        code = main(["run", str(feature)])
    return code, capsys.readouterr().out


def run_matched(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[int, str]:
    """``run_scenario``, asserting first that every line matched exactly one phrase."""
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert "no step matches" not in out and "ambiguous" not in out.lower(), out
    return code, out
