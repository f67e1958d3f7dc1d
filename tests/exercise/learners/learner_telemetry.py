"""Lab 03 as a learner writes it from the seed and kubeloop/contract/telemetry.py alone (no
kubeloop import), its first tasks only: series, a PromQL subset (selectors, range vectors,
offset, rate/increase/…_over_time, histogram_quantile, aggregations, arithmetic and
comparisons), alerting and recording rules and Prometheus rule files, services scraped on
the clock, and SLOs with their burn rates and multi-window alerts. Sloth and OpenSLO files
are not read (nor the verdict extension written), so their scenarios say "does not
provide". Graded in
tests/exercise/test_learners.py.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

LOOKBACK = 300  # seconds an instant selector looks back for a sample
_UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800, "y": 31536000}
_TOKEN = re.compile(
    r"\s*(?:(?P<dur>(?:\d+(?:ms|s|m|h|d|w|y))+)(?![\w.])|(?P<num>(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?"
    r"|NaN|Inf)|(?P<str>'[^']*'|\"[^\"]*\")|(?P<id>[A-Za-z_:][\w:]*)"
    r"|(?P<op>==|!=|>=|<=|=~|!~|[-+*/(){}\[\],=<>]))"
)
_AGGREGATIONS = {"sum", "avg", "min", "max", "count"}
_COMPARISONS = {"==", "!=", ">", "<", ">=", "<="}

Labels = tuple[tuple[str, str], ...]


def _duration(text: str) -> float:
    return sum(float(n) * _UNITS[u] for n, u in re.findall(r"(\d+)(ms|s|m|h|d|w|y)", text))


def _tokens(text: str) -> list[tuple[str, str]]:
    found, pos = [], 0
    while pos < len(text.rstrip()):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise ValueError(f"cannot parse {text[pos:]!r}")
        kind = match.lastgroup or ""
        found.append((kind, match.group(kind)))
        pos = match.end()
    return found


@dataclass(frozen=True)
class Sample:
    labels: dict[str, str]
    value: float


@dataclass(frozen=True)
class Scalar:
    value: float


# --- parsing: a small recursive-descent parser into nested tuples ---------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.pos = 0

    def peek(self) -> str | None:
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def take(self, wanted: str | None = None) -> str:
        if self.pos >= len(self.tokens):
            raise ValueError("unexpected end of expression")
        value = self.tokens[self.pos][1]
        if wanted is not None and value != wanted:
            raise ValueError(f"expected {wanted!r}, saw {value!r}")
        self.pos += 1
        return value

    def parse(self) -> tuple[Any, ...]:
        node = self.binary(0)
        if self.pos != len(self.tokens):
            raise ValueError(f"unexpected {self.peek()!r}")
        return node

    _LEVELS = (_COMPARISONS, {"+", "-"}, {"*", "/"})

    def binary(self, level: int) -> tuple[Any, ...]:
        if level == len(self._LEVELS):
            return self.unary()
        node = self.binary(level + 1)
        while self.peek() in self._LEVELS[level]:
            op = self.take()
            node = ("binary", op, node, self.binary(level + 1))
        return node

    def unary(self) -> tuple[Any, ...]:
        if self.peek() == "-":
            self.take()
            return ("binary", "*", ("number", -1.0), self.unary())
        return self.postfix(self.primary())

    def postfix(self, node: tuple[Any, ...]) -> tuple[Any, ...]:
        if self.peek() == "[":
            self.take()
            node = ("range", node, _duration(self.take()))
            self.take("]")
        if self.peek() == "offset":
            self.take()
            node = ("offset", node, _duration(self.take()))
        return node

    def primary(self) -> tuple[Any, ...]:
        kind, value = self.tokens[self.pos] if self.pos < len(self.tokens) else ("", "")
        if kind == "num":
            self.take()
            return ("number", float(value))
        if kind == "str":
            self.take()
            return ("string", value[1:-1])
        if value == "(":
            self.take()
            node = self.binary(0)
            self.take(")")
            return node
        if value == "{":
            return ("selector", self.matchers([]))
        if kind != "id":
            raise ValueError(f"unexpected {value!r}")
        self.take()
        if value in _AGGREGATIONS:
            return self.aggregation(value)
        if self.peek() == "(":
            self.take()
            args = [] if self.peek() == ")" else [self.binary(0)]
            while self.peek() == ",":
                self.take()
                args.append(self.binary(0))
            self.take(")")
            return ("call", value, args)
        return ("selector", self.matchers([("__name__", "=", value)]))

    def matchers(self, found: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        if self.peek() != "{":
            return found
        self.take("{")
        while self.peek() != "}":
            name, op, text = self.take(), self.take(), self.take()
            found.append((name, op, text[1:-1]))
            if self.peek() == ",":
                self.take()
        self.take("}")
        return found

    def aggregation(self, op: str) -> tuple[Any, ...]:
        grouping: tuple[str, list[str]] | None = self.grouping()
        self.take("(")
        inner = self.binary(0)
        self.take(")")
        grouping = grouping or self.grouping()
        return ("aggregate", op, grouping, inner)

    def grouping(self) -> tuple[str, list[str]] | None:
        if self.peek() not in ("by", "without"):
            return None
        how = self.take()
        self.take("(")
        names = []
        while self.peek() != ")":
            names.append(self.take())
            if self.peek() == ",":
                self.take()
        self.take(")")
        return how, names


@functools.lru_cache(maxsize=256)
def _parsed(expr: str) -> tuple[Any, ...]:
    """Each query text parsed once: rules are evaluated again and again."""
    return _Parser(expr).parse()


# --- evaluation ---------------------------------------------------------------------------


def _key(labels: Mapping[str, str]) -> Labels:
    return tuple(sorted(labels.items()))


def _without_name(labels: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in labels.items() if k != "__name__"}


def _matches(labels: Mapping[str, str], matchers: list[tuple[str, str, str]]) -> bool:
    for name, op, wanted in matchers:
        value = labels.get(name, "")
        if op == "=" and value != wanted:
            return False
        if op == "!=" and value == wanted:
            return False
        if op == "=~" and not re.fullmatch(wanted, value):
            return False
        if op == "!~" and re.fullmatch(wanted, value):
            return False
    return True


def _window(
    points: list[tuple[float, float | None]], start: float, end: float
) -> list[tuple[float, float | None]]:
    """The points with start < t <= end (points are kept in time order)."""
    low = bisect.bisect_right(points, start, key=lambda p: p[0])
    return points[low : bisect.bisect_right(points, end, key=lambda p: p[0])]


def _extrapolated(
    points: list[tuple[float, float]], start: float, end: float, counter: bool, rate: bool
) -> float | None:
    """Prometheus' extrapolatedRate: the increase over the window, through resets, extended
    to the window's edges unless the series starts or ends well inside it."""
    if len(points) < 2:
        return None
    first_t, first = points[0]
    last_t, last = points[-1]
    result = last - first
    if counter:
        result += sum(prev for (_, prev), (_, cur) in itertools.pairwise(points) if cur < prev)
    sampled = last_t - first_t
    average = sampled / (len(points) - 1)
    to_start, to_end = first_t - start, end - last_t
    if to_start >= average * 1.1:
        to_start = average / 2
    if counter and result > 0 and first >= 0:
        to_start = min(to_start, sampled * (first / result))
    if to_end >= average * 1.1:
        to_end = average / 2
    factor = (sampled + to_start + to_end) / sampled
    return result * factor / ((end - start) if rate else 1)


