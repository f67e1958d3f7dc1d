"""A rule's CachedQuery against a plain evaluate() at every evaluation.

Series take values from a small pool so that leaves often repeat exactly (the reuse path)
and sometimes change only in the sign of a zero or to NaN (where reuse would be wrong);
the expressions cover the clock functions, aggregations, matching, sorting, subqueries,
bare range selectors and errors.
"""

from __future__ import annotations

import math
import struct
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.promql import PromQLError, Scalar, Vector, evaluate, parse
from kubeloop.telemetry.promql.cached import CachedQuery, leaves, same
from kubeloop.telemetry.series import Labels, SeriesStore

EXPRESSIONS = [
    "x",
    "1 / x",
    "sum(x)",
    "sum by (job) (rate(c[5m]))",
    "sum(rate(c{code='500'}[5m])) / sum(rate(c[5m]))",
    "x > 0.5",
    "x * on(job) group_left y",
    "x + y",
    "topk(1, x)",
    "sort_desc(x)",
    "max(x > (2 * 0.5)) without (job) and on() vector(1)",
    "time()",
    "vector(time()) - x",
    "timestamp(x)",
    "hour()",
    "x offset 1m",
    "absent(nothing)",
    "label_replace(x, 'dst', '$1', 'job', '(.*)')",
    "sum_over_time(x[3m]) / count_over_time(x[3m])",
    "max_over_time(rate(c[2m])[5m:1m])",
    "x[2m]",
    "count_values('v', x)",
    "c",
    "-x",
    "x == bool 0",
    "scalar(x{job='a'})",
]
POOL = st.sampled_from([0.0, -0.0, 0.5, 1.0, 2.0, math.nan, math.inf, None])


def shape(value: Any) -> Any:
    """A result as comparable data, floats by their bits."""
    if isinstance(value, Scalar):
        return ("scalar", struct.pack("<d", value.value))
    if isinstance(value, Vector):
        return [(s.labels, struct.pack("<d", s.value)) for s in value]
    return str(value)


def outcome(run: Any) -> Any:
    try:
        return shape(run())
    except PromQLError as error:
        return ("error", str(error))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(POOL, POOL, st.integers(0, 3)),
        min_size=1,
        max_size=25,
    )
)
def test_cached_queries_answer_as_plain_evaluation(ticks: list[tuple[Any, Any, int]]) -> None:
    store = SeriesStore()
    cached = {text: CachedQuery(parse(text)) for text in EXPRESSIONS}
    counters = [0.0, 0.0]
    for tick, (a, b, grow) in enumerate(ticks):
        t_ms = tick * 60_000
        for job, value in (("a", a), ("b", b)):
            labels = Labels.of(name="x", job=job)
            if value is None:
                store.append_stale(labels, t_ms)
            else:
                store.append(labels, t_ms, value)
        store.append(Labels.of(name="y", job="a"), t_ms, 3.0)
        for i, code in enumerate(("200", "500")):
            counters[i] += grow * (i + 1)
            store.append(Labels.of(name="c", job="a", code=code), t_ms, counters[i])
        for text, query in cached.items():
            fast = outcome(lambda q=query, t=t_ms: q.evaluate(store, t))
            plain = outcome(lambda e=text, t=t_ms: evaluate(parse(e), store, t))
            assert fast == plain, (text, tick)


def test_unchanged_leaves_reuse_the_answer_and_clock_functions_are_leaves() -> None:
    store = SeriesStore()
    query = CachedQuery(parse("sum(x) * 2"))
    clock = CachedQuery(parse("sum(x) + time()"))
    for t in range(5):
        store.append(Labels.of(name="x"), t * 60_000, 1.0)
        assert [s.value for s in query.evaluate(store, t * 60_000)] == [2.0]
        assert shape(clock.evaluate(store, t * 60_000))[0][1] == struct.pack("<d", 1.0 + t * 60)
    assert query.reused == 4
    assert clock.reused == 0


def test_a_zero_that_changes_sign_is_not_the_same_leaf() -> None:
    store = SeriesStore()
    query = CachedQuery(parse("1 / x"))
    store.append(Labels.of(name="x"), 0, 0.0)
    assert [s.value for s in query.evaluate(store, 0)] == [math.inf]
    store.append(Labels.of(name="x"), 60_000, -0.0)
    assert [s.value for s in query.evaluate(store, 60_000)] == [-math.inf]
    assert not same(0.0, -0.0) and not same(math.nan, math.nan) and same(1.0, 1.0)


def test_leaves_are_what_reads_the_store_or_the_clock() -> None:
    found = leaves(parse("sum(rate(c[5m])) / on() group_left vector(time()) + abs(x) > 1"))
    assert [type(n).__name__ for n in found] == ["Call", "Call", "VectorSelector"]
    assert [getattr(n, "func", None) for n in found] == ["rate", "time", None]


def test_a_leaf_that_fails_leaves_the_plain_evaluation_its_whole_budget() -> None:
    store = SeriesStore()
    for name in ("a", "b"):
        for t in range(0, 600_000, 60_000):
            store.append(Labels.of(name=name), t, t / 1000)
    heavy = " + ".join(["sum(max_over_time(a[3h:1s]))"] * 5)  # 54,000 of the 100,000 steps
    text = f'{heavy} + sum(rate({{__name__=~"a|b"}}[5m]))'  # then a duplicate labelset
    query = CachedQuery(parse(text))
    fast = outcome(lambda: query.evaluate(store, 540_000))
    assert fast == outcome(lambda: evaluate(parse(text), store, 540_000))
    assert fast == ("error", "vector cannot contain metrics with the same labelset")
