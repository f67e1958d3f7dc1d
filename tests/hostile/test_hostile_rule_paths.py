"""``kubeloop test rules`` on test files that name rule files outside the project, or that
would make the command print a file it cannot parse, hang on a ``--run`` regex or claim
success when its report cannot be written."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.telemetry.promtool.testfile import MAX_RULE_FILES

TEST = (
    "rule_files: ['{rules}']\nevaluation_interval: 1m\ntests:\n- interval: 1m\n  input_series: []\n"
)
SECRET = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project in tmp_path/project with a secret file beside it, outside the project."""
    outside = tmp_path / "etc"
    outside.mkdir()
    (outside / "passwd").write_text(SECRET)
    (outside / "a.conf").write_text(SECRET)
    root = tmp_path / "project"
    (root / "tests").mkdir(parents=True)
    monkeypatch.chdir(root)
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["test", "rules", *argv])
    printed = capsys.readouterr()
    return code, printed.out + printed.err


ESCAPES = [
    ("absolute", "{etc}/passwd"),
    ("dot-dot", "../../etc/passwd"),
    ("dot-dot-glob", "../../etc/*.conf"),
    ("glob-then-dot-dot", "*/../../../etc/passwd"),
    ("absolute-glob", "{etc}/*"),
    ("symlink", "link.yml"),
]


@pytest.mark.parametrize(("case", "rules"), ESCAPES, ids=[c for c, _ in ESCAPES])
def test_a_rule_file_outside_the_project_is_refused_and_never_read(
    project: Path, capsys: pytest.CaptureFixture[str], case: str, rules: str
) -> None:
    etc = project.parent / "etc"
    (project / "tests" / "link.yml").symlink_to(etc / "passwd")
    (project / "tests" / "sub").mkdir()
    (project / "tests" / "t.yml").write_text(TEST.format(rules=rules.format(etc=etc)))
    code, output = run(capsys, "tests/t.yml")
    assert code == 1, output
    assert "leaves the project" in output, output
    assert "--files-anywhere" in output
    assert "root:x" not in output and "daemon" not in output, output


def test_files_anywhere_reads_it_but_shows_only_a_short_excerpt(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    etc = project.parent / "etc"
    (etc / "passwd").write_text(SECRET * 20)
    (project / "tests" / "t.yml").write_text(TEST.format(rules=etc / "passwd"))
    code, output = run(capsys, "tests/t.yml", "--files-anywhere")
    assert code == 1
    assert "must be a mapping" in output, output
    assert "daemon" not in output, output
    assert "characters" in output


def test_a_rule_file_inside_the_project_but_beside_the_test_folder_is_read(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "rules.yml").write_text("groups: []\n")
    (project / "tests" / "t.yml").write_text(TEST.format(rules="../rules.yml"))
    code, output = run(capsys, "tests/t.yml")
    assert code == 0, output


@pytest.mark.parametrize(
    "value",
    ["x" * 5000, "\x1b[2J" + "y" * 100, "a\u202eb" * 50],
    ids=["long", "escape-sequence", "bidi"],
)
def test_a_value_in_a_broken_rule_file_is_shown_short_and_escaped(
    project: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    (project / "rules.yml").write_text(f"groups: {json.dumps(value)}\n")
    (project / "t.yml").write_text(TEST.format(rules="rules.yml"))
    code, output = run(capsys, "t.yml")
    assert code == 1
    assert "must be a list" in output, output
    assert value not in output and "\x1b" not in output and "\u202e" not in output
    assert len(output) < 1000, output


def test_a_backtracking_run_regex_is_linear(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    group = "a" * 5000 + "!"
    (project / "t.yml").write_text(f"tests:\n- name: '{group}'\n  input_series: []\n")
    started = time.process_time()
    code, output = run(capsys, "t.yml", "--run", "(a+)+$")
    assert time.process_time() - started < 2, "the --run regex backtracked"
    assert code == 0, output


def test_an_invalid_run_regex_is_a_usage_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "t.yml").write_text("tests: []\n")
    code, output = run(capsys, "t.yml", "--run", "(?<=a)b")
    assert code == 2
    assert "--run: not a valid regular expression" in output


def test_a_junit_report_that_cannot_be_written_fails_the_run(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "t.yml").write_text("tests: []\n")
    code, output = run(capsys, "t.yml", "--junit", "/dev/full")
    assert code == 1, output
    assert "failed to write JUnit XML" in output


def test_a_glob_matching_more_rule_files_than_the_bound_is_refused(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "rules").mkdir()
    for i in range(MAX_RULE_FILES + 1):
        (project / "rules" / f"r{i:04d}.yml").write_text("groups: []\n")
    (project / "t.yml").write_text(TEST.format(rules="rules/*.yml"))
    code, output = run(capsys, "t.yml")
    assert code == 1
    assert f"t.yml:1:14: rule_files[0]: the rule_files match more than {MAX_RULE_FILES}" in output
