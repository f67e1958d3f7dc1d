"""``kubeloop test rules`` on files that are not rule tests: each is refused as promtool
refuses a broken file (exit 1, FILE:LINE:COL), quickly, and never by opening a FIFO."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kubeloop.telemetry.promtool.testfile import FILE_BOUNDS

# rule files are read per test group, as promtool reads them: with no group, none is read
RULES_TEST = (
    "rule_files: [{rules}]\nevaluation_interval: 1m\ntests:\n- interval: 1m\n  input_series: []\n"
)


def run_rules(tmp_path: Path, *files: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kubeloop.cli", "test", "rules", *files],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def files(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "pipe.yml")
    with (tmp_path / "big.yml").open("wb") as handle:
        handle.truncate(FILE_BOUNDS[0] + 1)  # sparse: larger than a test file may be
    (tmp_path / "zero.yml").symlink_to("/dev/zero")
    for name in ("pipe", "big", "zero"):
        (tmp_path / f"uses-{name}.yml").write_text(RULES_TEST.format(rules=f"{name}.yml"))
    return tmp_path


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("pipe.yml", "pipe.yml:1:1: $: cannot read the file: it is not a regular file"),
        ("zero.yml", "zero.yml:1:1: $: cannot read the file: it is not a regular file"),
        ("big.yml", f"big.yml:1:1: $: the file is larger than {FILE_BOUNDS[0]} bytes"),
        ("missing.yml", "missing.yml:1:1: $: no such file"),
    ],
)
def test_a_test_file_that_cannot_be_read_fails_with_its_name(
    files: Path, name: str, message: str
) -> None:
    result = run_rules(files, name)
    assert result.returncode == 1, result.stdout + result.stderr
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("pipe", "pipe.yml:1:1: $: cannot read the file: it is not a regular file"),
        ("zero", "uses-zero.yml:1:14: rule_files[0]: the rule file path"),
        ("big", "big.yml:1:1: $: the file is larger than 1000000 bytes"),
    ],
)
def test_a_rule_file_that_cannot_be_read_fails_the_test_file(
    files: Path, name: str, message: str
) -> None:
    result = run_rules(files, f"uses-{name}.yml")
    assert result.returncode == 1, result.stdout + result.stderr
    assert message in result.stdout + result.stderr, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.slow
def test_one_broken_file_does_not_stop_the_others(files: Path) -> None:
    (files / "ok.yml").write_text("tests: []\n")
    result = run_rules(files, "pipe.yml", "ok.yml")
    assert result.returncode == 1
    assert "Unit Testing:  ok.yml" in result.stdout, result.stdout
