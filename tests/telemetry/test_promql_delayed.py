"""Delayed ``__name__`` removal (``delayed.py``) kept to the queries that ask for it: what a
delayed query leaves in the evaluator's caches must not change a later plain query."""

from __future__ import annotations

from kubeloop.telemetry.promql import Vector, evaluate
from kubeloop.telemetry.series import EMPTY, Labels, SeriesStore


def _store() -> SeriesStore:
    store = SeriesStore()
    store.append(Labels.of(__name__="x_total", job="a"), 0, -2.0)
    store.append(Labels.of(__name__="y_total", job="a"), 0, 3.0)
    return store


def _labels(expr: str, store: SeriesStore, delayed: bool) -> list[Labels]:
    result = evaluate(expr, store, 0, delayed_name_removal=delayed)
    assert isinstance(result, Vector)
    return [s.labels for s in result]


def test_a_plain_query_after_a_delayed_one_drops_names_at_once() -> None:
    store = _store()
    by_name = "sum by (__name__) (x_total)"
    assert _labels(f"abs({by_name})", store, True) == [EMPTY]
    assert _labels(f'label_replace(abs({by_name}), "was", "$1", "__name__", "(.*)")', store,
                   True) == [Labels.of(was="x_total")]  # fmt: skip
    assert _labels(f'label_replace(abs({by_name}), "was", "$1", "__name__", "(.*)")', store,
                   False) == [EMPTY]  # fmt: skip
    assert _labels("abs(x_total) + on(job) y_total", store, True) == [Labels.of(job="a")]
    assert _labels("abs(x_total) + on(job) y_total", store, False) == [Labels.of(job="a")]


def test_a_comparison_keeps_the_left_name_and_bool_drops_it_at_the_end() -> None:
    store = _store()
    assert _labels("x_total < y_total", store, True) == [Labels.of(__name__="x_total", job="a")]
    assert _labels("x_total < bool y_total", store, True) == [Labels.of(job="a")]


def test_a_delayed_query_after_a_plain_one_still_reads_the_name() -> None:
    store = _store()
    query = 'label_replace(x_total < bool y_total, "was", "$1", "__name__", "(.*)")'
    assert _labels(query, store, False) == [Labels.of(job="a")]
    assert _labels(query, store, True) == [Labels.of(job="a", was="x_total")]
