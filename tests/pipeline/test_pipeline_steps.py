"""Scenario-writing mistakes fail the step at once, saying what was expected and seen."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main

FEATURE = """Feature: Mistakes
  Scenario: An alias nobody bound
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    When I promote D9 to dev

  Scenario: Building a manifest that was never declared
    When I build "api" as A1

  Scenario: Time only moves forward
    Given today is 2026-03-01
    And today is 2026-02-01

  Scenario: A Then about a run before any run
    Then the pipeline passes

  Scenario: A scan table without a severity column
    Given a manifest "web" version "1.0.0"
    And I built "web" as D1
    And the scan of D1 finds:
      | id            | package |
      | CVE-2026-1111 | openssl |
"""


def test_mistakes_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mistakes.feature").write_text(FEATURE)
    assert main(["run", "mistakes.feature"]) == 1
    out = capsys.readouterr().out
    assert 'expected: an artifact "D9" built earlier' in out
    assert "aliases bound so far: D1" in out
    assert 'expected: a manifest "api" declared earlier' in out
    assert "a date on or after 2026-03-01 (time only moves on)" in out
    assert "a pipeline run (When I run the pipeline for D1)" in out
    assert "columns id, severity in the header" in out
    assert "5 scenarios (5 failed)" in out