def _over_time(name: str, values: list[float]) -> float:
    if name == "count_over_time":
        return float(len(values))
    if name == "sum_over_time":
        return sum(values)
    if name == "avg_over_time":
        return sum(values) / len(values)
    if name == "max_over_time":
        return max(values)
    if name == "min_over_time":
        return min(values)
    return values[-1]  # last_over_time


def _quantile(q: float, buckets: list[tuple[float, float]]) -> float:
    """histogram_quantile: walk the cumulative buckets to the one holding the rank and
    interpolate linearly inside it."""
    if q < 0:
        return -math.inf
    if q > 1:
        return math.inf
    buckets = sorted(buckets)
    if len(buckets) < 2 or buckets[-1][0] != math.inf:
        return math.nan
    for i in range(1, len(buckets)):  # a bucket never holds fewer than the one below
        buckets[i] = (buckets[i][0], max(buckets[i][1], buckets[i - 1][1]))
    total = buckets[-1][1]
    if total == 0:
        return math.nan
    rank = q * total
    b = next(i for i, (_, count) in enumerate(buckets) if count >= rank)
    if b == len(buckets) - 1:
        return buckets[-2][0]
    if b == 0 and buckets[0][0] <= 0:
        return buckets[0][0]
    start = 0.0 if b == 0 else buckets[b - 1][0]
    end, count = buckets[b]
    if b > 0:
        count -= buckets[b - 1][1]
        rank -= buckets[b - 1][1]
    return start + (end - start) * (rank / count)


