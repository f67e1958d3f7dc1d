"""Where a rollback goes is the engine's rule, read from its environment view: an engine
whose view does not say is told so, rather than graded by a copy of kubeloop's rule."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kubeloop.cli import main

NO_TARGET = """
from dataclasses import asdict

from kubeloop.pipeline import Pipeline as _Pipeline


class View:
    '''An environment view without the optional rollback_target.'''

    def __init__(self, view):
        fields = asdict(view)
        fields.pop("rollback_target")
        self.__dict__.update(fields)
        self.deployments = view.deployments


class Pipeline(_Pipeline):
    def environment(self, name):
        return View(super().environment(name))
"""

STORY = """Feature: rollback
  Scenario: back to B4
    Given a manifest "web" version "1.0.0"
    When I build "web" as B4
    Given a manifest "web" version "1.0.1"
    When I build "web" as B5
    Given prod has run B4 and then B5
    When I roll prod back to B4
    Then prod runs B4
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.delitem(sys.modules, "no_target", raising=False)
    (tmp_path / "no_target.py").write_text(NO_TARGET)
    (tmp_path / "story.feature").write_text(STORY)
    return tmp_path


def test_kubeloop_rolls_back_to_the_target_its_view_names(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "story.feature"]) == 0, capsys.readouterr().out


def test_an_engine_without_the_target_is_told_it_does_not_provide_it(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "story.feature", "--engine", "no_target"]) == 1
    out = capsys.readouterr().out
    assert "does not provide View.rollback_target" in out, out
