"""A runner for Prometheus' promqltest files (``load``, ``clear``, ``eval instant``,
``eval range``, ``expect …``) over kubeloop's evaluator.

Each ``eval`` is one case; it passes, fails (with the difference) or is skipped with a reason
(a construct kubeloop reports as unsupported). Values compare as
promqltest does: ``almost.Equal`` with epsilon 1e-6, NaN equal to NaN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Final

from promqltest_compare import check_annotations, close, diff

from kubeloop.telemetry.durations import parse_duration
from kubeloop.telemetry.promql import (
    Annotation,
    Matrix,
    PromQLError,
    Sample,
    Scalar,
    String,
    UnsupportedError,
    Vector,
    evaluate,
    evaluate_range,
    parse,
)
from kubeloop.telemetry.promql import ast as promql_ast
from kubeloop.telemetry.promql.features import Features
from kubeloop.telemetry.promql.histogram import nhcb
from kubeloop.telemetry.promql.histogram.notation import (
    Described,
    expand_histogram_item,
    is_histogram_item,
    split_items,
)
from kubeloop.telemetry.series import EMPTY, Labels, MatchOp, SeriesStore

_EVAL_INSTANT: Final = re.compile(
    r"^eval(?:_(fail|warn|ordered|info))?\s+instant\s+(?:at\s+(.+?))?\s+(.+)$"
)
_EVAL_RANGE: Final = re.compile(
    r"^eval(?:_(fail|warn|info))?\s+range\s+from\s+(.+)\s+to\s+(.+)\s+step\s+(.+?)\s+(.+)$"
)
_EXPAND: Final = re.compile(
    r"^(?P<a>[+-]?(?:[0-9.]+(?:[eE][+-]?[0-9]+)?|Inf|inf|NaN|nan))"
    r"(?:(?P<sign>[+-])(?P<b>[0-9.]+(?:[eE][+-]?[0-9]+)?|Inf|inf))?x(?P<n>[0-9]+)$"
)
_RANGE_VECTOR: Final = re.compile(r"^expect range vector from (\S+) to (\S+) step (\S+)$")


TEST_FEATURES: Final = Features(True, True, True, True)
"""promqltest's parser options: every experimental construct accepted."""
AT_UNSAFE: Final = frozenset({
    "days_in_month", "day_of_month", "day_of_week", "day_of_year", "end", "hour", "minute",
    "month", "year", "predict_linear", "range", "start", "step", "time", "timestamp",
})  # fmt: skip
"""promql.AtModifierUnsafeFunctions: no @ re-runs for an expression using one."""
_CONTEXT_FUNCS: Final = re.compile(r"(start|end|range|step)\(\)")
_EXPECT: Final = re.compile(
    r"^expect\s+(fail|warn|info|no_warn|no_info|ordered)(?:\s+(msg|regex):(.*))?$"
)


@dataclass
class Outcome:
    line: int
    expr: str
    status: str  # pass | fail | skip
    detail: str = ""


@dataclass
class FileResult:
    name: str
    outcomes: list[Outcome] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


def duration_ms(text: str) -> int:
    return parse_duration(text.strip())


def split_metric(line: str) -> tuple[str, str]:
    """``metric{labels} rest`` → (metric text, rest), respecting quoted label values."""
    depth, quote, i = 0, "", 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'`":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return line[: i + 1], line[i + 1 :].strip()
        elif c in " \t" and depth == 0:
            return line[:i], line[i:].strip()
        i += 1
    return line, ""


def parse_labels(text: str) -> Labels:
    if text.replace(" ", "") == "{}":
        return EMPTY
    node = parse(text)
    assert isinstance(node, promql_ast.VectorSelector), text
    pairs = [(m.name, m.value) for m in node.matchers if m.op is MatchOp.EQUAL]
    return Labels(pairs)


def _number(text: str) -> float:
    lowered = text.lower().lstrip("+")
    if lowered in ("inf", "-inf", "nan"):
        return float(lowered)
    return float(text)