_ARITY = {
    **dict.fromkeys(("rate", "increase", "delta", "resets", "abs", "vector", "scalar"), (1,)),
    **{f"{kind}_over_time": (1,) for kind in ("count", "sum", "avg", "max", "min", "last")},
    "histogram_quantile": (2,),
    "time": (0,),
}
"""How many arguments each function takes."""

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
}


def _arithmetic(op: str, a: float, b: float) -> float:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a)
    return a / b


class _Evaluator:
    def __init__(self, series: dict[Labels, list[tuple[float, float | None]]], at: float) -> None:
        self.series = series
        self.at = at

    def eval(self, node: tuple[Any, ...], offset: float = 0) -> Any:
        kind = node[0]
        if kind == "number":
            return Scalar(node[1])
        if kind == "string":
            return node[1]
        if kind == "offset":
            return self.eval(node[1], offset + node[2])
        if kind == "selector":
            return self.instant(node[1], self.at - offset)
        if kind == "range":
            return self.ranged(node[1][1], node[2], self.at - offset)
        if kind == "call":
            return self.call(node[1], node[2], offset)
        if kind == "aggregate":
            return self.aggregate(node[1], node[2], self.eval(node[3], offset))
        return self.binary(node[1], self.eval(node[2], offset), self.eval(node[3], offset))

    def _selected(self, matchers: list[tuple[str, str, str]]) -> list[tuple[Labels, Any]]:
        return [(k, pts) for k, pts in sorted(self.series.items()) if _matches(dict(k), matchers)]

    def instant(self, matchers: list[tuple[str, str, str]], at: float) -> list[Sample]:
        found = []
        for key, points in self._selected(matchers):
            recent = _window(points, at - LOOKBACK, at)
            if recent and recent[-1][1] is not None:
                found.append(Sample(dict(key), float(recent[-1][1])))
        return found

    def ranged(
        self, matchers: list[tuple[str, str, str]], width: float, at: float
    ) -> list[tuple[dict[str, str], list[tuple[float, float]], float, float]]:
        found = []
        for key, points in self._selected(matchers):
            inside = [(t, v) for t, v in _window(points, at - width, at) if v is not None]
            if inside:
                found.append((dict(key), inside, at - width, at))
        return found

    def call(self, name: str, args: list[tuple[Any, ...]], offset: float) -> Any:
        wanted = _ARITY.get(name)
        if wanted is None:
            raise ValueError(f"unknown function {name}")
        if len(args) not in wanted:
            raise ValueError(f"{name}() takes {' or '.join(map(str, wanted))} argument(s)")
        if name == "resets":
            return [
                Sample(
                    _without_name(labels),
                    float(sum(cur < prev for (_, prev), (_, cur) in itertools.pairwise(points))),
                )
                for labels, points, _, _ in self.eval(args[0], offset)
            ]
        if name in ("rate", "increase", "delta"):
            out = []
            for labels, points, start, end in self.eval(args[0], offset):
                value = _extrapolated(points, start, end, name != "delta", name == "rate")
                if value is not None:
                    out.append(Sample(_without_name(labels), value))
            return out
        if name.endswith("_over_time"):
            return [
                Sample(
                    labels if name == "last_over_time" else _without_name(labels),
                    _over_time(name, [v for _, v in points]),
                )
                for labels, points, _, _ in self.eval(args[0], offset)
            ]
        if name == "histogram_quantile":
            q = self.eval(args[0], offset).value
            groups: dict[Labels, list[tuple[float, float]]] = {}
            for sample in self.eval(args[1], offset):
                if "le" not in sample.labels:  # not a bucket: nothing to walk
                    continue
                rest = {k: v for k, v in sample.labels.items() if k not in ("le", "__name__")}
                groups.setdefault(_key(rest), []).append((float(sample.labels["le"]), sample.value))
            return [Sample(dict(k), _quantile(q, b)) for k, b in sorted(groups.items())]
        if name == "abs":
            return [Sample(_without_name(s.labels), abs(s.value)) for s in self.eval(args[0])]
        if name == "vector":
            return [Sample({}, self.eval(args[0], offset).value)]
        if name == "scalar":
            samples = self.eval(args[0], offset)
            return Scalar(samples[0].value if len(samples) == 1 else math.nan)
        return Scalar(self.at)  # time()

    def aggregate(
        self, op: str, grouping: tuple[str, list[str]] | None, samples: list[Sample]
    ) -> list[Sample]:
        groups: dict[Labels, list[float]] = {}
        for sample in samples:
            if grouping is None:
                kept: dict[str, str] = {}
            elif grouping[0] == "by":
                kept = {k: v for k, v in sample.labels.items() if k in grouping[1]}
            else:
                kept = {
                    k: v
                    for k, v in sample.labels.items()
                    if k not in grouping[1] and k != "__name__"
                }
            groups.setdefault(_key(kept), []).append(sample.value)
        combine: dict[str, Callable[[list[float]], float]] = {
            "sum": sum,
            "avg": lambda v: sum(v) / len(v),
            "min": min,
            "max": max,
            "count": lambda v: float(len(v)),
        }
        return [Sample(dict(k), combine[op](v)) for k, v in sorted(groups.items())]

    def binary(self, op: str, left: Any, right: Any) -> Any:
        compare = op in _COMPARISONS
        if isinstance(left, Scalar) and isinstance(right, Scalar):
            if compare:
                return Scalar(float(_COMPARE[op](left.value, right.value)))
            return Scalar(_arithmetic(op, left.value, right.value))
        if isinstance(left, Scalar) or isinstance(right, Scalar):
            vector = right if isinstance(left, Scalar) else left
            out = []
            for sample in vector:
                a, b = (
                    (left.value, sample.value)
                    if isinstance(left, Scalar)
                    else (sample.value, right.value)
                )
                if compare:
                    if _COMPARE[op](a, b):
                        out.append(sample)
                else:
                    out.append(Sample(_without_name(sample.labels), _arithmetic(op, a, b)))
            return out
        by_labels = {_key(_without_name(s.labels)): s for s in right}
        out = []
        for sample in left:
            other = by_labels.get(_key(_without_name(sample.labels)))
            if other is None:
                continue
            if compare:
                if _COMPARE[op](sample.value, other.value):
                    out.append(sample)
            else:
                out.append(
                    Sample(_without_name(sample.labels), _arithmetic(op, sample.value, other.value))
                )
        return out


