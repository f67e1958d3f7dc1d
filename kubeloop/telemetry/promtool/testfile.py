"""promtool's rule unit-test file (cmd/promtool/unittest.go), read with FILE:LINE errors.

Problems that make promtool reject the whole file (bad YAML, unknown fields, bad
durations, a repeated ``group_eval_order`` entry) raise ``FixtureError``. Problems
promtool reports inside one test group (bad series notation, a missing alertname) are kept
on the test group as ``problems`` so the other groups still run, as promtool does.
"""

from __future__ import annotations

import glob
import itertools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kubeloop.core.excerpt import excerpt
from kubeloop.errors import FixtureProblem
from kubeloop.fixtures.paths import inside
from kubeloop.telemetry.durations import DurationError, parse_duration
from kubeloop.telemetry.promtool.notation import (
    Expanded,
    NotationError,
    expand_values,
    split_series,
)
from kubeloop.telemetry.rules.yamlfile import DocPath, YamlFile, read_yaml

SCHEMA = "promtool-test.schema.json"
DEFAULT_INTERVAL_MS = 60_000
MAX_SAMPLES_PER_FILE = 100_000_000
"""The most samples all input series of one file may expand to (the bound on ``xN``), so
a file cannot ask for more memory than a machine has; 1,000 series of a minute's samples
for 60 days fit (promtool's own bound is the machine's memory)."""
FILE_BOUNDS = (64 * 1024 * 1024, 4_000_000)
"""A test file's most bytes and YAML values: a million ``input_series`` entries fit (other
fixtures keep the smaller default, as their files are written by hand)."""
MAX_RULE_FILES = 1_000
"""The most rule files one test file may load (the bound on what its globs match)."""

Pairs = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class InputSeries:
    labels: dict[str, str]
    values: Expanded
    line: int


@dataclass(frozen=True)
class ExpectedAlert:
    labels: Pairs
    annotations: Pairs


@dataclass(frozen=True)
class AlertTest:
    eval_ms: int
    alertname: str
    exp_alerts: tuple[ExpectedAlert, ...]
    line: int


@dataclass(frozen=True)
class ExpectedSample:
    labels: str
    value: float
    line: int
    histogram: str = ""


@dataclass(frozen=True)
class PromqlTest:
    expr: str
    eval_ms: int
    exp_samples: tuple[ExpectedSample, ...]
    line: int


@dataclass(frozen=True)
class TestGroup:
    index: int
    name: str
    interval_ms: int
    input_series: tuple[InputSeries, ...]
    alert_tests: tuple[AlertTest, ...]
    promql_tests: tuple[PromqlTest, ...]
    external_labels: Pairs
    external_url: str
    start_ms: int
    line: int
    problems: tuple[FixtureProblem, ...] = ()

    @property
    def display_name(self) -> str:
        return self.name or f"unnamed#{self.index}"


@dataclass(frozen=True)
class TestFile:
    path: str
    rule_files: tuple[str, ...]
    evaluation_interval_ms: int
    group_eval_order: tuple[str, ...]
    tests: tuple[TestGroup, ...]
    fuzzy_compare: bool = False
    warnings: tuple[str, ...] = field(default=())


def load_test_file(path: str | Path, roots: tuple[Path, ...] | None = None) -> TestFile:
    """Read a promtool test file; raises ``FixtureError`` when promtool would reject it.

    ``roots``: the folders its ``rule_files`` must stay inside (None: anywhere)."""
    file = read_yaml(path, SCHEMA, nonfinite=True, bounds=FILE_BOUNDS)  # a sample may be .inf
    data = file.data
    interval = _duration(file, ("evaluation_interval",), data.get("evaluation_interval"))
    interval = interval or DEFAULT_INTERVAL_MS
    order: list[str] = []
    for i, name in enumerate(data.get("group_eval_order") or []):
        text = file.text(("group_eval_order", i), name)
        if text in order:
            file.report(("group_eval_order", i), f"group name repeated in evaluation order: {text}")
        order.append(text)
    budget = [MAX_SAMPLES_PER_FILE]
    tests = [
        _group(file, ("tests", i), raw or {}, i, interval, budget)
        for i, raw in enumerate(data.get("tests") or [])
    ]
    rule_files, warnings = _rule_files(file, Path(path).parent, roots)
    file.raise_problems()
    return TestFile(
        path=str(path),
        rule_files=tuple(rule_files),
        evaluation_interval_ms=interval,
        group_eval_order=tuple(order),
        tests=tuple(tests),
        fuzzy_compare=bool(data.get("fuzzy_compare")),
        warnings=tuple(warnings),
    )