Value = float | str | Described | None


def expand_values(text: str) -> list[Value]:
    """promqltest's series notation; None is a missing sample, "stale" a stale marker, a
    ``Described`` a native histogram."""
    out: list[Value] = []
    for item in split_items(text):
        if is_histogram_item(item):
            out.extend(expand_histogram_item(item))
        elif item == "_":
            out.append(None)
        elif item.startswith("_x"):
            out.extend([None] * int(item[2:]))
        elif item == "stale":
            out.append("stale")
        elif (m := _EXPAND.match(item)) is not None:
            a, n = _number(m["a"]), int(m["n"])
            b = _number(m["b"]) * (-1 if m["sign"] == "-" else 1) if m["b"] else 0.0
            out.extend(a + i * b for i in range(n + 1))
        else:
            out.append(_number(item))
    return out


@dataclass
class _Eval:
    line: int
    expr: str
    mod: str
    times: list[int]  # one for an instant query
    is_range: bool
    expected: dict[Labels, list[Value]] = field(default_factory=dict)
    order: list[Labels] = field(default_factory=list)
    scalar: float | None = None
    string: str | None = None
    fail: bool = False
    fail_message: str | None = None
    fail_regex: re.Pattern[str] | None = None
    ordered: bool = False
    matrix_times: list[int] | None = None
    expects: list[tuple[str, re.Pattern[str] | str | None]] = field(default_factory=list)
    """Expected annotations: (``warn``/``info``/``no_warn``/``no_info``, a message, a regex or
    None for any); ``eval_warn``/``eval_info`` add one that needs any."""


