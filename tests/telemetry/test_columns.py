"""An expression's columns over a stretch (``kubeloop/telemetry/span/columns.py``) against
the plain evaluator at each instant.

Random series — irregular gaps (so the lookback runs out between samples), staleness
markers, counters that reset, 0.0 and -0.0, NaN and infinities — and random instants, some
on sample times (the window's left-open edge), for expressions over window sums, instant
selectors, aggregations, comparisons, arithmetic with vector matching and set operators.
Where the columns answer, every value at every instant must have the bits the evaluator
gives there (with every shortcut off: no kept partial sums), and the evaluator must not
fail there; where they decline, nothing is claimed.
"""

from __future__ import annotations

import math
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.promql import Scalar, evaluate, evaluator, parse
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.span.columns import _period, columns, covered

EXPRESSIONS = [
    "x",
    "x offset 2m",
    "sum_over_time(x[5m])",
    "count_over_time(x[90s])",
    "rate(x[5m])",
    "increase(y[10m])",
    "delta(x[2m])",
    'sum(rate(x{k="a"}[30m])) / sum(rate(x[30m]))',
    "rate(x[5m]) / rate(x[30m])",
    "rate(x[5m]) - increase(x[5m])",
    "delta(x[5m] offset 1m) - delta(x[5m])",
    "sum_over_time(x[5m]) - sum_over_time(x[5m] offset 2m) + count_over_time(x[5m])",
    "sum_over_time(x[1h]) / count_over_time(x[1h])",
    'sum_over_time(x{k="a"}[30m]) / ignoring (j) count_over_time(y{k="a"}[30m])',
    "sum by (k) (x)",
    "max without (j) (x > 0.5)",
    "avg(x)",
    "stddev(x)",
    "count(y)",
    "x > 0.5",
    "x > bool 0.5",
    "0.5 < x",
    "x * 2",
    "2 - x",
    "-x",
    "(1 - 0.995)",
    "vector(3) + 1",
    "x / on (k, j) y",
    "x / ignoring (j) group_left y",
    "x + on (k) group_right y",
    "x and y",
    'x or y{k="b"}',
    "x unless on (j) y",
    'max(x{k="a"} > (14.4 * 0.005)) without (j) and max(y > 0.1) without (j)',
    "1 - sum_over_time(x[10m]) / on () group_left sum(y)",
]
VALUES = st.sampled_from(
    [0.0, -0.0, 1.0, 0.1, 0.001, 0.7, 3.0, 2.5, 1e16, math.nan, math.inf, -2.5, None]
)
SERIES = [
    Labels.of(__name__="x", k="a", j="1"),
    Labels.of(__name__="x", k="b", j="1"),
    Labels.of(__name__="y", k="a", j="2"),
    Labels.of(__name__="y", k="b", j="2"),
]


@st.composite
def worlds(draw: st.DrawFn) -> tuple[dict[Labels, list[tuple[int, Any]]], list[int]]:
    """Each series' samples (``None`` a staleness marker; a counter that climbs and resets,
    or runs of repeated values), and the instants of a stretch (ms, increasing)."""
    samples: dict[Labels, list[tuple[int, Any]]] = {}
    for labels in draw(st.lists(st.sampled_from(SERIES), min_size=1, max_size=4, unique=True)):
        t, out = 0, []
        counter = draw(st.booleans())
        value = 0.0
        for _ in range(draw(st.integers(1, 60))):
            t += draw(st.sampled_from([15_000, 60_000, 60_000, 60_000, 300_000, 900_000]))
            kind = draw(st.integers(0, 9))
            if kind == 0:
                out.append((t, None))
                continue
            if counter:
                value = value + draw(st.sampled_from([0.0, 1.0, 3.0])) if kind > 1 else 0.0
            elif kind < 4:
                value = draw(VALUES.filter(lambda v: v is not None))
            out.append((t, value))
        samples[labels] = out
    first = draw(st.integers(0, 40)) * 60_000
    steps = draw(
        st.lists(st.sampled_from([60_000, 60_000, 15_000, 30_000]), min_size=1, max_size=40)
    )
    times = [first]
    for step in steps:
        times.append(times[-1] + step)
    return samples, times


def stored(samples: dict[Labels, list[tuple[int, Any]]]) -> SeriesStore:
    store = SeriesStore()
    for labels, points in samples.items():
        for t, value in points:
            if value is None:
                store.append_stale(labels, t)
            else:
                store.append(labels, t, value)
    return store


def bits(vector: list[tuple[Labels, float]]) -> list[tuple[Labels, bytes]]:
    return [(labels, struct.pack("<d", value)) for labels, value in vector]


def plain(expr: str, store: SeriesStore, t_ms: int) -> list[tuple[Labels, float]]:
    value = evaluate(expr, store, t_ms)
    if isinstance(value, Scalar):
        return [(Labels(), value.value)]
    return [(sample.labels, sample.value) for sample in value]


def agree(expr: str, samples: dict[Labels, list[tuple[int, Any]]], times: list[int]) -> bool:
    """Whether the columns answered (then they must be the evaluator's at every instant)."""
    found = columns(parse(expr), stored(samples), times)
    if found is None:
        return False
    reference = stored(samples)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(evaluator, "_FAST_SUMS", {})  # every window summed afresh
        for k, t in enumerate(times):
            try:
                expected = plain(expr, reference, t)
            except PromQLError as error:
                message = f"the columns answered where the evaluator fails: {error}"
                raise AssertionError(message) from error
            got = [(labels, column[k]) for labels, column in found]
            assert bits(got) == bits(expected), (expr, t)
    return True


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds(), st.sampled_from(EXPRESSIONS))
def test_columns_are_the_evaluator_at_every_instant(
    world: tuple[dict[Labels, list[tuple[int, Any]]], list[int]], expr: str
) -> None:
    agree(expr, *world)


