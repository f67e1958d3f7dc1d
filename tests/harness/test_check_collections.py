"""`kubeloop check` runs the cyclic collector less often while it reads lines, and puts the
collector's thresholds back afterwards, also when reading fails."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from kubeloop.harness import check


def test_lines_are_read_with_few_collections_and_the_thresholds_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n  Scenario: s\n    Given a cluster with 2 nodes\n")
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    monkeypatch.setattr(check, "check_file", lambda path: seen.append(gc.get_threshold()) or [])
    assert check.check([str(feature)]) == 0
    assert seen == [(check.FEW_COLLECTIONS, *before[1:])]
    assert gc.get_threshold() == before
    assert "no problems" in capsys.readouterr().out


def test_the_thresholds_come_back_when_reading_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n")
    before = gc.get_threshold()

    def fails(path: Path) -> list[str]:
        raise RuntimeError("a reader's bug")

    monkeypatch.setattr(check, "check_file", fails)
    with pytest.raises(RuntimeError):
        check.check([str(feature)])
    assert gc.get_threshold() == before
