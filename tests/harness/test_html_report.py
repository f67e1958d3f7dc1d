"""The HTML report, on a suite with three scenarios broken on purpose: failures first, an
index and a status filter that work without JavaScript (checked in Chromium), every
scenario whole on its feature's page with durations, data tables and doc strings."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.harness.broken_suite import BrokenRun, run_broken
from tests.harness.report_tools import rendered_dom

pytestmark = pytest.mark.slow  # Chromium: the heavy tier

PROBE = """<script>
addEventListener('load', function () {
  var shown = function (e) { return e.offsetParent !== null; };
  var out = [];
  document.querySelectorAll('main li[data-status] > a').forEach(function (e) {
    var status = e.parentNode.dataset.status;
    if (shown(e)) out.push('scenario\\t' + status + '\\t' + e.textContent.trim());
  });
  document.querySelectorAll('#failures details.scenario').forEach(function (e) {
    if (shown(e)) out.push('failure\\t' + e.dataset.status);
  });
  document.querySelectorAll('main details.feature > summary').forEach(function (e) {
    if (shown(e)) out.push('feature\\t' + e.textContent.trim());
  });
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = out.join('\\n');
  document.documentElement.appendChild(pre);
});
</script>"""


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> BrokenRun:
    return run_broken(tmp_path_factory.mktemp("html"))


def _visible(broken: BrokenRun, tmp_path: Path, fragment: str) -> list[list[str]]:
    """What a reader sees of report.html at report.html#FRAGMENT, as the browser lays it
    out; the probe is added to a copy of the page (the report itself has no script)."""
    page = (broken.reports / "report.html").read_text(encoding="utf-8")
    assert "<script" not in page
    probe = tmp_path / "report.html"
    probe.write_text(page.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    shutil.copytree(broken.reports / "features", tmp_path / "features", dirs_exist_ok=True)
    dom = rendered_dom(probe, fragment)
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    return [line.split("\t") for line in found.group(1).splitlines()]


def test_failures_come_first_with_their_pictures(broken: BrokenRun) -> None:
    page = (broken.reports / "report.html").read_text(encoding="utf-8")
    failures = page[page.index('<section id="failures">') : page.index('<section id="index">')]
    titles = re.findall(r"Scenario(?: Outline)?: (.*?) <span", failures)
    assert sorted(titles) == sorted(f.title for f in broken.failures)
    body = page[page.index("<body>") :]
    assert body.index('<section id="failures">') < 1000, "the first failure opens the page"
    assert "<svg" in failures and "rerun: <code" in failures


def test_the_failed_filter_works_without_javascript(broken: BrokenRun, tmp_path: Path) -> None:
    everything = _visible(broken, tmp_path, "")
    assert sum(kind == "feature" for kind, *_ in everything) == 3
    failed_view = _visible(broken, tmp_path, "#failed")
    statuses = {row[1] for row in failed_view if row[0] == "scenario"}
    assert statuses == {"failed"}
    features = [row[1] for row in failed_view if row[0] == "feature"]
    assert len(features) == 2 and not any(f.startswith("Inline fixtures") for f in features)
    titles = {row[2].removeprefix("✗ ") for row in failed_view if row[0] == "scenario"}
    assert titles == {f.title for f in broken.failures}
    assert sum(row[0] == "failure" for row in failed_view) == 3
    passed_view = _visible(broken, tmp_path, "#passed")
    assert {row[1] for row in passed_view if row[0] == "scenario"} == {"passed"}
    assert not any(row[0] == "failure" for row in passed_view), "failures hide too"


def test_feature_pages_show_tables_doc_strings_and_durations(broken: BrokenRun) -> None:
    page = (broken.reports / "features" / "inline.html").read_text(encoding="utf-8")
    assert "<td>east-1</td><td>2</td><td>4Gi</td>" in page
    assert '<pre class="doc">apiVersion: kubeloop.dev/v1alpha1' in page
    assert re.search(r'<span class="took">\d+(\.\d)? (ms|s)</span>', page)
    index = (broken.reports / "report.html").read_text(encoding="utf-8")
    assert index.count('href="features/inline.html#l') == 2


def test_every_page_renders_clean_in_chromium(broken: BrokenRun) -> None:
    """tools/check_report_in_browser.py on the report: every page renders with no console
    error, and the screenshots are written (report.html's and a feature page's)."""
    rendered_dom(broken.reports / "report.html")  # skips, with the reason, without chromium
    tool = Path(__file__).resolve().parents[2] / "tools" / "check_report_in_browser.py"
    feature = broken.reports / "features" / "healing.html"
    done = subprocess.run(
        [sys.executable, str(tool), str(broken.reports / "report.html"), str(feature)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("0 console errors") == 4, done.stdout  # report + 3 features
    assert (broken.reports / "report.png").is_file() and feature.with_suffix(".png").is_file()