# --- alerts -------------------------------------------------------------------------------


@dataclass
class Timeline:
    changes: list[tuple[int, str]] = field(default_factory=list)

    @property
    def states(self) -> list[str]:
        return [state for _, state in self.changes]

    @property
    def fired(self) -> bool:
        return "firing" in self.states


@dataclass
class _Alert:
    name: str
    expr: str
    hold: int
    keep_firing_for: int
    labels: dict[str, str] = field(default_factory=dict)
    written: set[Labels] = field(default_factory=set)
    """The ALERTS series the last evaluation wrote (marked stale once they stop)."""
    active: dict[Labels, tuple[int, str]] = field(default_factory=dict)
    """Per series: since when it has been active, and whether pending or firing."""
    kept: dict[Labels, int] = field(default_factory=dict)
    """Firing series whose expression cleared: since when (keep_firing_for holds them)."""
    timeline: Timeline = field(default_factory=Timeline)

    @property
    def state(self) -> str:
        states = {state for _, state in self.active.values()}
        return "firing" if "firing" in states else "pending" if "pending" in states else "inactive"


# --- services -----------------------------------------------------------------------------

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, math.inf)
LATENCIES = ((0.05, 0.5), (0.1, 0.4), (0.25, 0.09), (1.0, 0.01))
"""Half the requests take 50 ms, 40% 100 ms, 9% 250 ms and 1% a second."""


