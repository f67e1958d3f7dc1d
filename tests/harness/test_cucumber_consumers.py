"""kubeloop's Cucumber reports read by the tools teams use, on a suite with three scenarios
broken on purpose: each tool must show exactly the failures kubeloop's terminal shows.

- messages.ndjson through the official @cucumber/html-formatter, rendered in Chromium;
- cucumber.json through cucumber-html-reporter.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.harness.broken_suite import BrokenRun, Failure, run_broken
from tests.harness.report_tools import node, rendered_dom

pytestmark = pytest.mark.slow  # npm packages and Chromium: the heavy tier


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> BrokenRun:
    return run_broken(tmp_path_factory.mktemp("broken"))


class _FormatterPage(HTMLParser):
    """Walks the formatter's rendered page: feature (h1), scenario (h2 "Scenario…:"),
    outline row (h3 "#1.2"), and each step's data-status."""

    def __init__(self) -> None:
        super().__init__()
        self.heading: str | None = None
        self.text = ""
        self.feature = self.scenario = ""
        self.row: str | None = None
        self.failed: set[tuple[str, str, str | None]] = set()
        self.scenarios: list[tuple[str, str, str | None]] = []
        self.files: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2", "h3") and self.heading is None:
            self.heading, self.text = tag, ""
        status = dict(attrs).get("data-status")
        if tag == "li" and status == "FAILED":
            self.failed.add((self.feature, self.scenario, self.row))

    def handle_endtag(self, tag: str) -> None:
        if tag != self.heading:
            return
        self.heading = None
        text = self.text.strip()
        if tag == "h1" and text.startswith("Feature: "):
            self.feature = text.removeprefix("Feature: ")
        elif tag == "h2" and (match := re.match(r"Scenario(?: Outline)?: (.*)", text)):
            self.scenario, self.row = match.group(1), None
            self.scenarios.append((self.feature, self.scenario, None))
        elif tag == "h3" and text.endswith(".feature"):
            self.files.append(Path(text).name)
        elif tag == "h3" and re.fullmatch(r"#\d+\.\d+", text):
            self.row = text
            self.scenarios.append((self.feature, self.scenario, self.row))

    def handle_data(self, data: str) -> None:
        if self.heading is not None:
            self.text += data


def _formatter_key(failure: Failure) -> tuple[str, str, str | None]:
    """How the formatter names a scenario: an outline row as "#<examples>.<row>"."""
    return (failure.feature, failure.scenario, None if failure.row is None else f"#1.{failure.row}")


def test_the_official_html_formatter_shows_the_terminals_failures(
    broken: BrokenRun, tmp_path: Path
) -> None:
    messages = (broken.reports / "messages.ndjson").read_text(encoding="utf-8")
    page = tmp_path / "cucumber.html"
    page.write_text(node("cucumber_html.mjs", stdin=messages), encoding="utf-8")
    dom = rendered_dom(page)
    seen = _FormatterPage()
    seen.feed(dom[dom.index("<body") :])
    assert seen.failed == {_formatter_key(f) for f in broken.failures}
    assert seen.files == ["coverage.feature", "healing.feature", "inline.feature"]
    features = {feature for feature, _, _ in seen.scenarios}  # a file that passed stays closed
    assert features == {"Healing", "The unit gate uses coverage.py's fail_under"}
    assert len(seen.scenarios) == 8, "2 + 4, 1 outline with 2 rows: none lost, none twice"
    assert "(5 / 9) passed" in dom, "the counts the terminal prints: 9 scenarios, 5 passed"
    attached = messages.count('"mediaType": "image/svg+xml"')
    assert attached >= 3, "each failure carries the pictures of its world"
    assert dom.count('src="data:image/svg+xml;base64,') == attached, "shown as images"


def _reporter_failures(page: str) -> set[tuple[str, str]]:
    failed = set()
    for chunk in page.split("<b>Feature:</b>")[1:]:
        feature = chunk.split("\n", 1)[0].strip()
        for scenario in re.split(r"<b>Scenario[^<]*:</b>", chunk)[1:]:
            name = re.search(r'data-text="([^"]*)"', scenario)
            header = scenario.split("panel-collapse", 1)[0]
            if name and "Steps Failed" in header:
                failed.add((feature, name.group(1).replace("&#39;", "'")))
    return failed


def test_cucumber_html_reporter_shows_the_terminals_failures(
    broken: BrokenRun, tmp_path: Path
) -> None:
    page = tmp_path / "reporter.html"
    node("cucumber_html_reporter.cjs", str(broken.reports / "cucumber.json"), str(page))
    text = page.read_text(encoding="utf-8")
    shown = _reporter_failures(text)
    assert shown == {(f.feature, f.title) for f in broken.failures}
    features = json.loads((broken.reports / "cucumber.json").read_text(encoding="utf-8"))
    embedded = [
        e for f in features for el in f["elements"] for st in el["steps"]
        for e in st.get("embeddings", [])
    ]  # fmt: skip
    assert len(embedded) >= 3 and {e["mime_type"] for e in embedded} == {"image/svg+xml"}
    assert text.count('download="file.svg+xml"') >= len(embedded), "offered with its step"
