"""Hostile but valid promtool test files, run by kubeloop and by Debian's promtool side by
side (skipped where promtool is not installed): the same verdict, or a difference README
documents (kubeloop keeps rule files inside the project; promtool 2.42 does not)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from kubeloop.cli import main

PROMTOOL = shutil.which("promtool")
RULES = "groups:\n- name: g\n  rules:\n  - record: r\n    expr: x / {divisor}\n"
TEST = """rule_files: [rules.yml]
evaluation_interval: 1m
tests:
- interval: 1m
  input_series:
  - series: 'x'
    values: '{values}'
  promql_expr_test:
  - expr: {expr}
    eval_time: 1m
    exp_samples:
    - labels: '{labels}'
      value: {value}
"""

# (id, divisor, input values, expr, labels, expected value)
CASES = [
    ("inf", "0", "1 1", "r", "r", ".inf"),
    ("minus-inf", "0", "1 1", "-r", "{}", "-.inf"),
    ("inf-wrong-sign", "0", "1 1", "r", "r", "-.inf"),
    ("finite-not-inf", "1", "1 1", "r", "r", ".inf"),
    ("hex-value", "1", "0x10 0x10", "r", "r", "16"),
    ("big-value", "1", "1e300 1e300", "r", "r", "1e300"),
    ("exponent-without-dot", "1", "1 1", "r", "r", "1e0"),
    ("go-octal", "1", "16 16", "r", "r", "0o20"),
    ("yaml-octal", "1", "16 16", "r", "r", "020"),
    ("underscores", "1", "16 16", "r", "r", "1_6"),
    ("plus-sign", "1", "16 16", "r", "r", "+16"),
    ("trailing-dot", "1", "16 16", "r", "r", "16."),
    ("leading-dot", "1", "16 16", "r", "r", ".16e2"),
]


@pytest.mark.skipif(PROMTOOL is None, reason="promtool is not installed")
@pytest.mark.parametrize(
    ("case", "divisor", "values", "expr", "labels", "value"), CASES, ids=[c[0] for c in CASES]
)
def test_kubeloop_and_promtool_give_the_same_verdict(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    case: str,
    divisor: str,
    values: str,
    expr: str,
    labels: str,
    value: str,
) -> None:
    (tmp_path / "rules.yml").write_text(RULES.format(divisor=divisor))
    text = TEST.format(values=values, expr=expr, labels=labels, value=value)
    (tmp_path / "t.yml").write_text(text)
    assert PROMTOOL is not None
    theirs = subprocess.run(
        [PROMTOOL, "test", "rules", "t.yml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    monkeypatch.chdir(tmp_path)
    ours = main(["test", "rules", "t.yml"])
    printed = capsys.readouterr()
    assert ours == theirs.returncode, (theirs.stdout + theirs.stderr, printed.out + printed.err)
