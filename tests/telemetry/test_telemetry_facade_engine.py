"""--engine grades telemetry per mechanism: the learner's Telemetry if their module has one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kubeloop.cli import main

FEATURE = """Feature: Grading telemetry
  Scenario: A sustained breach fires
    Given the series:
      | series  | values |
      | up      | 0x10   |
    And an alert "InstanceDown" when "up == 0" for 2 minutes
    When 3 minutes pass
    Then alert "InstanceDown" is firing
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [*sys.path])
    for name in ("stuck", "clusteronly"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    (tmp_path / "grading.feature").write_text(FEATURE)
    (tmp_path / "stuck.py").write_text(
        "from kubeloop import *\n"
        "from kubeloop import Telemetry as _Telemetry\n"
        "class Telemetry(_Telemetry):\n"
        "    def alert_state(self, name):\n"
        "        return 'inactive'\n"
    )
    (tmp_path / "clusteronly.py").write_text("from kubeloop import *\n")
    return tmp_path


def test_a_learners_telemetry_is_graded(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "grading.feature", "--engine", "stuck"]) == 1
    out = capsys.readouterr().out
    assert 'expected: alert "InstanceDown" firing' in out and "saw: inactive" in out


def test_without_a_telemetry_kubeloops_own_engine_runs_them(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "grading.feature", "--engine", "clusteronly"]) == 0