@dataclass
class ServiceView:
    name: str
    requests: int
    errors: int


class Service:
    """A service serving ``rate`` requests a second, ``ratio`` of them failing (500)."""

    def __init__(self, name: str, rate: float, ratio: float, now: int) -> None:
        self.name, self.rate, self.ratio, self.up = name, rate, ratio, True
        self._since = now
        self.requests = 0.0
        self.errors = 0.0

    def _advance(self, now: int) -> None:
        if self.up:
            self.requests += self.rate * (now - self._since)
            self.errors += self.rate * self.ratio * (now - self._since)
        self._since = now

    def set_error_ratio(self, ratio: float, now: int) -> None:
        self._advance(now)
        self.ratio = ratio

    def set_rate(self, rate: float, now: int) -> None:
        self._advance(now)
        self.rate = rate

    def set_up(self, up: bool, now: int) -> None:
        self._advance(now)
        self.up = up

    def view(self, now: int) -> ServiceView:
        self._advance(now)
        return ServiceView(self.name, round(self.requests), round(self.errors))

    def scrape(self, now: int) -> list[tuple[dict[str, str], float | None]]:
        """What a scrape at ``now`` reads: up, and (a stale marker while down) the counters
        and the latency histogram (both codes' counters from the first scrape on)."""
        self._advance(now)
        job = {"job": self.name}
        found: list[tuple[dict[str, str], float | None]] = [
            ({"__name__": "up", **job}, 1.0 if self.up else 0.0)
        ]
        counters: list[tuple[dict[str, str], float]] = [
            (
                {"__name__": "http_requests_total", **job, "code": "200"},
                self.requests - self.errors,
            ),
            ({"__name__": "http_requests_total", **job, "code": "500"}, self.errors),
        ]
        for le in BUCKETS:
            share = sum(part for latency, part in LATENCIES if latency <= le)
            bound = "+Inf" if le == math.inf else str(le)
            labels = {"__name__": "http_request_duration_seconds_bucket", **job, "le": bound}
            counters.append((labels, self.requests * share))
        counters.append(({"__name__": "http_request_duration_seconds_count", **job}, self.requests))
        total = sum(latency * part for latency, part in LATENCIES) * self.requests
        counters.append(({"__name__": "http_request_duration_seconds_sum", **job}, total))
        found += [(labels, value if self.up else None) for labels, value in counters]
        return found


# --- rule files ---------------------------------------------------------------------------


class _Rule(dict[str, Any]):
    """A rule's fields, and the line its expr is on."""

    line = 0


