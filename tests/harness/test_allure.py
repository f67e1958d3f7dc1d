"""``kubeloop run --alluredir``, read by Allure itself (Allure 3's ``allure csv``) on a suite
with three scenarios broken on purpose: the failures kubeloop's terminal shows, under the
same names, each with its pictures and its rerun command attached."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests.harness.broken_suite import BrokenRun, run_broken
from tests.harness.report_tools import allure

pytestmark = pytest.mark.slow  # Allure from npm: the heavy tier


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> BrokenRun:
    root = tmp_path_factory.mktemp("allure")
    return run_broken(root, "--alluredir", str(root / "allure-results"))


def test_allure_shows_the_terminals_failures(broken: BrokenRun, tmp_path: Path) -> None:
    results = broken.reports.parent / "allure-results"
    table = tmp_path / "results.csv"
    allure("csv", str(results), "-o", str(table))
    with table.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 9
    failed = {(r["Suite"], r["Name"]) for r in rows if r["Status"] in ("failed", "broken")}
    assert failed == {(f.feature, f.title) for f in broken.failures}
    assert {r["Status"] for r in rows} == {"passed", "failed", "skipped"}
    wrong = next(r for r in rows if r["Name"] == "The gate names the wrong words")
    assert wrong["Error"].startswith("expected: gate unit to say 'is above'; saw: coverage 42%")


def test_pictures_and_the_rerun_command_are_attached(broken: BrokenRun) -> None:
    results = broken.reports.parent / "allure-results"
    for path in sorted(results.glob("*-result.json")):
        result = json.loads(path.read_text(encoding="utf-8"))
        assert all(p["name"] != "world" for p in result["parameters"])
        kinds = [a["type"] for a in result["attachments"]]
        for attachment in result["attachments"]:
            assert (results / attachment["source"]).is_file()
        if result["status"] == "failed":
            assert "image/svg+xml" in kinds and "text/plain" in kinds
            rerun = next(a for a in result["attachments"] if a["name"] == "rerun")
            assert (results / rerun["source"]).read_text().startswith("kubeloop run ")
    outline = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in results.glob("*-result.json")
        if "Scaling [n=3" in p.read_text(encoding="utf-8")
    ]
    assert outline[0]["parameters"] == [{"name": "n", "value": "3"}, {"name": "want", "value": "4"}]
