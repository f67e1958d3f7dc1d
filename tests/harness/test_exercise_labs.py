"""Exercise mode lab by lab: ``init --lab X`` for each lab, a module graded on the labs it
implements only, ``exercise check``, and reruns that name the engine."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.runner import EXAMPLES

LADDER = EXAMPLES / "pipeline" / "ladder.feature"
LOOP = EXAMPLES / "cluster" / "reconciliation" / "the-loop.feature"
ALERTS = EXAMPLES / "telemetry" / "alerting" / "alert-states.feature"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [*sys.path])
    for name in ("lab", "pipeline_lab", "telemetry_lab", "partial", "crashy"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def _specs(project: Path, *features: Path) -> None:
    """A small features/ tree in the shipped layout: one feature of each lab given."""
    for feature in features:
        target = project / "features" / feature.relative_to(EXAMPLES)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(feature, target)


@pytest.mark.parametrize(
    ("lab", "module", "entry"),
    [
        ("cluster", "lab", "Cluster"),
        ("pipeline", "pipeline_lab", "Pipeline"),
        ("telemetry", "telemetry_lab", "Telemetry"),
    ],
)
def test_init_writes_each_lab_with_a_readme_naming_its_module_and_command(
    project: Path, capsys: pytest.CaptureFixture[str], lab: str, module: str, entry: str
) -> None:
    (project / "features").mkdir()  # keeps init from copying the whole suite
    assert main(["exercise", "init", ".", "--lab", lab]) == 0
    assert f"next: cd . && kubeloop run --engine {module}" in capsys.readouterr().out
    assert f"class {entry}" in (project / f"{module}.py").read_text()
    readme = (project / "README.md").read_text()
    assert f"kubeloop run --engine {module}\n" in readme
    assert f"`{module}.py`" in readme
    others = {"`lab.py`", "`pipeline_lab.py`", "`telemetry_lab.py`"} - {f"`{module}.py`"}
    assert not any(name in readme for name in others), readme
    assert f"features/{lab}/" in readme
    assert main(["exercise", "check", module]) == 0  # the skeleton has every member
    out = capsys.readouterr().out
    assert "every member is there" in out
    if lab == "telemetry":  # an extension it lacks, listed with its signature
        assert "  Telemetry.verdict(name: str, at: int | None = None) -> VerdictLike" in out


def test_a_pipeline_module_is_graded_on_the_pipeline_lab_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _specs(project, LADDER, LOOP)
    assert main(["exercise", "init", ".", "--lab", "pipeline"]) == 0
    capsys.readouterr()
    assert main(["run", "--engine", "pipeline_lab", "--report", "out", "-q"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("grading pipeline_lab on Lab 02 (pipeline); the features of cluster")
    tests = json.loads((project / "out" / "results.json").read_text())["tests"]
    assert tests and all(t["name"].startswith("The gate ladder") for t in tests), tests
    assert all("not implemented yet: Pipeline." in t["message"] for t in tests)
    assert "does not provide" not in out
    assert "next: implement Pipeline." in out and "(the first unfinished: task 2)" in out
    assert "kubeloop run --engine pipeline_lab features/pipeline/ladder.feature:" in out


def test_a_telemetry_module_is_graded_on_the_telemetry_lab_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _specs(project, ALERTS, LOOP)
    assert main(["exercise", "init", ".", "--lab", "telemetry"]) == 0
    capsys.readouterr()
    assert main(["run", "--engine", "telemetry_lab", "-q"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("grading telemetry_lab on Lab 03 (telemetry)")
    assert "The reconciliation loop" not in out
    assert "not implemented yet: Telemetry.add_series" in out
    assert "next: implement Telemetry.add_series (the first unfinished: task 3)" in out


def test_a_named_feature_of_another_lab_still_runs(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _specs(project, LADDER, LOOP)
    (project / "partial.py").write_text("from kubeloop import Pipeline\n")
    loop = "features/cluster/reconciliation/the-loop.feature"
    assert main(["run", "--engine", "partial", loop, "-q"]) == 0
    assert "0 failed" in capsys.readouterr().out


def test_check_lists_missing_and_mistyped_members_with_the_contract_signature(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "partial.py").write_text(
        "from kubeloop import Pipeline as _P\n"
        "class Pipeline(_P):\n"
        "    approve = None\n"
        "    def deploy(self, reference):\n"
        "        return 'deployed'\n"
        "del _P\n"
    )
    assert main(["exercise", "check", "partial"]) == 1
    out = capsys.readouterr().out
    assert "checked against the contract of pipeline" in out
    assert (
        "mis-typed Pipeline.approve: not a method; the contract: "
        "Pipeline.approve(digest: str, environment: str) -> str"
    ) in out
    assert (
        "mis-typed Pipeline.deploy(reference); the contract: "
        "Pipeline.deploy(reference: str, environment: str) -> str"
    ) in out
    (project / "nothing.py").write_text("")
    assert main(["exercise", "check", "nothing"]) == 1
    assert "provides none of Cluster (Lab 01)" in capsys.readouterr().out


def test_every_rerun_line_names_the_engine(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _specs(project, LOOP)
    (project / "crashy.py").write_text(
        "from kubeloop import *\n"
        "from kubeloop import Cluster as _Cluster\n"
        "class Cluster(_Cluster):\n"
        "    def reconcile(self):\n"
        "        return 1 / 0\n"
    )
    assert main(["run", "--engine", "crashy", "--report", "out", "-x", "-q"]) == 1
    rerun = "kubeloop run --engine crashy features/cluster/reconciliation/the-loop.feature:"
    assert rerun in capsys.readouterr().out
    assert rerun in (project / "out" / "summary.md").read_text()
    results = json.loads((project / "out" / "results.json").read_text())
    assert all(rerun in t["message"] for t in results["tests"] if t["status"] != "pass")


def test_a_returned_object_without_a_contract_member_is_the_engines_fault(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    feature = EXAMPLES / "telemetry" / "slo" / "multiwindow.feature"
    (project / "partial.py").write_text(
        "from kubeloop import Telemetry as _Telemetry\n"
        "class Verdict:\n"
        "    def explain(self):\n"
        "        return ''\n"
        "class Telemetry(_Telemetry):\n"
        "    def verdict(self, name, at=None):\n"
        "        return Verdict()\n"
    )
    assert main(["run", "--engine", "partial", str(feature), "-q", "-x"]) == 1
    out = capsys.readouterr().out
    assert 'engine partial\'s Verdict has no attribute "pairs", which "' in out, out
    assert main(["exercise", "check", "partial"]) == 0
    assert "optional extensions" not in capsys.readouterr().out
