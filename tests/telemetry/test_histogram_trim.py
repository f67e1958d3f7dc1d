"""The trim operators over native histograms (``promql/histogram/trim.py``, upstream's
``TrimBuckets``), and what the merge of native histograms with delayed name removal and
start timestamps must keep: a trim reads whole histograms, a delayed query over histograms
takes the histogram paths, and start timestamps count over histograms too."""

from __future__ import annotations

import math

import pytest

from kubeloop.telemetry.promql import Annotation, Vector, evaluate, parse
from kubeloop.telemetry.promql.histogram.statsmode import stats_selectors
from kubeloop.telemetry.promql.histogram.trim import trim_buckets
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.series.histogram import FloatHistogram

EXPONENTIAL = FloatHistogram(schema=0, count=4, sum=9, positive=((1, 2.0), (2, 2.0)))
"""Two observations in (1, 2], two in (2, 4]."""
CUSTOM = FloatHistogram(schema=-53, count=6, sum=9, positive=((0, 2.0), (1, 2.0), (2, 2.0)),
                        custom_values=(1.0, 2.0))  # fmt: skip
"""Two observations each in (-Inf, 1], (1, 2] and (2, +Inf]."""


def _shape(h: FloatHistogram) -> tuple[float, float, tuple[tuple[int, float], ...]]:
    return h.count, h.sum, h.positive


def test_an_exponential_bucket_is_cut_on_a_log_scale_at_its_geometric_middle() -> None:
    kept = 2 * (math.log2(3) - 1)  # the share of (2, 4] below 3, on a log scale
    upper = trim_buckets(EXPONENTIAL, 3, upper=True)
    assert upper.count == pytest.approx(2 + kept)
    assert upper.sum == pytest.approx(2 * math.sqrt(2) + kept * math.sqrt(6))
    assert upper.positive == ((1, 2.0), (2, pytest.approx(kept)))
    lower = trim_buckets(EXPONENTIAL, 3, upper=False)
    assert _shape(lower) == (pytest.approx(2 - kept), pytest.approx((2 - kept) * math.sqrt(12)),
                             ((2, pytest.approx(2 - kept)),))  # fmt: skip


def test_a_bucket_on_the_far_side_is_emptied_and_nothing_cut_is_the_same_histogram() -> None:
    assert _shape(trim_buckets(EXPONENTIAL, 2, upper=True)) == (2, 2 * math.sqrt(2), ((1, 2),))
    assert trim_buckets(EXPONENTIAL, 10, upper=True) is EXPONENTIAL
    assert trim_buckets(EXPONENTIAL, math.nan, upper=True).count == 0


def test_custom_buckets_are_cut_linearly_and_infinite_ones_kept_or_emptied_whole() -> None:
    assert _shape(trim_buckets(CUSTOM, 1.5, upper=True)) == (3, 2.25, ((0, 2), (1, 1)))
    # (-Inf, 1] is taken to start at 0 when cut at a positive threshold
    assert _shape(trim_buckets(CUSTOM, 0.5, upper=True)) == (1, 0.25, ((0, 1),))
    # (2, +Inf] is kept whole above a threshold past its lower bound
    assert _shape(trim_buckets(CUSTOM, 3, upper=False)) == (2, 6, ((2, 2),))


def test_the_zero_bucket_spans_only_the_side_that_has_buckets() -> None:
    zero = FloatHistogram(schema=0, zero_threshold=1, zero_count=4, count=4)
    assert _shape(trim_buckets(zero, 0, upper=True)) == (2, -1, ())
    one_sided = FloatHistogram(schema=0, zero_threshold=1, zero_count=4, count=6,
                               positive=((1, 2.0),))  # fmt: skip
    trimmed = trim_buckets(one_sided, 0.5, upper=True)
    assert (trimmed.zero_count, trimmed.count, trimmed.sum) == (2, 2, 0.5)


H = Labels.of(__name__="h", job="a")
F = Labels.of(__name__="f", job="a")


def _store() -> SeriesStore:
    store = SeriesStore()
    for minute in range(6):
        store.append_histogram(H, minute * 60_000, CUSTOM)
        store.append(F, minute * 60_000, 2.0)
    return store


def _run(text: str, **options: object) -> tuple[Vector, list[str]]:
    notes: list[Annotation] = []
    value = evaluate(text, _store(), 300_000, notes=notes, **options)  # type: ignore[arg-type]
    assert isinstance(value, Vector)
    return value, [n.render(text) for n in notes]


def test_a_histogram_trimmed_keeps_its_name_by_a_scalar_or_a_matched_float() -> None:
    for text in ("h </ 1.5", "h </ (f - 0.5)"):
        value, notes = _run(text)
        assert [s.labels for s in value] == [H] and notes == []
        assert isinstance(value[0].value, FloatHistogram) and value[0].value.count == 3


def test_a_float_or_a_histogram_threshold_gives_the_incompatible_types_info() -> None:
    value, notes = _run("f </ on(job) h")
    assert value == Vector(())
    assert notes == [
        "PromQL info: incompatible sample types encountered for binary operator "
        '"</": float </ histogram (1:1)'
    ]
    assert _run("f >/ 1")[1] == [
        "PromQL info: incompatible sample types encountered for binary operator "
        '">/": float >/ float (1:1)'
    ]


def test_a_trim_reads_whole_histograms_under_histogram_count() -> None:
    assert stats_selectors(parse("histogram_count(h)")) != set()
    assert stats_selectors(parse("histogram_count(h </ 1.5)")) == set()
    assert _run("histogram_count(h </ 1.5)")[0][0].value == 3


def test_a_delayed_query_over_histograms_keeps_names_to_the_end() -> None:
    text = 'label_replace(sum by (__name__) (rate(h[5m])), "was", "$1", "__name__", "(.*)")'
    value, _ = _run(text, delayed_name_removal=True)
    assert [s.labels for s in value] == [Labels.of(was="h")]
    assert [s.labels for s in _run(text)[0]] == [Labels.of()]
    assert [s.labels for s in _run("h </ 1.5", delayed_name_removal=True)[0]] == [H]


def test_start_timestamps_count_over_histograms() -> None:
    """The sample at 3m started at 2m30s, after the one at 2m: a reset its counts hide. The
    first sample in a window that started inside it counts from a zero there."""
    starts = {H: {180_000: 150_000}}
    assert _run("resets(h[5m])")[0][0].value == 0
    assert _run("resets(h[5m])", start_times=starts)[0][0].value == 1
    first = {H: {120_000: 119_500}}
    rated = _run("increase(h[3m1s])", start_times=first)[0][0].value
    assert isinstance(rated, FloatHistogram) and rated.count == 6
    assert _run("increase(h[3m1s])")[0][0].value.count == 0
    assert _run("irate(h[5m])", start_times={H: {300_000: 270_000}})[0][0].value.count == 0.1


def test_overlapping_starts_of_histograms_warn() -> None:
    starts = {H: {240_000: 200_000, 300_000: 150_000}}
    assert _run("rate(h[3m])", start_times=starts)[1] == [
        "PromQL warning: sample has start time that overlaps with previous sample timestamp "
        'for metric "h" (1:6)'
    ]


def test_start_timestamp_reads_histogram_samples_too() -> None:
    value, _ = _run("start_timestamp(h)", start_times={H: {300_000: 290_000}})
    assert [(s.labels, s.value) for s in value] == [(Labels.of(job="a"), 290.0)]
