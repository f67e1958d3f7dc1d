"""Exercise mode for Lab 02: a learner's Pipeline is graded on the pipeline features, while
the mechanisms it does not provide stay kubeloop's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import kubeloop
from kubeloop.cli import main
from kubeloop.contract import PipelineLike, missing_from_pipeline
from kubeloop.harness.runner import EXAMPLES

WAIVERS = EXAMPLES / "pipeline" / "waivers.feature"
LADDER = EXAMPLES / "pipeline" / "ladder.feature"
CLUSTER = EXAMPLES / "cluster" / "reconciliation"

LAX_SCAN = """
from kubeloop.pipeline import Pipeline as _Pipeline
from kubeloop.pipeline.evidence import Finding


class Pipeline(_Pipeline):
    '''A learner's bug: scan findings are recorded as LOW, so nothing ever blocks.'''

    def record_scan(self, digest, findings):
        super().record_scan(digest, [Finding(f.id, "LOW", f.package) for f in findings])
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [*sys.path])
    for name in ("pipeline_lab", "lax_scan"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def graded(path: Path) -> list[dict[str, str]]:
    tests: list[dict[str, str]] = json.loads((path / "results.json").read_text())["tests"]
    return tests


def test_kubeloop_satisfies_the_pipeline_contract() -> None:
    assert missing_from_pipeline(kubeloop) == []
    assert isinstance(kubeloop.Pipeline(), PipelineLike)


def test_missing_from_pipeline_names_what_a_module_lacks() -> None:
    module = type(sys)("partial")
    assert missing_from_pipeline(module) == ["Pipeline"]
    module.Pipeline = type("Pipeline", (), {"build": lambda self, m: ""})  # type: ignore[attr-defined]
    assert "Pipeline.run" in missing_from_pipeline(module)
    assert "Pipeline.build" not in missing_from_pipeline(module)


@pytest.mark.slow
def test_a_pipeline_only_module_is_graded_on_pipeline_features(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "lax_scan.py").write_text(LAX_SCAN)
    paths = [str(WAIVERS), str(CLUSTER)]
    assert main(["run", *paths, "--engine", "lax_scan", "--report", "out"]) == 1
    tests = graded(project / "out")
    failed = {t["name"].split(" › ")[1] for t in tests if t["status"] == "fail"}
    assert "A waiver for another finding does not help, and is reported unused" in failed
    assert "An UNKNOWN severity blocks: unrated is not low" in failed
    # the cluster scenarios ran on kubeloop's cluster: the module has no Cluster
    cluster = [t for t in tests if t["name"].startswith("The reconciliation loop")]
    assert cluster and all(t["status"] == "pass" for t in cluster)
    capsys.readouterr()


@pytest.mark.slow
def test_the_pipeline_skeleton_fails_every_pipeline_scenario_clearly(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["exercise", "init", ".", "--lab", "pipeline"]) == 0
    assert (project / "pipeline_lab.py").exists() and not (project / "lab.py").exists()
    assert (
        main(["run", str(LADDER), str(WAIVERS), "--engine", "pipeline_lab", "--report", "o"]) == 1
    )
    tests = graded(project / "o")
    assert len(tests) >= 25
    for test in tests:
        assert test["status"] == "fail", test["name"]
        assert "not implemented yet: Pipeline." in test["message"], test


def test_init_all_writes_both_labs_and_lab_py_provides_the_pipeline(project: Path) -> None:
    assert main(["exercise", "init", "."]) == 0
    text = (project / "lab.py").read_text()
    assert "from pipeline_lab import Pipeline" in text
    assert "class Pipeline" in (project / "pipeline_lab.py").read_text()
    assert "Lab 02" in (project / "README.md").read_text()
