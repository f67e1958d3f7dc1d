"""Running promtool rule unit tests the way ``promtool test rules`` does (unittest.go).

Per test group: load the input series, evaluate every rule group at ``0, Δ, 2Δ, …`` up to
the largest ``eval_time`` (Δ = ``evaluation_interval``), check each ``alert_rule_test``
against the firing alerts of the evaluation at or just before its ``eval_time``, then
evaluate each ``promql_expr_test`` over the data the rules wrote. A rule that fails to
evaluate ends its test group. Queries run with promtool's engine options: a subquery without
a step steps by ``evaluation_interval``, and a query may hold at most 10,000 samples.
Verdicts and messages follow promtool; kubeloop adds the alerts promtool does not show
(pending, resolved) and a warning when an ``eval_time`` lies past the last input sample.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from kubeloop.errors import FixtureError
from kubeloop.telemetry.durations import format_duration
from kubeloop.telemetry.promql.features import PROMTOOL_DEFAULT, Features
from kubeloop.telemetry.promql.options import PROMTOOL_MAX_SAMPLES, QueryOptions
from kubeloop.telemetry.promtool import compare as cmp
from kubeloop.telemetry.promtool.checks import Failure, check_alerts, check_promql, late_warnings
from kubeloop.telemetry.promtool.debug import dump
from kubeloop.telemetry.promtool.notation import STALE
from kubeloop.telemetry.promtool.testfile import (
    TestFile,
    TestGroup,
    load_test_file,
)
from kubeloop.telemetry.rules.group import RuleGroup
from kubeloop.telemetry.rules.loader import load_rule_file
from kubeloop.telemetry.rules.model import RuleFile
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.series.histogram import FloatHistogram
from kubeloop.telemetry.series.store import SampleOrderError

MAX_EVALUATIONS = 1_000_000
Pairs = tuple[tuple[str, str], ...]


class GroupFilter(Protocol):
    """Which test groups run, by name: a compiled ``--run`` regex (RE2, linear time)."""

    def search(self, name: str) -> object: ...


@dataclass(frozen=True)
class GroupResult:
    name: str
    failures: tuple[Failure, ...]
    warnings: tuple[str, ...] = ()
    debug: tuple[str, ...] = ()
    """``--debug``'s dump of the series the group ended with."""
    seconds: float | None = None
    """How long the group took, by the clock ``run_file`` was given."""


@dataclass(frozen=True)
class FileResult:
    path: str
    groups: tuple[GroupResult, ...] = ()
    error: str | None = None
    """Set when the file could not be read at all (promtool's "FAILED:" before any test)."""
    warnings: tuple[str, ...] = field(default=())

    @property
    def passed(self) -> bool:
        return self.error is None and all(not g.failures for g in self.groups)


def run_file(
    path: str,
    run: GroupFilter | None = None,
    ignore_unknown: bool = False,
    roots: tuple[Path, ...] | None = None,
    features: Features = PROMTOOL_DEFAULT,
    debug: bool = False,
    clock: Callable[[], float] | None = None,
    diff: bool = False,
) -> FileResult:
    """Run every test group of one file (only those whose name ``run`` matches);
    ``ignore_unknown`` lets rule files carry fields Prometheus does not know; ``roots`` are
    the folders its rule files must stay inside (None: anywhere); ``features`` is what
    ``--enable-feature`` turned on; ``debug`` keeps each group's dump of its series;
    ``clock`` (seconds) times each group; ``diff`` reports alert tests as ``--diff`` does."""
    try:
        test_file = load_test_file(path, roots)
    except FixtureError as error:
        return FileResult(path, error=str(error))
    rules: list[RuleFile] = []
    problems: list[str] = []
    for rule_path in test_file.rule_files:
        try:
            rules.append(
                load_rule_file(rule_path, ignore_unknown=ignore_unknown, features=features)
            )
        except FixtureError as error:
            problems.append(str(error))
    results = []
    for group in test_file.tests:
        if run is not None and not run.search(group.name):
            continue
        began = clock() if clock is not None else 0.0
        if problems:
            result = GroupResult(group.display_name, tuple(Failure(p) for p in problems))
        else:
            result = _run_group(test_file, group, rules, features, (debug, diff))
        if clock is not None:
            result = replace(result, seconds=clock() - began)
        results.append(result)
    return FileResult(path, tuple(results), warnings=test_file.warnings)