class Runner:
    def __init__(self, delayed_name_removal: bool = True) -> None:
        self.delayed = delayed_name_removal
        """promqltest's engine runs with delayed ``__name__`` removal; off, the runner checks
        Prometheus' default."""
        self.store = SeriesStore()
        self.starts: dict[Labels, dict[int, int]] = {}
        """Start timestamps from ``@st`` lines: series → sample time → its start (ms)."""

    def run(self, path: Path) -> FileResult:
        result = FileResult(path.name)
        lines = [
            ("" if ln.strip().startswith("#") else ln.strip())
            for ln in path.read_text().split("\n")
        ]
        i = 0
        while i < len(lines):
            ln = lines[i]
            if not ln:
                i += 1
                continue
            word = ln.split()[0].lower()
            if word == "clear":
                self.store, self.starts = SeriesStore(), {}
                i += 1
            elif word.startswith("load"):
                i = self._load(lines, i)
            elif word.startswith("eval"):
                i, case = self._parse_eval(lines, i)
                result.outcomes.append(self._check(case))
            else:
                raise ValueError(f"{path.name}:{i + 1}: unknown command {ln!r}")
        return result

    def _load(self, lines: list[str], i: int) -> int:
        head = lines[i].split()
        native = head[0] != "load"
        gap = duration_ms(head[1])
        i += 1
        defs: dict[Labels, list[Value]] = {}  # a later line replaces an earlier one
        pending: list[int | None] = []
        while i < len(lines) and lines[i]:
            metric, values = split_metric(lines[i])
            i += 1
            if values.startswith("@st") or metric.endswith("@st"):
                pending = st_offsets(values.removeprefix("@st"))
                continue
            labels = parse_labels(metric)
            for n, offset in enumerate(pending):
                if offset is not None:
                    self.starts.setdefault(labels, {})[n * gap] = n * gap + offset
            pending = []
            defs[labels] = expand_values(values)
        for labels, expanded in defs.items():
            for n, value in enumerate(expanded):
                if value == "stale":
                    self.store.append_stale(labels, n * gap)
                elif isinstance(value, float):
                    self.store.append(labels, n * gap, value)
                elif isinstance(value, Described):
                    self.store.append_histogram(labels, n * gap, value.histogram)
        if native:  # load_with_nhcb: the classic histograms also as native ones
            floats = {
                labels: [(n * gap, v) for n, v in enumerate(values) if isinstance(v, float)]
                for labels, values in defs.items()
            }
            for labels, by_time in nhcb.collect(floats).items():
                for t, h in by_time.items():
                    self.store.append_histogram(labels, t, h)
        return i

    def _parse_eval(self, lines: list[str], i: int) -> tuple[int, _Eval]:
        head = lines[i]
        if (m := _EVAL_INSTANT.match(head)) is not None:
            case = _Eval(i + 1, m[3], m[1] or "", [duration_ms(m[2] or "0")], False)
        elif (m := _EVAL_RANGE.match(head)) is not None:
            start, end, step = duration_ms(m[2]), duration_ms(m[3]), duration_ms(m[4])
            case = _Eval(i + 1, m[5], m[1] or "", list(range(start, end + 1, step)), True)
        else:
            raise ValueError(f"line {i + 1}: bad eval {head!r}")
        case.fail = case.mod == "fail"
        case.ordered = case.mod == "ordered"
        if case.mod in ("warn", "info"):
            case.expects.append((case.mod, None))
        i += 1
        while i < len(lines) and lines[i]:
            ln = lines[i]
            i += 1
            if ln.startswith("expected_fail_message"):
                case.fail_message = ln.split(" ", 1)[1].strip()
            elif ln.startswith("expected_fail_regexp"):
                case.fail_regex = re.compile(ln.split(" ", 1)[1].strip())
            elif (rv := _RANGE_VECTOR.match(ln)) is not None:
                start, end, step = (duration_ms(rv[k]) for k in (1, 2, 3))
                case.matrix_times = list(range(start, end + 1, step))
                case.times = [end]
            elif ln.startswith("expect string"):
                case.string = _unquote(ln[len("expect string") :].strip())
            elif (ex := _EXPECT.match(ln)) is not None:
                self._expect(case, ex[1], ex[2], (ex[3] or "").strip())
            elif re.fullmatch(r"[+-]?(?:[0-9.eE+-]+|Inf|inf|NaN|nan)", ln):
                case.scalar = _number(ln)
            else:
                metric, values = split_metric(ln)
                labels = parse_labels(metric)
                case.expected[labels] = expand_values(values)
                case.order.append(labels)
        return i, case

    @staticmethod
    def _expect(case: _Eval, kind: str, how: str | None, text: str) -> None:
        if kind == "fail":
            case.fail = True
            if how == "msg":
                case.fail_message = text
            elif how == "regex":
                case.fail_regex = re.compile(text)
        elif kind == "ordered":
            case.ordered = True
        else:
            case.expects.append((kind, re.compile(text) if how == "regex" else text or None))

    def _touches(self, node: object, found: list[Labels]) -> bool:
        if not found:
            return False
        ghost_store = SeriesStore()
        for g in found:
            if g not in ghost_store.series():
                ghost_store.append(g, 0, 0.0)
        return any(ghost_store.select(s.matchers) for s in _selectors(node))

    def _check(self, case: _Eval) -> Outcome:
        try:
            node = parse(case.expr, TEST_FEATURES)
        except UnsupportedError as err:
            return Outcome(case.line, case.expr, "skip", f"unsupported: {err.message}")
        except PromQLError as err:
            if case.fail:
                return Outcome(case.line, case.expr, *self._failed_as_expected(case, err))
            return Outcome(case.line, case.expr, "fail", f"unexpected error: {err}")
        runs = [(node, case.times[0])]
        if not case.is_range:
            runs += at_variants(node, case.times[0])
        for variant, t in runs:
            status, detail = self._run(case, variant, t)
            if status != "pass":
                return Outcome(case.line, case.expr, status, detail)
        return Outcome(case.line, case.expr, "pass")

    def _run(self, case: _Eval, node: promql_ast.Expr, t: int) -> tuple[str, str]:
        """One query (and, for an instant one, the same at ``t`` as a range query)."""
        notes: list[Annotation] = []
        delayed, starts = self.delayed, self.starts or None
        try:
            if case.is_range:
                step = case.times[1] - case.times[0] if len(case.times) > 1 else 1
                value: object = evaluate_range(node, self.store, case.times[0], case.times[-1],
                                               step, notes=notes, delayed_name_removal=delayed,
                                               start_times=starts)  # fmt: skip
            else:
                value = evaluate(node, self.store, t, notes=notes, delayed_name_removal=delayed,
                                 start_times=starts)  # fmt: skip
        except UnsupportedError as err:
            return "skip", f"unsupported: {err.message}"
        except PromQLError as err:
            if case.fail:
                return self._failed_as_expected(case, err)
            return "fail", f"unexpected error at {t}: {err}"
        if case.fail:
            return "fail", f"expected an error at {t}, evaluation succeeded"
        problem = check_annotations(
            case.expects,
            [n.render(case.expr) for n in notes if n.kind == "warning"],
            [n.render(case.expr) for n in notes if n.kind == "info"],
        )
        if problem:
            return "fail", f"at {t}: {problem}"
        problem = self._compare(case, [value])
        if problem:
            return "fail", f"at {t}: {problem}"
        if case.is_range or case.ordered or case.matrix_times is not None:
            return "pass", ""
        if case.string is not None or _CONTEXT_FUNCS.search(case.expr):
            return "pass", ""
        return self._range_mode(case, node, t)

    def _range_mode(self, case: _Eval, node: promql_ast.Expr, t: int) -> tuple[str, str]:
        """promqltest re-runs an instant query as a range query around it and reads the
        middle step."""
        try:
            matrix = evaluate_range(node, self.store, t - 60_000, t + 60_000, 60_000,
                                    delayed_name_removal=self.delayed,
                                    start_times=self.starts or None)  # fmt: skip
        except PromQLError as err:
            return "fail", f"range mode at {t}: {err}"
        samples = [(s.labels, v) for s in matrix for ts, v in s.points if ts == t]
        if node.type == "scalar":
            value: object = Scalar(samples[0][1]) if samples else Vector(())
        else:
            value = Vector(Sample(labels, v) for labels, v in samples)
        problem = self._compare(case, [value])
        return ("fail", f"range mode at {t}: {problem}") if problem else ("pass", "")

    @staticmethod
    def _failed_as_expected(case: _Eval, err: PromQLError) -> tuple[str, str]:
        text = err.message
        if case.fail_message is not None and text != case.fail_message:
            return "fail", f"expected error {case.fail_message!r}, got {text!r}"
        if case.fail_regex is not None and not case.fail_regex.search(text):
            return "fail", f"expected error matching {case.fail_regex.pattern!r}, got {text!r}"
        return "pass", ""

    def _compare(self, case: _Eval, results: list[object]) -> str:
        first = results[0]
        if case.string is not None:
            return (
                "" if isinstance(first, String) and first.value == case.string else f"got {first}"
            )
        if not case.is_range and case.matrix_times is None:
            if case.scalar is not None:
                if isinstance(first, Scalar) and close(first.value, case.scalar):
                    return ""
                return f"expected scalar {case.scalar}, got {first}"
            if not isinstance(first, Vector):
                return f"expected a vector, got {first}"
            got = {s.labels: [s.value] for s in first}
            if case.ordered and [s.labels for s in first] != case.order:
                return f"order differs: got {[str(s.labels) for s in first]}"
            return diff(case.expected, got)
        if case.matrix_times is not None:
            if not isinstance(first, Matrix):
                return f"expected a range vector, got {first}"
            times = case.matrix_times
            got_m: dict[Labels, list[Value]] = {}
            for series in first:
                points = dict(series.points)
                got_m[series.labels] = [points.get(t) for t in times]
            return diff(case.expected, got_m)
        assert isinstance(first, Matrix)
        index = {t: i for i, t in enumerate(case.times)}
        got_r: dict[Labels, list[Value]] = {}
        for series in first:
            row: list[Value] = [None] * len(case.times)
            for t, value in series.points:
                row[index[t]] = value
            got_r[series.labels] = row
        expected = dict(case.expected)
        if case.scalar is not None:
            expected[EMPTY] = [case.scalar]
        return diff(expected, got_r)


