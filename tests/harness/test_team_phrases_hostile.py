"""Hostile phrase files: junk bytes, cycles through several phrases and files, a sentence two
files define or the catalog reads for some values, a phrase file above the features folder,
and a file named on the command line. Each is a ``FILE:LINE`` problem, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness import team_phrases

FEATURE = "Feature: f\n  Scenario: s\n    Given 3 nodes\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "f.feature").write_text(FEATURE)
    monkeypatch.chdir(tmp_path)
    team_phrases.forget()
    yield tmp_path / "features"
    team_phrases.forget()


def checked(capsys: pytest.CaptureFixture[str], *paths: str) -> str:
    assert main(["check", *paths]) == 1
    return capsys.readouterr().out


def test_a_phrase_file_of_junk_bytes_is_a_problem_at_its_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "junk.phrases").write_bytes(b"Phrase: ok <a>\n  Given <a> nodes\n\xff\xfe\x00")
    assert "features/junk.phrases:3: not UTF-8 text" in checked(capsys, "features")


def test_a_cycle_through_three_phrases_shows_the_way_round(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "loop.phrases").write_text(
        "Phrase: alpha <x>\n  Given beta <x>\n"
        "Phrase: beta <x>\n  Given gamma <x>\n"
        "Phrase: gamma <x>\n  Given alpha <x>\n"
    )
    out = checked(capsys, "features")
    assert (
        "features/loop.phrases:1: 'alpha <x>' uses itself: "
        "'alpha <x>' → 'beta <x>' → 'gamma <x>' → 'alpha <x>'" in out
    )


def test_a_cycle_through_two_files_is_found(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "a.phrases").write_text("Phrase: ping <x>\n  Given pong <x>\n")
    (project / "b.phrases").write_text("Phrase: pong <x>\n  Given ping <x>\n")
    out = checked(capsys, "features")
    assert "features/a.phrases:1: 'ping <x>' uses itself: 'ping <x>' → 'pong <x>'" in out


def test_a_sentence_two_files_define_names_the_other_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "a.phrases").write_text("Phrase: a fleet of <n>\n  Given <n> nodes\n")
    (project / "b.phrases").write_text("Phrase: a fleet of <n>\n  Given <n> nodes\n")
    out = checked(capsys, "features")
    assert "features/b.phrases:1: 'a fleet of <n>' is also defined at features/a.phrases:1" in out
    assert "catalog's []" not in out


def test_a_sentence_the_catalog_reads_for_some_values_is_a_clash(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'<n> nodes' reads nothing of the catalog's as "X1 nodes", but "3 nodes" is the
    catalog's: a scenario saying it would be ambiguous."""
    (project / "mine.phrases").write_text("Phrase: <n> nodes\n  Given a cluster of <n> nodes\n")
    out = checked(capsys, "features")
    assert "features/mine.phrases:1: '<n> nodes' is also read by the catalog's Given" in out
    assert '(as "3 nodes")' in out


def test_a_step_every_sample_reads_ambiguously_says_so(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "mine.phrases").write_text(
        "Phrase: 3 nodes\n  Given 4 nodes\nPhrase: a fleet of <n>\n  Given <n> nodes\n"
    )
    out = checked(capsys, "features")
    assert 'features/mine.phrases:4: Given "3 nodes" is matched by 2 definitions' in out


def test_a_phrase_file_above_the_features_folder_is_checked(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project.parent / "team.phrases").write_text("Phrase: the moon is up\n  Given it is blue\n")
    assert "team.phrases:2: no step matches Given" in checked(capsys, "features/f.feature")


def test_a_phrase_file_named_on_the_command_line_is_checked_as_one(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "mine.phrases").write_text("Phrase: fine <n>\n  Given <n> nodes\n\nnonsense\n")
    out = checked(capsys, "features/mine.phrases")
    assert "features/mine.phrases:4: expected 'Phrase: …' or a step" in out
    assert "not valid Gherkin" not in out
    assert out.rstrip().endswith("in 1 file(s) of 0 feature file(s) and 1 phrase file(s)")


def test_a_parameter_of_two_words_is_a_problem_not_a_traceback(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "mine.phrases").write_text(
        "Phrase: a fleet of <node count>\n  Given <node count> nodes\n"
        "Phrase: a pool of <node-count>\n  Given <node-count> nodes\n"
    )
    out = checked(capsys, "features")
    assert (
        "features/mine.phrases:1: <node count> is not a parameter: name it in one word "
        "(letters, digits or _), like <node_count>" in out
    )
    assert "features/mine.phrases:4: <node-count> is not a parameter" in out
    assert "Traceback" not in out


def test_a_phrase_that_reads_a_catalog_example_is_a_clash(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'<a> <b>' reads every two-word sentence: no sample value shows it, the catalog's
    examples do."""
    (project / "mine.phrases").write_text("Phrase: <a> <b>\n  When <a> nodes fail\n")
    out = checked(capsys, "features")
    assert "features/mine.phrases:1: '<a> <b>' is also read by the catalog's When" in out


def test_a_file_past_the_most_phrases_is_refused_at_the_line_past_it(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(team_phrases, "MAX_PHRASES", 3)
    (project / "many.phrases").write_text(
        "".join(f"Phrase: team step {i} with <n>\n  Given <n> nodes\n" for i in range(5))
    )
    out = checked(capsys, "features")
    assert "features/many.phrases:7: more than 3 phrases in one file; split it" in out
    assert "team step 3" not in out


def test_a_run_names_a_phrase_file_relative_to_where_it_started(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "mine.phrases").write_text("Phrase: a fleet of <node count>\n  Given 3 nodes\n")
    assert main(["run", "features"]) == 1
    out = capsys.readouterr().out
    assert "\nfeatures/mine.phrases:1: <node count> is not a parameter" in out
    assert str(project) not in out