def _rule_files(
    file: YamlFile, base: Path, roots: tuple[Path, ...] | None
) -> tuple[list[str], list[str]]:
    """The rule files the ``rule_files`` globs name (promtool: relative to the test file);
    with ``roots``, a pattern or a match that leaves them is an error and is never read."""
    found: list[str] = []
    warnings: list[str] = []
    for i, raw in enumerate(file.data.get("rule_files") or []):
        where: DocPath = ("rule_files", i)
        pattern = file.text(where, raw)
        if pattern and not os.path.isabs(pattern):
            pattern = str(base / pattern)
        if roots is not None and not inside(_fixed_prefix(pattern), roots):
            file.report(where, _outside(pattern, roots))
            continue
        matches = sorted(itertools.islice(glob.iglob(pattern), MAX_RULE_FILES + 1))
        if len(found) + len(matches) > MAX_RULE_FILES:
            file.report(where, f"the rule_files match more than {MAX_RULE_FILES} files")
            continue
        escaping = [m for m in matches if roots is not None and not inside(Path(m), roots)]
        if escaping:
            file.report(where, _outside(escaping[0], roots or ()))
            continue
        if not matches:
            line, _ = file.where(where)
            warnings.append(f"{file.filename}:{line}: no file match pattern {excerpt(pattern)}")
        found.extend(matches)
    return found, warnings


def _fixed_prefix(pattern: str) -> Path:
    """The folder a glob starts walking from: its path up to the first wildcard."""
    parts = Path(pattern).parts
    fixed = itertools.takewhile(lambda part: not glob.has_magic(part), parts)
    return Path(*fixed) if parts and not glob.has_magic(parts[0]) else Path(".")


def _outside(path: str, roots: tuple[Path, ...]) -> str:
    return (
        f"the rule file path {excerpt(path, 80)} leaves the project (it resolves outside "
        f"{' and '.join(map(str, roots))}): keep rule files inside the project, or run with "
        "--files-anywhere"
    )


def _duration(file: YamlFile, path: DocPath, value: Any) -> int:
    if value is None:
        return 0
    try:
        return parse_duration(file.text(path, value))
    except DurationError as error:
        file.report(path, str(error))
        return 0


def _pairs(file: YamlFile, path: DocPath, raw: Any) -> Pairs:
    return tuple(sorted((k, file.text((*path, k), v)) for k, v in (raw or {}).items()))