_ST_DURATION: Final = r"[+-]?(?:[0-9]+(?:ms|[smhdwy]))+|[+-]?0"
_ST_ITEM: Final = re.compile(
    rf"^(?P<a>{_ST_DURATION})(?:(?P<sign>[+-])(?P<b>(?:[0-9]+(?:ms|[smhdwy]))+|0))?"
    r"(?:x(?P<n>[0-9]+))?$"
)


def _st_ms(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    return 0 if body == "0" else sign * duration_ms(body)


def st_offsets(text: str) -> list[int | None]:
    """An ``@st`` line's offsets (promqltest's ``parseSTSequence``): ``_``, ``_xN``, ``D``,
    ``DxN``, ``D+DxN``, ``D-DxN``; each the start's distance from its sample's time."""
    out: list[int | None] = []
    for item in text.split():
        if item == "_":
            out.append(None)
        elif item.startswith("_x"):
            out.extend([None] * int(item[2:]))
        elif (m := _ST_ITEM.match(item)) is not None:
            base = _st_ms(m["a"])
            step = _st_ms(m["b"]) * (-1 if m["sign"] == "-" else 1) if m["b"] else 0
            count = int(m["n"]) + 1 if m["n"] else 1
            out.extend(base + k * step for k in range(count))
        else:
            raise ValueError(f"bad @st item {item!r}")
    return out


def _unquote(text: str) -> str:
    if text.startswith("`") and text.endswith("`"):
        return text[1:-1]
    node = parse(text)
    assert isinstance(node, promql_ast.StringLiteral)
    return node.value


def _selectors(node: object) -> list[promql_ast.VectorSelector]:
    if isinstance(node, promql_ast.VectorSelector):
        return [node]
    return [found for child in promql_ast.children(node) for found in _selectors(child)]


def at_variants(node: promql_ast.Expr, t: int) -> list[tuple[promql_ast.Expr, int]]:
    """promqltest's ``atModifierTestCases``: every selector and subquery without ``@`` pinned
    at ``t`` (not inside a subquery that has one), evaluated at other times; none when the
    expression uses a function whose value moves with the evaluation time."""
    unsafe = [False]
    pinned = _pin(node, promql_ast.At("time", t), unsafe)
    if unsafe[0]:
        return []
    times = [-1000, 0, 1000] if t == 0 else [-10 * t, 0, t // 5, t, 10 * t]
    return [(pinned, et) for et in times]


def _pin(node: object, at: promql_ast.At, unsafe: list[bool]) -> object:
    if isinstance(node, promql_ast.VectorSelector):
        return node if node.at is not None else replace(node, at=at)
    if isinstance(node, promql_ast.MatrixSelector):
        return replace(node, selector=_pin(node.selector, at, unsafe))
    if isinstance(node, promql_ast.Subquery):
        return node if node.at is not None else replace(node, at=at)  # its inside untouched
    if isinstance(node, promql_ast.Call) and node.func in AT_UNSAFE:
        unsafe[0] = True
    changes = {}
    for f in fields(node):  # type: ignore[arg-type]
        child = getattr(node, f.name)
        if isinstance(child, tuple) and child and hasattr(child[0], "pos"):
            changes[f.name] = tuple(_pin(c, at, unsafe) for c in child)
        elif hasattr(child, "pos") and hasattr(child, "type"):
            changes[f.name] = _pin(child, at, unsafe)
    return replace(node, **changes) if changes else node  # type: ignore[type-var]
