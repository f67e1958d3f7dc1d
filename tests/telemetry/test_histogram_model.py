"""The native histogram value (``series.histogram``) and its compensated sums
(``promql.histogram.kahan``): the arithmetic upstream's float_histogram.go does."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.promql.functions.counters import extrapolate, extrapolation_factor
from kubeloop.telemetry.promql.histogram.compare import histograms_match
from kubeloop.telemetry.promql.histogram.kahan import kahan_mean, kahan_sum
from kubeloop.telemetry.promql.histogram.notation import parse_histogram
from kubeloop.telemetry.series.histogram import (
    FloatHistogram,
    HistogramError,
    add,
    detect_reset,
    exponential_bound,
)


def h(text: str) -> FloatHistogram:
    return parse_histogram(text).histogram


def test_bounds_double_per_bucket_at_schema_0_and_split_finer_above() -> None:
    assert [exponential_bound(i, 0) for i in (-1, 0, 1, 2)] == [0.5, 1.0, 2.0, 4.0]
    assert exponential_bound(1, 1) == pytest.approx(math.sqrt(2))
    assert exponential_bound(1, -1) == 4.0
    assert exponential_bound(1024, 0) == 1.7976931348623157e308


@given(st.integers(-60, 60), st.integers(0, 8))
def test_bounds_are_powers_of_two(index: int, schema: int) -> None:
    assert exponential_bound(index, schema) == pytest.approx(2 ** (index / 2**schema), rel=1e-15)


def test_adding_reduces_to_the_coarser_schema() -> None:
    """Buckets 1..4 at schema 1 fall into buckets 1, 1, 2, 2 at schema 0."""
    total = add(h("{{schema:1 count:10 buckets:[1 2 3 4] offset:1}}"),
                h("{{schema:0 count:1 buckets:[1] offset:1}}")).histogram  # fmt: skip
    assert (total.schema, total.count, total.positive) == (0, 11.0, ((1, 4.0), (2, 7.0)))


def test_adding_widens_the_zero_bucket_over_the_buckets_it_covers() -> None:
    a = h("{{z_bucket:1 z_bucket_w:0.5 count:1}}")
    b = h("{{count:2 buckets:[1 1] offset:-1}}")  # (0.25, 0.5] and (0.5, 1]
    total = add(a, b).histogram
    assert (total.zero_threshold, total.zero_count, total.positive) == (0.5, 2.0, ((0, 1.0),))


def test_custom_bounds_that_differ_are_cut_to_the_common_ones() -> None:
    a = h("{{schema:-53 count:3 custom_values:[1 2 3] buckets:[1 1 1]}}")
    b = h("{{schema:-53 count:2 custom_values:[2] buckets:[1 1]}}")
    result = add(a, b)
    assert result.reconciled
    assert result.histogram.custom_values == (2.0,)
    assert result.histogram.positive == ((0, 3.0), (1, 2.0))


def test_exponential_and_custom_buckets_do_not_add() -> None:
    with pytest.raises(HistogramError, match="mix of exponential and custom"):
        add(h("{{count:1}}"), h("{{schema:-53 count:1 custom_values:[1]}}"))


def test_hints_collide_only_between_reset_and_not_reset() -> None:
    reset, kept = h("{{counter_reset_hint:reset}}"), h("{{counter_reset_hint:not_reset}}")
    assert add(reset, kept).collision
    assert add(reset, kept).histogram.hint == "unknown"
    assert add(kept, h("{{counter_reset_hint:gauge}}")).histogram.hint == "gauge"
    assert not add(kept, h("{{}}")).collision


@pytest.mark.parametrize(
    ("before", "after", "reset"),
    [
        ("{{count:3 buckets:[1 2]}}", "{{count:4 buckets:[2 2]}}", False),
        ("{{count:3 buckets:[1 2]}}", "{{count:2 buckets:[1 1]}}", True),
        ("{{count:3 buckets:[1 2]}}", "{{count:4 buckets:[4]}}", True),  # a bucket went away
        ("{{count:3 buckets:[1 2]}}", "{{count:4 buckets:[0 4]}}", True),  # one went down
        ("{{count:3 buckets:[1 2]}}", "{{count:1 counter_reset_hint:not_reset}}", False),
        ("{{count:3 buckets:[1 2]}}", "{{count:4 buckets:[2 2] counter_reset_hint:reset}}", True),
        ("{{schema:0 count:3 buckets:[1 2]}}", "{{schema:1 count:4 buckets:[1 2]}}", True),
    ],
)
def test_counter_resets_are_detected_as_upstream(before: str, after: str, reset: bool) -> None:
    assert detect_reset(h(after), h(before)) is reset


histograms = st.builds(
    lambda schema, counts, offset, zero: FloatHistogram(
        schema=schema,
        zero_count=zero,
        count=sum(counts) + zero,
        sum=float(len(counts)),
        positive=tuple((offset + i, c) for i, c in enumerate(counts)),
    ),
    st.integers(-2, 3),
    st.lists(st.floats(0, 1e6, allow_nan=False), max_size=6),
    st.integers(-5, 5),
    st.floats(0, 100),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(histograms, min_size=1, max_size=6))
def test_the_compensated_sum_is_the_plain_sum(parts: list[FloatHistogram]) -> None:
    """kahan_sum aligns every histogram first and sums field by field; the reference adds
    them one by one with ``add``."""
    plain = parts[0]
    for part in parts[1:]:
        plain = add(plain, part).histogram
    assert histograms_match(plain, kahan_sum(parts), True)
    mean = kahan_mean(parts)
    assert histograms_match(plain.divided(float(len(parts))), mean, True)


def test_the_mean_turns_incremental_where_the_sum_would_overflow() -> None:
    big = FloatHistogram(count=1e308, sum=1.0)
    mean = kahan_mean([big, big, big])
    assert mean.count == pytest.approx(1e308)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(1, 10_000),
    st.integers(2, 50),
    st.floats(-1e3, 1e6),
    st.floats(-1e3, 1e6),
    st.integers(1, 20_000),
    st.booleans(),
    st.booleans(),
)
def test_extrapolate_is_the_result_times_the_factor(
    first: int, span: int, n: int, first_v: float, result: float, before: int,
    counter: bool, per_second: bool,
) -> None:  # fmt: skip
    """``extrapolate`` (floats, inlined) and ``extrapolation_factor`` (histograms) agree."""
    last, start, end = first + span, first - before, first + span + before // 2
    args = (first, last, n, first_v, result, start, end, counter, per_second)
    assert extrapolate(*args) == result * extrapolation_factor(*args)