def _value(node: Any) -> Any:
    """A YAML node as plain values; each mapping holding an expr remembers its line."""
    if isinstance(node, yaml.MappingNode):
        found = _Rule((key.value, _value(value)) for key, value in node.value)
        for key, value in node.value:
            if key.value == "expr":
                found.line = value.start_mark.line + 1
        return found
    if isinstance(node, yaml.SequenceNode):
        return [_value(item) for item in node.value]
    return None if node is None else node.value


# --- SLOs ---------------------------------------------------------------------------------

HOUR, DAY = 3600, 86400


@dataclass(frozen=True)
class BurnWindow:
    """One pair of an SLO's alert table: page or ticket when both windows burn above it."""

    severity: str
    long: int
    short: int
    factor: float
    hold: int = 0
    """Seconds both windows must burn before it fires (Pyrra's for:; the Workbook has none)."""


@dataclass(frozen=True)
class Objective:
    percent: float
    period: int

    @property
    def budget_seconds(self) -> float:
        """The allowed full-outage time: (1 - SLO) of the period."""
        return (1 - self.percent / 100) * self.period


@dataclass(frozen=True)
class Windows:
    windows: tuple[BurnWindow, ...]


@dataclass
class SLO:
    name: str
    objective: Objective
    service: str
    windows: Windows
    burning: dict[BurnWindow, int] = field(default_factory=dict)
    """Each pair burning over both windows now, since when."""


def _workbook(period: int) -> Windows:
    """The Workbook's (and Sloth's) table: the share of the budget each pair may burn
    within its long window, so the factor is share × period / long window."""
    table = (
        ("page", HOUR, 300, 0.02),
        ("page", 6 * HOUR, 1800, 0.05),
        ("ticket", DAY, 2 * HOUR, 0.1),
        ("ticket", 3 * DAY, 6 * HOUR, 0.1),
    )
    return Windows(
        tuple(
            BurnWindow(sev, long, short, share * period / long) for sev, long, short, share in table
        )
    )


def _pyrra(period: int) -> Windows:
    """Pyrra's table: fixed factors, windows scaled from 28 days."""
    scale = period / (28 * DAY)
    table = (
        ("page", HOUR, 300, 14, 120),
        ("page", 6 * HOUR, 1800, 7, 900),
        ("ticket", DAY, 2 * HOUR, 2, HOUR),
        ("ticket", 4 * DAY, 6 * HOUR, 1, 3 * HOUR),
    )
    return Windows(
        tuple(
            BurnWindow(
                sev,
                round(long * scale),
                round(short * scale),
                factor,
                round(hold * scale / 60) * 60,
            )
            for sev, long, short, factor, hold in table
        )
    )


