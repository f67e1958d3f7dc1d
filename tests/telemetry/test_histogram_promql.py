"""Native histograms through PromQL: the notation and its text, what one histogram says
(quantile, fraction, variance), the hints the store reads back, and the switch that keeps
float-only stores on the float paths."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.promql import Annotation, evaluate
from kubeloop.telemetry.promql.evaluator import Evaluator
from kubeloop.telemetry.promql.histogram.notation import (
    HistogramNotationError,
    expand_histogram_item,
    histogram_text,
    parse_histogram,
)
from kubeloop.telemetry.promql.histogram.stats import (
    histogram_fraction,
    histogram_quantile,
    histogram_variance,
)
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.series.histogram import FloatHistogram


def h(text: str) -> FloatHistogram:
    return parse_histogram(text).histogram


def test_the_notation_reads_every_key() -> None:
    got = h("{{schema:1 sum:-0.3 count:32.1 z_bucket:7.1 z_bucket_w:0.05 buckets:[5.1 10 7] "
            "offset:-3 n_buckets:[4.1 5] n_offset:-5 counter_reset_hint:gauge}}")  # fmt: skip
    assert got == FloatHistogram(1, 0.05, 7.1, 32.1, -0.3, ((-3, 5.1), (-2, 10.0), (-1, 7.0)),
                                 ((-5, 4.1), (-4, 5.0)), (), "gauge")  # fmt: skip


def test_increasing_histograms_add_bucket_by_bucket() -> None:
    steps = expand_histogram_item("{{sum:3 count:2 buckets:[2]}}+{{sum:1 count:1 buckets:[1]}}x2")
    assert [d.histogram.count for d in steps] == [2.0, 3.0, 4.0]
    assert steps[-1].histogram.positive == ((0, 4.0),)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{{sum:1 sum:2}}", 'duplicate key "sum"'),
        ("{{counter_reset_hint:maybe}}", "counter_reset_hint:maybe"),
        ("{{schema:x}}", "schema takes an integer"),
        ("{{buckets:1}}", "buckets:[1 2 3]"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(HistogramNotationError) as caught:
        expand_histogram_item(text)
    assert fragment in str(caught.value)


def test_the_text_is_promtools_test_expression() -> None:
    assert histogram_text(h("{{schema:-53 sum:1 count:2 custom_values:[1 2.5] buckets:[0 1 1]}}")) \
        == "{{schema:-53 count:2 sum:1 custom_values:[1 2.5] offset:1 buckets:[1 1]}}"  # fmt: skip
    assert histogram_text(h("{{}}")) == "{{}}"


@settings(max_examples=200, deadline=None)
@given(
    st.integers(-4, 8),
    st.lists(st.integers(0, 50).map(float), max_size=5),
    st.integers(-9, 9),
    st.sampled_from(["unknown", "reset", "not_reset", "gauge"]),
)
def test_the_text_reads_back_as_the_histogram(
    schema: int, counts: list[float], offset: int, hint: str
) -> None:
    original = FloatHistogram(schema=schema, count=sum(counts), sum=1.5,
                              positive=tuple((offset + i, c) for i, c in enumerate(counts)),
                              hint=hint)  # type: ignore[arg-type]  # fmt: skip
    again = h(histogram_text(original))
    assert again.compact() == original.compact()


def test_the_median_interpolates_exponentially() -> None:
    """upstream's example: half of {1, 2, 1} lies at sqrt(2) on the schema-0 scale."""
    value, infos = histogram_quantile(0.5, h("{{schema:0 sum:5 count:4 buckets:[1 2 1]}}"), "x")
    assert value == pytest.approx(math.sqrt(2)) and infos == []
    assert histogram_quantile(2, h("{{count:1 buckets:[1]}}"), "x")[0] == math.inf
    assert math.isnan(histogram_quantile(0.5, h("{{}}"), "x")[0])


def test_custom_buckets_interpolate_linearly() -> None:
    nhcb = h("{{schema:-53 count:4 sum:6 custom_values:[2 4] buckets:[2 2]}}")
    assert histogram_quantile(0.75, nhcb, "x")[0] == pytest.approx(3.0)
    assert histogram_fraction(0, 3, nhcb, "x")[0] == pytest.approx(0.75)


def test_fraction_and_variance_of_one_histogram() -> None:
    single = h("{{schema:0 sum:5 count:4 buckets:[1 2 1]}}")
    assert histogram_fraction(1, 2, single, "x")[0] == pytest.approx(0.5)
    assert histogram_fraction(0, 8, single, "x")[0] == pytest.approx(1.0)
    middles = [math.sqrt(0.5), math.sqrt(2), math.sqrt(8)]
    expected = sum(c * (m - 1.25) ** 2 for c, m in zip((1, 2, 1), middles, strict=True)) / 4
    assert histogram_variance(single) == pytest.approx(expected)


def _store(*values: str) -> SeriesStore:
    store = SeriesStore()
    for i, text in enumerate(values):
        store.append_histogram(Labels.of({"__name__": "m"}), i * 60_000, h(text))
    return store


def test_the_store_reads_back_the_tsdb_hints() -> None:
    """First of a chunk: unknown; then not_reset; a reset starts a new chunk (unknown)."""
    store = _store(
        "{{count:1}}", "{{count:2}}", "{{count:1}}", "{{count:2 counter_reset_hint:gauge}}"
    )
    hints = [p.value.hint for p in store.points(Labels.of({"__name__": "m"}))]  # type: ignore[attr-defined]
    assert hints == ["unknown", "not_reset", "unknown", "gauge"]


def test_rate_of_a_counter_histogram_is_a_gauge_histogram() -> None:
    store = _store(*(f"{{{{count:{n} sum:{n} buckets:[{n}]}}}}" for n in range(0, 11)))
    (sample,) = evaluate("rate(m[5m])", store, 600_000)
    assert isinstance(sample.value, FloatHistogram)
    assert (sample.value.count, sample.value.hint) == (pytest.approx(1 / 60), "gauge")


def test_mixing_floats_and_histograms_in_sum_warns() -> None:
    store = _store("{{count:1}}")
    store.append(Labels.of({"__name__": "f"}), 0, 1.0)
    notes: list[Annotation] = []
    assert evaluate('sum({__name__=~"m|f"})', store, 0, notes=notes) == ()
    assert [n.message for n in notes] == [
        "encountered a mix of histograms and floats for aggregation"
    ]


def test_a_store_without_histograms_stays_on_the_float_paths() -> None:
    store = SeriesStore()
    store.append(Labels.of({"__name__": "m"}), 0, 1.0)
    assert not Evaluator(store, 0).native
    store.append_histogram(Labels.of({"__name__": "n"}), 0, h("{{count:1}}"))
    assert Evaluator(store, 0).native
