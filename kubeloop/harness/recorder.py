"""Records what each scenario did and attaches it to pytest's report.

It runs where the scenario runs (a pytest-xdist worker, or the main process) and puts
the record on ``report.user_properties``, which xdist carries back to the main
process — so reports stay complete under ``-n``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from kubeloop.harness import gherkin_source
from kubeloop.harness.errors import HarnessError, UndefinedStepError
from kubeloop.harness.record import (
    ScenarioRecord,
    StepRecord,
    autoscaler_entries,
    hpa_sample,
    snapshot,
)
from kubeloop.harness.registry import REGISTRY
from kubeloop.harness.scenarios import scenario_template
from kubeloop.harness.shown_paths import relative

RECORD_KEY = "kubeloop_record"


def new_record(
    item: pytest.Item, template: Any, engine: str, scenario: Any = None
) -> ScenarioRecord:
    """A record of a scenario before it runs: every step not yet run. ``scenario`` is the
    template rendered with the item's example, when the caller has it already."""
    feature = template.feature
    uri = relative(feature.filename)
    record = ScenarioRecord(
        uri=uri,
        feature=feature.name,
        feature_line=feature.line_number,
        feature_description=feature.description or "",
        feature_tags=sorted(f"@{t}" for t in feature.tags),
        name=template.name,
        line=template.line_number,
        keyword=template.keyword,
        tags=sorted(f"@{t}" for t in template.tags),
        engine=engine,
    )
    callspec = getattr(item, "callspec", None)
    example = {} if callspec is None else callspec.params.get("_pytest_bdd_example", {})
    if example and callspec is not None:
        record.example = dict(example)
        record.row = callspec.indices["_pytest_bdd_example"]
        rows = gherkin_source.load(Path(feature.filename), uri).row_lines(template.line_number)
        record.row_line = rows[record.row] if record.row < len(rows) else None
    record.steps = [
        StepRecord(
            s.keyword.strip(),
            s.name,
            s.line_number,
            docstring=s.docstring,
            datatable=None
            if s.datatable is None
            else [[c.value for c in row.cells] for row in s.datatable.rows],
        )
        for s in (template.render(example) if scenario is None else scenario).steps
    ]
    return record


class Recorder:
    """The recording half of the plugin, active when ``--kubeloop-record`` is given."""

    def __init__(self, engine: str, pictures: bool) -> None:
        self.engine = engine
        self.pictures = pictures
        """Record everything the reports show: the end state, what each step matched."""
        self.records: dict[str, ScenarioRecord] = {}
        self.started: dict[str, int] = {}
        self.hpas: dict[str, dict[str, list[dict[str, Any]]]] = {}
        """Each scenario's HPA samples, one per step, for the report's HPA chart."""

    def pytest_bdd_before_scenario(self, request: Any, feature: Any, scenario: Any) -> None:
        template = scenario_template(request.node)
        if template is not None:
            self.records[request.node.nodeid] = new_record(
                request.node, template, self.engine, scenario
            )
            self.started[request.node.nodeid] = time.perf_counter_ns()

    def _step(self, request: Any, step: Any) -> StepRecord | None:
        record = self.records.get(request.node.nodeid)
        if record is None:
            return None
        for candidate in record.steps:
            if candidate.line == step.line_number and candidate.status == "skipped":
                return candidate
        return None

    def pytest_bdd_before_step(self, request: Any, step: Any, **_: Any) -> None:
        self.started[f"{request.node.nodeid}:{step.line_number}"] = time.perf_counter_ns()

    def _finish(self, request: Any, step: Any, status: str, error: BaseException | None) -> None:
        entry = self._step(request, step)
        if entry is None:
            return
        began = self.started.pop(
            f"{request.node.nodeid}:{step.line_number}", time.perf_counter_ns()
        )
        entry.duration_ns = time.perf_counter_ns() - began
        entry.status = status
        world = request.getfixturevalue("world")
        entry.expansion = list(world.report.expansion)
        if self.pictures:  # what matched, for Cucumber JSON and Messages
            matches = world.report.matches
            entry.definition = " + ".join(
                f"{m.definition.keyword}: {m.definition.pattern}" for m in matches
            )
            entry.arguments = matches[0].spans() if matches else []
            if world.declared.hpas:
                hpa_sample(world, self.hpas.setdefault(request.node.nodeid, {}))
        if error is not None:
            entry.error = str(error)
            entry.error_type = type(error).__name__
            entry.mark = getattr(error, "mark", None)

    def pytest_bdd_after_step(self, request: Any, step: Any, **_: Any) -> None:
        self._finish(request, step, "passed", None)

    def pytest_bdd_step_error(
        self, request: Any, step: Any, exception: Exception, **_: Any
    ) -> None:
        status = "undefined" if isinstance(exception, UndefinedStepError) else "failed"
        self._finish(request, step, status, exception)

    def pytest_bdd_after_scenario(self, request: Any, feature: Any, scenario: Any) -> None:
        record = self.records.get(request.node.nodeid)
        if record is not None and self.pictures:
            record.snapshot = snapshot(request.getfixturevalue("world"))
            samples = self.hpas.pop(request.node.nodeid, {})
            record.snapshot["autoscalers"] = autoscaler_entries(samples)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        report = yield
        record = self._complete(item, report)
        if record is not None:
            text = record.to_json()
            report.user_properties.append((RECORD_KEY, text))
            if not self.pictures:  # a steps-only record is plain JSON data: see _HANDED
                _HANDED[:] = [(text, record)]
        return report

    def _complete(self, item: pytest.Item, report: pytest.TestReport) -> ScenarioRecord | None:
        nodeid = item.nodeid
        if report.when == "call":
            record = self.records.pop(nodeid, None)
        elif report.when == "setup" and not report.passed:
            template = scenario_template(item)
            record = None if template is None else new_record(item, template, self.engine)
        else:
            return None
        if record is None:
            return None
        record.duration_ns = int(report.duration * 1e9)
        if report.skipped:
            record.status = "skipped"
            record.message = _skip_reason(report)
        elif report.failed:
            record.status = "failed" if report.when == "call" else "error"
            failed = record.failed_step
            record.message = failed.error if failed else report.longreprtext
            _mark_undefined(record)
        return record


def _mark_undefined(record: ScenarioRecord) -> None:
    """A step not reached after a failure is still *undefined* if no phrase matches it, as
    Cucumber reports it (steps are matched before they run), so one run shows every one."""
    kind = "given"
    for step in record.steps:
        word = step.keyword.lower()
        kind = word if word in ("given", "when", "then") else kind
        if step.status != "skipped":
            continue
        try:
            REGISTRY.match(kind, step.text)
        except UndefinedStepError as error:
            step.status, step.error = "undefined", f"{record.uri}:{step.line}: {error}"
            step.error_type = type(error).__name__
        except HarnessError:
            continue


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return "skipped"


_HANDED: list[tuple[str, ScenarioRecord]] = []
"""The last record this process attached to a report, beside the very string it attached.

A report read in the process that made it (no pytest-xdist, no isolation) carries that
same string object, so its record is taken as it is instead of parsed back. Only records
without pictures are handed over: every field is a string, an int, None or a list or dict
of them, which a JSON round trip gives back equal (pictures hold tuples, which it would
turn into lists)."""


def records_from(report: pytest.TestReport) -> list[ScenarioRecord]:
    return [_record(str(v)) for k, v in report.user_properties if k == RECORD_KEY]


def _record(text: str) -> ScenarioRecord:
    if _HANDED and _HANDED[0][0] is text:
        return _HANDED.pop()[1]
    return ScenarioRecord.from_json(text)