class Telemetry:
    """Series, PromQL, rules, services and SLOs on the world's logical clock."""

    def __init__(self, clock: Any) -> None:
        self.clock = clock
        self._series: dict[Labels, list[tuple[float, float | None]]] = {}
        self._alerts: dict[str, _Alert] = {}
        self._recordings: dict[str, str] = {}
        self._services: dict[str, Service] = {}
        self._interval = 60
        self._generation = 0
        self._scrape_interval = 60
        self._scrape_generation = 0
        self._slos: dict[str, SLO] = {}
        self._now = 0
        """When the rules were last evaluated."""

    def add_series(
        self, labels: Mapping[str, str], samples: Sequence[tuple[int, float | None]]
    ) -> None:
        points = self._series.setdefault(_key(labels), [])
        for t, v in samples:
            if points and points[-1][0] >= t / 1000:
                bisect.insort(points, (t / 1000, v), key=lambda p: p[0])
            else:
                points.append((t / 1000, v))

    def query(self, expr: str, at: int | None = None) -> Any:
        moment = self.clock.now if at is None else at
        return _Evaluator(self._series, moment).eval(_parsed(expr))

    # --- alerts ---

    def add_alert(
        self,
        name: str,
        expr: str,
        hold: int = 0,
        labels: Mapping[str, str] | None = None,
        annotations: Mapping[str, str] | None = None,
        keep_firing_for: int = 0,
    ) -> None:
        _Parser(expr).parse()  # a rule that cannot be parsed is refused now
        alert = _Alert(name, expr, hold, keep_firing_for, dict(labels or {}))
        alert.timeline.changes.append((self.clock.now, "inactive"))
        self._alerts[name] = alert
        if len(self._alerts) + len(self._recordings) + len(self._slos) == 1:
            self._schedule()

    def add_recording(self, name: str, expr: str) -> None:
        _Parser(expr).parse()
        self._recordings[name] = expr
        if len(self._alerts) + len(self._recordings) + len(self._slos) == 1:
            self._schedule()

    def load_rules(self, text: str, filename: str = "<rules>") -> None:
        """A Prometheus rule file: every group's record and alert rules, in order; a rule
        that cannot be parsed is refused at FILE:LINE of its expr."""
        rules: list[_Rule] = [
            rule
            for group in _value(yaml.compose(text)).get("groups", [])
            for rule in group.get("rules", [])
        ]
        for rule in rules:
            try:
                _Parser(str(rule["expr"])).parse()
            except ValueError as error:
                raise ValueError(f"{filename}:{rule.line}: {error}") from None
        for rule in rules:
            if "record" in rule:
                self.add_recording(rule["record"], str(rule["expr"]))
            else:
                self.add_alert(
                    rule["alert"],
                    str(rule["expr"]),
                    int(_duration(rule.get("for", "0s"))),
                    rule.get("labels"),
                    rule.get("annotations"),
                    int(_duration(rule.get("keep_firing_for", "0s"))),
                )

    def set_evaluation_interval(self, seconds: int) -> None:
        self._interval = seconds
        if self._alerts or self._recordings or self._slos:
            self._schedule()

    def _schedule(self) -> None:
        """Evaluate every rule every interval; an older schedule stops acting."""
        self._generation += 1
        generation = self._generation

        def evaluate(now: int) -> None:
            if generation == self._generation:
                self._evaluate(now)

        self.clock.every(self._interval, evaluate, name=f"rules-{generation}", order=300)

    def _evaluate(self, now: int) -> None:
        self._now = now
        for slo in self._slos.values():
            burns: dict[int, float] = {}
            for pair in slo.windows.windows:
                for width in (pair.long, pair.short):
                    if width not in burns:
                        burns[width] = self.burn_rate(slo.name, width, now)
                if burns[pair.long] > pair.factor and burns[pair.short] > pair.factor:
                    slo.burning.setdefault(pair, now)
                else:
                    slo.burning.pop(pair, None)
        for name, expr in self._recordings.items():
            result = self.query(expr, now)
            rows = [Sample({}, result.value)] if isinstance(result, Scalar) else result
            for sample in rows:
                self.add_series({**sample.labels, "__name__": name}, [(now * 1000, sample.value)])
        for alert in self._alerts.values():
            before = alert.state
            seen = {_key(s.labels) for s in self.query(alert.expr, now)}
            for key in seen:
                since, state = alert.active.get(key, (now, "pending"))
                if state == "pending" and now - since >= alert.hold:
                    state = "firing"
                alert.active[key] = (since, state)
                alert.kept.pop(key, None)
            for key in [k for k in alert.active if k not in seen]:
                if alert.active[key][1] == "firing" and alert.keep_firing_for > 0:
                    kept_since = alert.kept.setdefault(key, now)
                    if now - kept_since < alert.keep_firing_for:
                        continue
                del alert.active[key]
                alert.kept.pop(key, None)
            self._write_alerts(alert, now)
            if alert.state != before:
                alert.timeline.changes.append((now, alert.state))

    def _write_alerts(self, alert: _Alert, now: int) -> None:
        """Prometheus' ALERTS{alertname, alertstate, …} = 1 for every pending or firing
        instance; a stale marker for each one that stopped."""
        written = set()
        for key, (_, state) in alert.active.items():
            labels = {
                **_without_name(dict(key)),
                **alert.labels,
                "__name__": "ALERTS",
                "alertname": alert.name,
                "alertstate": state,
            }
            written.add(_key(labels))
            self.add_series(labels, [(now * 1000, 1.0)])
        for gone in alert.written - written:
            self.add_series(dict(gone), [(now * 1000, None)])
        alert.written = written

    def alert_names(self) -> list[str]:
        return sorted(self._alerts)

    def alert_state(self, name: str) -> str:
        return self._alert(name).state

    def timeline(self, name: str) -> Timeline:
        return self._alert(name).timeline

    def _alert(self, name: str) -> _Alert:
        if name not in self._alerts:
            raise KeyError(f'alert "{name}" not found')
        return self._alerts[name]

    # --- services ---

    def add_service(self, name: str, rate: float, error_ratio: float = 0) -> Service:
        service = Service(name, rate, error_ratio, self.clock.now)
        self._services[name] = service
        if len(self._services) == 1:
            self._schedule_scrapes()
        return service

    def service(self, name: str) -> Service:
        if name not in self._services:
            raise KeyError(f'service "{name}" not found')
        return self._services[name]

    def services(self) -> list[str]:
        return sorted(self._services)

    def set_scrape_interval(self, seconds: int) -> None:
        self._scrape_interval = seconds
        if self._services:
            self._schedule_scrapes()

    def _schedule_scrapes(self) -> None:
        """Scrape every service every scrape interval; an older schedule stops acting."""
        self._scrape_generation += 1
        generation = self._scrape_generation

        def scrape(now: int) -> None:
            if generation == self._scrape_generation:
                for service in self._services.values():
                    for labels, value in service.scrape(now):
                        self.add_series(labels, [(now * 1000, value)])

        self.clock.every(self._scrape_interval, scrape, name=f"scrapes-{generation}", order=200)

    # --- SLOs ---

    def add_slo(
        self, name: str, percent: float, period: int, service: str, windows: str = "workbook"
    ) -> SLO:
        tables = {"workbook": _workbook, "pyrra": _pyrra}
        if windows not in tables:
            raise ValueError(f"unknown windows {windows!r}: workbook or pyrra")
        self.service(service)
        slo = SLO(name, Objective(percent, period), service, tables[windows](period))
        self._slos[name] = slo
        if len(self._alerts) + len(self._recordings) + len(self._slos) == 1:
            self._schedule()
        return slo

    def slo(self, name: str) -> SLO:
        if name not in self._slos:
            raise KeyError(f'SLO "{name}" not found')
        return self._slos[name]

    def slos(self) -> list[str]:
        return sorted(self._slos)

    def burn_rate(self, name: str, window: int, at: int | None = None) -> float:
        """The error ratio over the window (5xx of all requests, both read through rate())
        divided by the allowed error ratio, 1 - SLO; NaN when nothing was served."""
        slo = self.slo(name)
        width = f"{int(window)}s"
        job = f"http_requests_total{{job='{slo.service}'}}"
        rates = self.query(f"rate({job}[{width}])", at)
        total = float(sum(s.value for s in rates))
        errors = float(sum(s.value for s in rates if s.labels.get("code", "").startswith("5")))
        if total == 0:
            return math.nan
        return errors / total / (1 - slo.objective.percent / 100)

    def slo_alert_state(self, name: str, severity: str) -> str:
        """'firing' while, at the last evaluation, any pair of that severity burned above
        its factor over both its windows for its hold; 'pending' while it holds."""
        slo = self.slo(name)
        states = [
            "firing" if self._now - since >= pair.hold else "pending"
            for pair, since in slo.burning.items()
            if pair.severity == severity
        ]
        return "firing" if "firing" in states else "pending" if states else "inactive"