def _group(
    file: YamlFile, path: DocPath, raw: dict[str, Any], index: int, default: int, budget: list[int]
) -> TestGroup:
    problems: list[FixtureProblem] = []
    interval = _duration(file, (*path, "interval"), raw.get("interval")) or default
    start = 0
    if raw.get("start_timestamp") is not None:
        start = _start(file, (*path, "start_timestamp"), raw["start_timestamp"])
    series = []
    for i, item in enumerate(raw.get("input_series") or []):
        parsed = _series(file, (*path, "input_series", i), item or {}, budget, problems)
        if parsed is not None:
            series.append(parsed)
    alerts = []
    for i, entry in enumerate(raw.get("alert_rule_test") or []):
        apath: DocPath = (*path, "alert_rule_test", i)
        item = entry or {}
        name = file.text((*apath, "alertname"), item.get("alertname"))
        eval_ms = _duration(file, (*apath, "eval_time"), item.get("eval_time"))
        if not name:
            where = f" (in TestGroup {raw.get('name')})" if raw.get("name") else ""
            problems.append(
                file.problem(
                    apath,
                    "an item under alert_rule_test misses required attribute alertname at "
                    f"eval_time {file.text((*apath, 'eval_time'), item.get('eval_time')) or '0s'}"
                    f"{where}",
                )
            )
        expected = tuple(
            ExpectedAlert(
                _pairs(file, (*apath, "exp_alerts", j, "exp_labels"), (e or {}).get("exp_labels")),
                _pairs(
                    file,
                    (*apath, "exp_alerts", j, "exp_annotations"),
                    (e or {}).get("exp_annotations"),
                ),
            )
            for j, e in enumerate(item.get("exp_alerts") or [])
        )
        alerts.append(AlertTest(eval_ms, name, expected, file.where(apath)[0]))
    promql = []
    for i, entry in enumerate(raw.get("promql_expr_test") or []):
        ppath: DocPath = (*path, "promql_expr_test", i)
        item = entry or {}
        samples = tuple(
            ExpectedSample(
                file.text((*ppath, "exp_samples", j, "labels"), (s or {}).get("labels")),
                float((s or {}).get("value") or 0.0),
                file.where((*ppath, "exp_samples", j))[0],
                file.text((*ppath, "exp_samples", j, "histogram"), (s or {}).get("histogram")),
            )
            for j, s in enumerate(item.get("exp_samples") or [])
        )
        promql.append(
            PromqlTest(
                file.text((*ppath, "expr"), item.get("expr")),
                _duration(file, (*ppath, "eval_time"), item.get("eval_time")),
                samples,
                file.where(ppath)[0],
            )
        )
    return TestGroup(
        index=index,
        name=file.text((*path, "name"), raw.get("name")),
        interval_ms=interval,
        input_series=tuple(series),
        alert_tests=tuple(alerts),
        promql_tests=tuple(promql),
        external_labels=_pairs(file, (*path, "external_labels"), raw.get("external_labels")),
        external_url=file.text((*path, "external_url"), raw.get("external_url")),
        start_ms=start,
        line=file.where(path)[0],
        problems=tuple(problems),
    )


def _series(
    file: YamlFile,
    path: DocPath,
    item: dict[str, Any],
    budget: list[int],
    problems: list[FixtureProblem],
) -> InputSeries | None:
    text = file.text((*path, "series"), item.get("series"))
    try:
        labels, end = split_series(text)
        if text[end:].strip():
            raise NotationError(end + 1, f"unexpected {text[end:].strip()[:20]!r} after the labels")
        if not labels:
            raise NotationError(1, "a series needs a metric name or at least one label")
    except NotationError as error:
        problems.append(file.problem((*path, "series"), f"series {excerpt(text)}: {error}"))
        return None
    values_text = file.text((*path, "values"), item.get("values"))
    try:
        values = expand_values(values_text, budget[0])
    except NotationError as error:
        problems.append(file.problem((*path, "values"), f"values {excerpt(values_text)}: {error}"))
        return None
    budget[0] -= values.steps
    return InputSeries(labels, values, file.where(path)[0])


def _start(file: YamlFile, path: DocPath, value: Any) -> int:
    """``start_timestamp``: Unix seconds or an RFC 3339 time, as milliseconds, between the
    years 1 and 9999 (what RFC 3339 can write; beyond, Go's int64 conversion wraps)."""
    import datetime  # noqa: PLC0415

    text = file.text(path, value)
    try:
        if not text.isascii() or "_" in text:  # Go's ParseFloat: no ١٢, no 1_000
            raise ValueError(text)
        seconds = float(text)
    except ValueError:
        try:
            moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            file.report(path, f"cannot parse {excerpt(text)} as an RFC 3339 time or Unix timestamp")
            return 0
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=datetime.UTC)
        seconds = moment.timestamp()
    if not _FIRST_SECOND <= seconds <= _LAST_SECOND:  # NaN fails both comparisons
        file.report(
            path,
            f"{excerpt(text)} is not a time between the years 1 and 9999 (Unix seconds from "
            f"{_FIRST_SECOND} to {_LAST_SECOND}, or an RFC 3339 time)",
        )
        return 0
    return round(seconds * 1000)


_FIRST_SECOND = -62_135_596_800
"""0001-01-01T00:00:00Z in Unix seconds."""
_LAST_SECOND = 253_402_300_799
"""9999-12-31T23:59:59Z in Unix seconds."""