@pytest.mark.parametrize("stale", [False, True])
def test_a_sample_at_every_instant_answers_nearly_everything(stale: bool) -> None:
    """Series with a sample at each instant (as a leap appends them)."""
    samples: dict[Labels, list[tuple[int, Any]]] = {
        labels: [(t * 60_000, 0.001 * (t % 7) + index) for t in range(1, 200)]
        for index, labels in enumerate(SERIES)
    }
    if stale:  # a staleness marker at one instant: the series is absent there
        samples[SERIES[0]][150] = (151 * 60_000, None)
    times = list(range(100 * 60_000, 199 * 60_000, 60_000))
    answered = [expr for expr in EXPRESSIONS if agree(expr, samples, times)]
    assert all(covered(parse(expr)) for expr in EXPRESSIONS)
    if stale:
        assert "x" not in answered and "count(y)" in answered
    else:
        assert len(answered) >= len(EXPRESSIONS) - 4, sorted(set(EXPRESSIONS) - set(answered))


@pytest.mark.parametrize("op", ["+", "-", "*", "/", "==", "!=", ">", "<", ">=", "<="])
def test_each_operator_at_its_edges(op: str) -> None:
    """Every operator between two series whose values meet, cross, are zero of either
    sign, infinite or NaN at some instant (the operators run as C functions on columns)."""
    pattern = [(1.0, 1.0), (0.0, -0.0), (3.0, 1.0), (1.0, 3.0), (-0.0, 0.0), (2.5, 0.0)]
    pattern += [(-2.5, -0.0), (math.inf, 1.0), (math.nan, 1.0), (0.0, 0.0), (1.0, math.inf)]
    x, y = SERIES[0], SERIES[2]
    samples: dict[Labels, list[tuple[int, Any]]] = {x: [], y: []}
    for k, (a, b) in enumerate(pattern):
        samples[x].append(((k + 1) * 60_000, a))
        samples[y].append(((k + 1) * 60_000, b))
    times = [(k + 1) * 60_000 for k in range(len(pattern))]
    bool_ = " bool" if op in ("==", "!=", ">", "<", ">=", "<=") else ""
    assert agree(f'x{{k="a"}} {op}{bool_} ignoring (j, __name__) y{{k="a"}}', samples, times)


def test_a_comparison_that_changes_its_mind_declines() -> None:
    samples = {SERIES[0]: [(t * 60_000, float(t % 2)) for t in range(1, 50)]}
    store = stored(samples)
    times = list(range(10 * 60_000, 20 * 60_000, 60_000))
    assert columns(parse("x > 0.5"), store, times) is None
    assert columns(parse("x > bool 0.5"), store, times) is not None
    assert columns(parse("x > 5"), store, times) == []


def test_uncovered_nodes_decline() -> None:
    for expr in ("irate(x[5m])", "time()", "x @ 100", "topk(1, x)", "sum_over_time((x)[5m:1m])"):
        assert not covered(parse(expr))
        assert columns(parse(expr), SeriesStore(), [0, 60_000]) is None


@st.composite
def repeating(draw: st.DrawFn) -> tuple[dict[Labels, list[tuple[int, Any]]], list[int]]:
    """Series with a sample at each instant whose values repeat a short pattern (as a
    proven rule's appended answers do), perhaps broken once: a staleness marker, or a value
    that is equal but not the same bits (-0.0 for 0.0), or another value."""
    count = draw(st.integers(2, 80))
    times = [k * 60_000 for k in range(1, count + 1)]
    samples: dict[Labels, list[tuple[int, Any]]] = {}
    for labels in draw(st.lists(st.sampled_from(SERIES), min_size=1, max_size=4, unique=True)):
        pattern = draw(st.lists(VALUES.filter(lambda v: v is not None), min_size=1, max_size=5))
        values: list[Any] = (pattern * count)[:count]
        if draw(st.booleans()):
            at = draw(st.integers(0, count - 1))
            values[at] = draw(st.sampled_from([None, -0.0, 0.0, 0.5, values[at]]))
        samples[labels] = list(zip(times, values, strict=True))
    return samples, times


POINTWISE = [e for e in EXPRESSIONS if "[" not in e]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(repeating(), st.sampled_from(POINTWISE))
def test_repeating_inputs_are_evaluated_for_one_period(
    world: tuple[dict[Labels, list[tuple[int, Any]]], list[int]], expr: str
) -> None:
    agree(expr, *world)


def test_a_period_is_evaluated_once_and_not_when_the_bits_differ() -> None:
    times = [k * 60_000 for k in range(1, 41)]
    pattern = [0.25, 0.25, 0.5, 0.0]
    samples = {SERIES[0]: list(zip(times, (pattern * 10), strict=True))}
    store = stored(samples)
    assert _period(parse("x * 2"), store, times) == 4
    assert _period(parse("rate(x[5m])"), store, times) == len(times)  # not pointwise
    assert agree("x * 2", samples, times)
    samples[SERIES[0]][-1] = (times[-1], -0.0)  # equal to 0.0, other bits
    assert _period(parse("x * 2"), stored(samples), times) == len(times)
    assert agree("x * 2", samples, times)