def _run_group(
    test_file: TestFile,
    group: TestGroup,
    rule_files: list[RuleFile],
    features: Features,
    flags: tuple[bool, bool],
) -> GroupResult:
    debug, diff = flags
    if group.problems:
        return GroupResult(group.display_name, tuple(Failure(str(p)) for p in group.problems))
    store = SeriesStore(compact=True)
    failures: list[Failure] = []
    last_input = _load_series(store, group, failures)
    if failures:
        return GroupResult(group.display_name, tuple(failures))
    step = test_file.evaluation_interval_ms
    options = QueryOptions(step, PROMTOOL_MAX_SAMPLES, features)
    groups = _ordered_groups(rule_files, test_file.group_eval_order, group, options)
    mint = group.start_ms
    tests = [(t.eval_ms, t.line) for t in group.alert_tests]
    tests += [(t.eval_ms, t.line) for t in group.promql_tests]
    max_eval, line = max(tests, default=(0, group.line))
    if max_eval // step + 1 > MAX_EVALUATIONS:
        message = (
            f"{test_file.path}:{line}: the largest eval_time ({format_duration(max_eval)}) "
            "needs more than "
            f"{MAX_EVALUATIONS} evaluations at evaluation_interval "
            f"{format_duration(step)}; raise the interval or shorten the test"
        )
        return GroupResult(group.display_name, (Failure(message),))
    prefix = f"    name: {group.name},\n" if group.name else ""
    alert_times = sorted({t.eval_ms for t in group.alert_tests})
    current = 0
    ts = mint
    while ts <= mint + max_eval:
        errors = []
        for rule_group in groups:
            for broken in rule_group.eval(store, ts):
                when = cmp.go_duration(ts)
                errors.append(
                    Failure(
                        f"    rule: {broken.rule}, time: {when}, err: {broken.error}",
                        (f"the rule is at {broken.where}",),
                    )
                )
        if errors:
            return GroupResult(group.display_name, tuple(failures + errors))
        while current < len(alert_times) and ts - mint <= alert_times[current] < ts + step - mint:
            for alert_test in group.alert_tests:
                if alert_test.eval_ms == alert_times[current]:
                    failed = check_alerts(alert_test, groups, ts, prefix, diff)
                    if failed is not None:
                        failures.append(failed)
            current += 1
        ts += step
    for promql_test in group.promql_tests:
        failed = check_promql(promql_test, store, mint, test_file.fuzzy_compare, options)
        if failed is not None:
            failures.append(failed)
    warnings = tuple(late_warnings(group, last_input, test_file.path))
    dumped = tuple(dump(store, mint, max_eval, options)) if debug else ()
    return GroupResult(group.display_name, tuple(failures), warnings, dumped)


def _load_series(store: SeriesStore, group: TestGroup, failures: list[Failure]) -> int | None:
    """Append every input sample; returns the time of the last sample of the series that do
    not end with ``stale`` (None: every series says it stopped, or there are none)."""
    last: int | None = None
    times: dict[int, int] = {}  # one int object per step, shared by every series' samples
    for series in group.input_series:
        labels = Labels.of(series.labels)
        try:
            for index, value in series.values.iter_points():
                t = times.get(index)
                if t is None:
                    t = times[index] = group.start_ms + index * group.interval_ms
                if value is STALE:
                    store.append_stale(labels, t)
                elif isinstance(value, FloatHistogram):
                    store.append_histogram(labels, t, value)
                else:
                    store.append(labels, t, value)  # type: ignore[arg-type]
            final = series.values.last()
            if final is not None and final[1] is not STALE:
                t = group.start_ms + final[0] * group.interval_ms
                last = t if last is None else max(last, t)
        except SampleOrderError:
            failures.append(
                Failure(
                    f"    input series {labels} at line {series.line}: this series is listed "
                    "twice with samples at the same times; merge the two entries"
                )
            )
    return last


def _ordered_groups(
    rule_files: list[RuleFile], order: tuple[str, ...], group: TestGroup, options: QueryOptions
) -> list[RuleGroup]:
    """promtool's partial order: groups named in ``group_eval_order`` by position, every
    other group as if it were first (a stable sort keeps file order among equals)."""
    rank = {name: i for i, name in enumerate(order)}
    built = []
    for rule_file in rule_files:
        for spec in rule_file.groups:
            rule_group = RuleGroup(spec, group.interval_ms)
            rule_group.external_labels = group.external_labels
            rule_group.external_url = group.external_url
            rule_group.options = options
            built.append(rule_group)
    return sorted(built, key=lambda g: rank.get(g.name, 0))
