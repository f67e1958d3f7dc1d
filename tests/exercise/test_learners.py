"""Engines written as a learner writes them, from the seed and kubeloop/contract/ alone (no
kubeloop import; tests/exercise/learners/): graded by the shipped features, a correct one
gets no wrong answer. Every scenario it fails asks for an extension beyond the contract
("does not provide", "does not accept"); a failure of any other kind is a rule the contract
does not let a learner derive, to document there or tag @kubeloop-exact."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.runner import EXAMPLES

LEARNERS = Path(__file__).parent / "learners"
CAPABILITY = ("does not provide", "does not accept")


def test_the_learners_import_nothing_of_kubeloop() -> None:
    for engine in LEARNERS.glob("*.py"):
        for node in ast.walk(ast.parse(engine.read_text())):
            names = [a.name for a in getattr(node, "names", [])] + [getattr(node, "module", "")]
            if isinstance(node, ast.Import | ast.ImportFrom):
                assert not any((n or "").startswith("kubeloop") for n in names), engine


def test_a_contract_engine_written_from_the_seed_gets_no_wrong_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(LEARNERS), *sys.path])
    monkeypatch.delitem(sys.modules, "learner_cluster", raising=False)
    report = tmp_path / "report"
    main(["run", str(EXAMPLES / "cluster"), "--engine", "learner_cluster", "--report", str(report)])
    out = capsys.readouterr().out
    assert out.startswith("grading learner_cluster on Lab 01 (cluster)"), out[:300]
    tests = json.loads((report / "results.json").read_text())["tests"]
    passed = [t for t in tests if t["status"] == "pass"]
    wrong = [
        t["message"].split("\nrerun")[0]
        for t in tests
        if t["status"] != "pass" and not any(c in t["message"] for c in CAPABILITY)
    ]
    assert not wrong, "\n\n".join(wrong)
    assert len(passed) >= 35, len(passed)
