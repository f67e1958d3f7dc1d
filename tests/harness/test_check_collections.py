"""`kubeloop check` starts with the cyclic collector paused, reads each file's lines with it
paused, runs it less often in between, start-up's objects frozen out of it, and puts the
collector's thresholds back afterwards (and unfreezes what it froze, and runs it again),
also when reading fails."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from kubeloop import cli
from kubeloop.core import gc_pause
from kubeloop.harness import check


def test_lines_are_read_with_few_collections_and_the_thresholds_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n  Scenario: s\n    Given a cluster with 2 nodes\n")
    before = gc.get_threshold()
    made_before = [feature]
    seen: list[tuple[int, int, int]] = []
    frozen: list[bool] = []

    def reads(path: Path) -> list[str]:
        seen.append(gc.get_threshold())
        frozen.append(not any(o is made_before for o in gc.get_objects()))
        return []

    monkeypatch.setattr(check, "check_file", reads)
    assert gc.get_freeze_count() == 0
    assert check.check([str(feature)]) == 0
    assert seen == [(check.FEW_COLLECTIONS, *before[1:])]
    assert frozen == [True], "start-up's objects are frozen while lines are read"
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    assert any(o is made_before for o in gc.get_objects()), "unfrozen after"
    assert "no problems" in capsys.readouterr().out


def test_a_freeze_held_before_the_check_is_left_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n  Scenario: s\n    Given a cluster with 2 nodes\n")
    monkeypatch.setattr(check, "check_file", lambda path: [])
    held = [feature]
    gc.freeze()
    try:
        assert check.check([str(feature)]) == 0
        assert gc.get_freeze_count() > 0
        assert not any(o is held for o in gc.get_objects()), "still frozen: not the check's"
    finally:
        gc.unfreeze()


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


def test_each_files_lines_are_read_with_the_collector_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading lines keeps what it makes (compiled phrases, remembered answers, chunks) and
    makes few cycles: the collector is paused for each file and runs again after, also
    when reading fails."""
    for name in ("a", "b"):
        (tmp_path / f"{name}.feature").write_text("Feature: f\n")
    enabled: list[bool] = []

    def reads(path: Path) -> list[str]:
        enabled.append(gc.isenabled())
        return []

    monkeypatch.setattr(check, "check_file", reads)
    assert gc.isenabled()
    assert check.check([str(tmp_path)]) == 0
    assert enabled == [False, False]
    assert gc.isenabled()

    def fails(path: Path) -> list[str]:
        raise RuntimeError("a reader's bug")

    monkeypatch.setattr(check, "check_file", fails)
    with pytest.raises(RuntimeError):
        check.check([str(tmp_path)])
    assert gc.isenabled()


def test_the_check_command_starts_with_the_collector_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``kubeloop check`` imports the step library with the collector paused, and what the
    pause leaves is moved out of the young generation whatever its size (``big=0``): start-up
    keeps everything it makes, so a young collection would scan it all to free nothing."""
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n")
    pauses: list[int] = []
    paused = gc_pause.gc_paused

    @contextmanager
    def recording(big: int = gc_pause.BIG_PASS) -> Iterator[None]:
        pauses.append(big)
        with paused(big):
            yield

    monkeypatch.setattr(gc_pause, "gc_paused", recording)
    monkeypatch.setattr(check, "check_file", lambda path: [])
    assert cli.main(["check", str(feature)]) == 0
    assert pauses == [0]
    assert gc.isenabled()


def test_the_check_command_ends_its_process_with_everything_frozen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run as the process's own command (``main()`` reading the command line), ``kubeloop
    check`` freezes what it made before it returns: the process ends next, and the
    interpreter's exit would walk it all in full collections. Called with its arguments
    (in process, by a test or a tool), it leaves the collector as it was."""
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n")
    monkeypatch.setattr(check, "check_file", lambda path: [])
    assert cli.main(["check", str(feature)]) == 0
    assert gc.get_freeze_count() == 0
    monkeypatch.setattr("sys.argv", ["kubeloop", "check", str(feature)])
    try:
        assert cli.main() == 0
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
