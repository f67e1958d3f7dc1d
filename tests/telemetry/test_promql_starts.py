"""Start timestamps (``starts.py``) beyond upstream's float cases: ``start_timestamp()``,
whose upstream cases all read native histograms, and a query without start timestamps."""

from __future__ import annotations

from kubeloop.telemetry.promql import Annotation, Vector, evaluate
from kubeloop.telemetry.series import Labels, SeriesStore

X = Labels.of(__name__="x_total", job="a")


def _store() -> SeriesStore:
    store = SeriesStore()
    for minute, value in enumerate([10.0, 20.0, 5.0, 15.0]):
        store.append(X, minute * 60_000, value)
    return store


STARTS = {X: {60_000: 30_000, 120_000: 110_000, 180_000: 110_000}}
"""The sample at 2m started at 1m50s, after the one at 1m: a reset, whatever the values."""


def _value(expr: str, starts: dict[Labels, dict[int, int]] | None) -> list[float]:
    result = evaluate(expr, _store(), 180_000, start_times=starts)
    assert isinstance(result, Vector)
    return [s.value for s in result]


def test_start_timestamp_reads_the_selected_samples_start() -> None:
    assert _value("start_timestamp(x_total)", STARTS) == [110.0]
    assert _value("start_timestamp(x_total offset 2m)", STARTS) == [30.0]
    assert _value("start_timestamp(x_total offset 3m)", STARTS) == [0.0]


def test_start_timestamp_gives_nothing_for_an_expression_or_without_starts() -> None:
    assert _value("start_timestamp(x_total * 1)", STARTS) == []
    assert _value("start_timestamp(x_total)", None) == []


def test_a_start_after_the_previous_sample_is_a_reset() -> None:
    assert _value("resets(x_total[3m])", None) == [1.0]
    assert _value("resets(x_total[3m])", {X: {180_000: 130_000}}) == [2.0]


def test_overlapping_starts_warn_naming_the_metric() -> None:
    notes: list[Annotation] = []
    starts = {X: {120_000: 90_000, 180_000: 70_000}}
    evaluate("rate(x_total[3m])", _store(), 180_000, start_times=starts, notes=notes)
    assert [n.render("rate(x_total[3m])") for n in notes] == [
        "PromQL warning: sample has start time that overlaps with previous sample timestamp "
        'for metric "x_total" (1:6)'
    ]
