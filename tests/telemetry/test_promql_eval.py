"""PromQL evaluation: the worked numbers of the fidelity reference (pipeline-and-slo.md §1–3),
Prometheus' edge cases, and evaluation that never tracebacks."""

from __future__ import annotations

import math

import pytest

from kubeloop.telemetry.promql import (
    Annotation,
    Matrix,
    PromQLError,
    Sample,
    Scalar,
    String,
    Vector,
    ast,
    evaluate,
    evaluate_range,
    parse,
)
from kubeloop.telemetry.promql.functions.quantiles import bucket_quantile
from kubeloop.telemetry.series import Labels, SeriesStore

M = 60_000


def store_of(series: dict[str, list[float | None]], step_ms: int = 5 * M) -> SeriesStore:
    store = SeriesStore()
    for text, values in series.items():
        node = parse(text)
        assert isinstance(node, ast.VectorSelector)
        labels = Labels((m.name, m.value) for m in node.matchers)
        for i, value in enumerate(values):
            if value is not None:
                store.append(labels, i * step_ms, value)
    return store


def one(expr: str, store: SeriesStore, t_ms: int) -> dict[str, float]:
    result = evaluate(expr, store, t_ms)
    assert isinstance(result, Vector)
    return {str(s.labels): s.value for s in result}


def ramp(start: float, step: float, count: int) -> list[float | None]:
    return [start + i * step for i in range(count + 1)]


def test_increase_worked_examples_from_functions_test() -> None:
    store = store_of({
        'http_requests_total{path="/foo"}': ramp(0, 10, 10),
        'http_requests_total{path="/bar"}': ramp(0, 18, 5) + ramp(0, 18, 5),
        'http_requests_total{path="/dings"}': ramp(10, 10, 10),
        'http_requests_total{path="/bumms"}': ramp(1, 10, 10),
    })  # fmt: skip
    assert one("increase(http_requests_total[50m])", store, 50 * M) == pytest.approx({
        '{path="/foo"}': 100, '{path="/bar"}': 160, '{path="/dings"}': 100,
        '{path="/bumms"}': 100,
    })  # fmt: skip
    assert one("increase(http_requests_total[100m])", store, 50 * M) == pytest.approx({
        '{path="/foo"}': 100, '{path="/bar"}': 162, '{path="/dings"}': 105,
        '{path="/bumms"}': 101,
    })  # fmt: skip


def test_rate_edge_cases() -> None:
    store = store_of({
        "reset_end_total": [*ramp(0, 10, 9), 0, 10],
        "zero_cutoff_total": ramp(0, 240, 10),
        "zero_cutoff_one_total": ramp(60, 240, 10),
    })  # fmt: skip
    assert one("rate(reset_end_total[5m])", store, 50 * M) == {}  # one sample: no output
    assert one("rate(reset_end_total[6m])", store, 50 * M) == {"{}": 0}
    cut = store_of({"a_total": ramp(0, 240, 10), "b_total": ramp(60, 240, 10)}, 4 * M)
    assert one("rate(a_total[20m])", cut, 10 * M) == pytest.approx({"{}": 0.5})
    assert one("rate(b_total[20m])", cut, 10 * M) == pytest.approx({"{}": 0.55})


@pytest.mark.parametrize(
    ("values", "increase", "rate"),
    [
        ([None, 100, 110, 120, 130, 140, 150], 60, 1.0),
        ([None, None, 110, 120, 130, 140, 150], 45, 0.75),
        ([None, 5, 15, 25, 35, 45, 55], 55, 0.9167),
        ([None, 100, 110, 5, 15, 25, 35], 54, 0.9),
    ],
)
def test_ten_second_scrapes(values: list[float | None], increase: float, rate: float) -> None:
    store = store_of({"x_total": values}, 10_000)
    assert one("increase(x_total[1m])", store, 60_000)["{}"] == pytest.approx(increase)
    assert one("rate(x_total[1m])", store, 60_000)["{}"] == pytest.approx(rate, abs=1e-4)


def test_fifteen_second_scrapes_exclude_the_left_edge() -> None:
    store = store_of({"x_total": [100.0 * 15 * i for i in range(241)]}, 15_000)
    assert one("increase(x_total[5m])", store, 3_600_000)["{}"] == pytest.approx(30_000)
    assert one("rate(x_total[5m])", store, 3_600_000)["{}"] == pytest.approx(100)
    assert one("count_over_time(x_total[5m])", store, 3_600_000)["{}"] == 20  # not 21


def test_irate_idelta_resets_changes() -> None:
    store = store_of({"c": ramp(0, 10, 5) + ramp(0, 10, 5), "r": [1, 2, 3, 0, 1, 0, 0, 1, 2, 0]})
    assert one("irate(c[50m])", store, 30 * M) == {"{}": 0}  # last two: 50 then 0
    assert one("idelta(c[50m])", store, 30 * M) == {"{}": -50}
    assert one("resets(r[50m])", store, 50 * M) == {"{}": 3}
    assert one("resets(r[20m])", store, 50 * M) == {"{}": 1}
    assert one("resets(r[5m])", store, 50 * M) == {}
    assert one("changes(r[50m])", store, 50 * M) == {"{}": 7}


LATENCY = {"0.05": 600, "0.1": 850, "0.25": 960, "0.5": 990, "1": 998, "+Inf": 1000}


@pytest.mark.parametrize(
    ("q", "expected"),
    [(0.5, 0.041667), (0.9, 0.168182), (0.95, 0.236364), (0.99, 0.5), (0.999, 1.0),
     (-0.1, -math.inf), (1.01, math.inf)],
)  # fmt: skip
def test_histogram_quantile_latency_example(q: float, expected: float) -> None:
    store = SeriesStore()
    for le, count in LATENCY.items():
        store.append(Labels.of(name="latency_seconds_bucket", le=le, job="web"), 0, count)
    got = one(f"histogram_quantile({q}, latency_seconds_bucket)", store, 0)
    assert list(got) == ['{job="web"}']
    assert got['{job="web"}'] == pytest.approx(expected, abs=5e-7)


def test_histogram_quantile_edge_cases() -> None:
    assert math.isnan(bucket_quantile(math.nan, [(1, 1), (math.inf, 2)])[0])
    assert math.isnan(bucket_quantile(0.5, [(1, 1), (2, 2)])[0])  # no +Inf bucket
    assert math.isnan(bucket_quantile(0.5, [(math.inf, 2)])[0])  # fewer than 2 buckets
    assert math.isnan(bucket_quantile(0.5, [(1, 0), (math.inf, 0)])[0])  # no observations
    fixed, forced = bucket_quantile(0.5, [(0.1, 20), (1, 10), (10, 50), (100, 40), (1000, 90),
                                          (math.inf, 80)])  # fmt: skip
    assert forced and fixed == pytest.approx(8.5)
    assert bucket_quantile(0.5, [(0.2, 1), (0.2, 2), (0.1, 1), (math.inf, 4)])[0] == (
        pytest.approx(0.15)
    )  # equal bounds are merged by adding
    assert bucket_quantile(0, [(-0.2, 10), (-0.1, 20), (0.3, 20), (math.inf, 30)])[0] == -0.2
    assert math.isnan(bucket_quantile(0, [(0.1, 0), (1, 5), (math.inf, 5)])[0])  # 0 · 0/0


def test_histogram_quantile_groups_by_everything_but_le() -> None:
    store = SeriesStore()
    for name in ("a_bucket", "b_bucket"):
        for le, count in (("1", 1), ("+Inf", 2)):
            store.append(Labels.of(name=name, le=le), 0, count)
    with pytest.raises(PromQLError, match="same labelset"):
        evaluate('histogram_quantile(0.5, {__name__=~".*_bucket"})', store, 0)
    store.append(Labels.of(name="c_bucket", le="nonsense"), 0, 3)
    assert one("histogram_quantile(0.5, c_bucket)", store, 0) == {}  # unparsable le: dropped


def test_staleness_and_lookback() -> None:
    store = SeriesStore()
    up = Labels.of(name="up", job="a")
    store.append(up, 0, 1)
    store.append(up, 60_000, 1)
    assert one("up", store, 360_000 - 1) == {'up{job="a"}': 1}
    assert one("up", store, 360_000) == {}  # the lookback is left-open too
    store.append_stale(up, 120_000)
    assert one("up", store, 130_000) == {}
    assert one("count_over_time(up[5m])", store, 130_000) == {'{job="a"}': 2}


def test_aggregation_by_and_without() -> None:
    store = store_of({
        f'http_requests{{job="{job}",instance="{i}",group="{g}"}}': [float(v)]
        for job, i, g, v in [("api", "0", "prod", 100), ("api", "1", "prod", 200),
                             ("api", "0", "canary", 300), ("app", "0", "prod", 500)]
    })  # fmt: skip
    assert one("sum by (job) (http_requests)", store, 0) == {'{job="api"}': 600, '{job="app"}': 500}
    assert one("sum by (job, nonexistent) (http_requests)", store, 0) == {
        '{job="api"}': 600, '{job="app"}': 500
    }  # fmt: skip
    assert one("sum(http_requests)", store, 0) == {"{}": 1100}
    assert '{group="prod", instance="0", job="api"}' in one(
        "sum without () (http_requests)", store, 0
    )
    assert one('count_values by (job) ("v", http_requests)', store, 0)['{job="api", v="100"}'] == 1
    assert one("sum(nothing)", store, 0) == {}
    assert one("topk(1, http_requests)", store, 0) == {
        'http_requests{group="prod", instance="0", job="app"}': 500
    }  # fmt: skip


def test_binary_operators_and_matching() -> None:
    store = store_of({
        'errors{job="a",code="500"}': [5.0], 'errors{job="b",code="500"}': [0.0],
        'requests{job="a"}': [100.0], 'requests{job="b"}': [50.0], 'team{job="a",owner="x"}': [1.0],
    })  # fmt: skip
    # one-to-one: the result drops the name and the ignored labels
    assert one("errors / ignoring (code) requests", store, 0) == {'{job="a"}': 0.05, '{job="b"}': 0}
    assert one("errors / ignoring (code) group_left requests", store, 0) == {
        '{code="500", job="a"}': 0.05, '{code="500", job="b"}': 0
    }  # fmt: skip
    assert one("errors / on (job) requests", store, 0) == {'{job="a"}': 0.05, '{job="b"}': 0}
    joined = one("requests * on (job) group_left (owner) team", store, 0)
    assert joined == {'{job="a", owner="x"}': 100}
    assert one("requests > 60", store, 0) == {'requests{job="a"}': 100}  # the name stays
    assert one("requests > bool 60", store, 0) == {'{job="a"}': 1, '{job="b"}': 0}
    assert one("requests and on (job) errors > 1", store, 0) == {'requests{job="a"}': 100}
    assert len(one("requests or team", store, 0)) == 3  # owner="x" makes team another series
    assert len(one("requests or on (job) team", store, 0)) == 2
    assert one("requests unless on (job) team", store, 0) == {'requests{job="b"}': 50}
    with pytest.raises(PromQLError, match="many-to-many matching not allowed"):
        evaluate("requests / on () errors", store, 0)
    with pytest.raises(PromQLError, match="many-to-many matching not allowed"):
        evaluate("requests / on () requests", store, 0)
    with pytest.raises(PromQLError, match="many-to-one matching must be explicit"):
        evaluate('{__name__=~"errors|team"} / on (job) requests', store, 0)


def test_scalars_strings_and_time() -> None:
    store = SeriesStore()
    assert evaluate("1 / 0", store, 0) == Scalar(math.inf)
    assert math.isnan(evaluate("0 / 0", store, 0).value)  # type: ignore[union-attr]
    assert math.isnan(evaluate("1 % 0", store, 0).value)  # type: ignore[union-attr]
    assert evaluate("2 ^ 1024", store, 0) == Scalar(math.inf)
    assert evaluate("(-8) ^ (1/3)", store, 0).value != evaluate("2", store, 0).value  # type: ignore[union-attr]
    assert evaluate("time()", store, 90_000) == Scalar(90.0)
    assert evaluate('"text"', store, 0) == String("text")
    assert evaluate("vector(time()) - 1", store, 5_000) == Vector([Sample(Labels(()), 4.0)])
    assert evaluate('absent(nope{job="x"})', store, 0)[0].labels == Labels.of(job="x")  # type: ignore[index]
    assert isinstance(evaluate("up[5m]", store, 0), Matrix)


def test_range_queries_and_at_modifier() -> None:
    store = store_of({"x": ramp(0, 1, 10)}, M)
    matrix = evaluate_range("x * 2", store, 0, 5 * M, M)
    assert [p[1] for p in matrix[0].points] == [0, 2, 4, 6, 8, 10]
    pinned = evaluate_range("x @ end()", store, 0, 3 * M, M)
    assert {p[1] for p in pinned[0].points} == {3}
    assert one("x @ 120 offset 1m", store, 9 * M) == {"x": 1}
    with pytest.raises(PromQLError, match="at most"):
        evaluate_range("x", store, 0, 10**9, 1)


@pytest.mark.parametrize(
    "expr",
    [
        "x[100y:1ms]",
        "topk(1e300, x)",
        "topk(NaN, x)",
        'label_replace(x, "\\xff", "", "a", "b")',
        'count_values("", x)',
        "double_exponential_smoothing(x[5m], 2, 0.5)",
    ],
)
def test_hostile_evaluations_are_clear_errors(expr: str) -> None:
    store = store_of({"x": ramp(0, 1, 3)}, M)
    with pytest.raises(PromQLError):
        evaluate(expr, store, 3 * M)


def test_math_functions_do_not_raise_on_edge_values() -> None:
    store = SeriesStore()
    for v in (-1.0, 0.0, math.inf, -math.inf, math.nan, 1e308):
        store.append(Labels.of(name="v", v=repr(v)), 0, v)
    funcs = ("abs", "ceil", "floor", "exp", "sqrt", "ln", "log2", "log10", "sgn", "acos", "acosh",
             "asin", "atanh", "cosh", "sinh", "tan", "round", "deg", "rad")  # fmt: skip
    for func in funcs:
        assert len(one(f"{func}(v)", store, 0)) == 6
    assert one("ln(v)", store, 0)['{v="0.0"}'] == -math.inf
    assert math.isnan(one("sqrt(v)", store, 0)['{v="-1.0"}'])
    assert one("v ^ 2", store, 0)['{v="1e+308"}'] == math.inf


def test_nested_subqueries_have_one_budget() -> None:
    store = store_of({"x": ramp(0, 1, 3)}, M)
    assert one("max_over_time(x[10m:1m])", store, 3 * M) == {"{}": 3}
    with pytest.raises(PromQLError, match="more than 100000 steps in all"):
        evaluate("max_over_time(max_over_time(x[1d:10s])[1d:10s])", store, 3 * M)


def test_counter_fast_path_agrees_with_the_sequential_rule() -> None:
    values: list[float | None] = [0, 5, math.inf, 1, 2, 0, 3, math.nan, 4, 1, 6]
    fast = store_of({"c_total": values}, M)
    slow = store_of({"c_total": values}, M)
    slow.append_stale(Labels.of(name="c_total"), 20 * M)  # forces the sequential path
    for r in ("2m", "3m", "5m", "7m", "10m"):
        for t in range(2, 11):
            a = one(f"increase(c_total[{r}])", fast, t * M)
            b = one(f"increase(c_total[{r}])", slow, t * M)
            assert a.keys() == b.keys()
            for key, value in a.items():
                assert value == b[key] or (math.isnan(value) and math.isnan(b[key]))


def test_limitk_keeps_the_first_k_of_each_group() -> None:
    store = store_of({f'x{{job="{j}",i="{i}"}}': [float(i)] for j in "ab" for i in "123"})
    assert one("limitk by (job) (2, x)", store, 0) == {
        'x{i="1", job="a"}': 1, 'x{i="2", job="a"}': 2, 'x{i="1", job="b"}': 1,
        'x{i="2", job="b"}': 2,
    }  # fmt: skip
    assert one("limitk(0, x)", store, 0) == {}
    with pytest.raises(PromQLError, match="NaN"):
        evaluate("limitk(NaN, x)", store, 0)


def test_annotations_are_collected_and_rendered_as_prometheus_prints_them() -> None:
    store = SeriesStore()
    store.append(Labels.of(name="b", le="x"), 0, 1.0)
    notes: list[Annotation] = []
    evaluate("histogram_quantile(1.5, b)", store, 0, notes=notes)
    assert [n.render("histogram_quantile(1.5, b)") for n in notes] == [
        "PromQL warning: quantile value should be between 0 and 1, got 1.5 (1:20)",
        'PromQL warning: bucket label "le" is missing or has a malformed value of "x" (1:25)',
    ]
    ranged: list[Annotation] = []
    evaluate_range("sum(sort(b))", store, 0, 60_000, 60_000, notes=ranged)
    assert [n.render("sum(sort(b))") for n in ranged] == [
        "PromQL warning: sort is ineffective for range queries since results are always "
        "ordered by labels (1:5)"
    ]


def test_rate_over_a_name_no_counter_has_gives_upstreams_info() -> None:
    store = SeriesStore()
    for name in ("requests", "requests_total"):
        for t in range(0, 5):
            store.append(Labels.of(name=name), t * 60_000, float(t))
    notes: list[Annotation] = []
    evaluate("rate(requests[5m]) + rate(requests_total[5m])", store, 240_000, notes=notes)
    assert [(n.kind, n.message, n.pos) for n in notes] == [
        (
            "info",
            "metric might not be a counter, name does not end in _total/_sum/_count/_bucket: "
            '"requests"',
            5,
        )
    ]


def test_anchored_and_smoothed_increase() -> None:
    """extendedRate: anchored takes the edges from the samples at or before the window's
    start and its end; smoothed interpolates them at the window's edges."""
    store = SeriesStore()
    for t, v in ((0, 0.0), (60_000, 10.0), (120_000, 20.0), (180_000, 30.0)):
        store.append(Labels.of(name="c_total"), t, v)
    anchored = evaluate("increase(c_total[90s] anchored)", store, 150_000)
    assert [s.value for s in anchored] == [10.0]  # 20 @120s - the anchor, 10 @60s
    smoothed = evaluate("increase(c_total[90s] smoothed)", store, 150_000)
    assert [s.value for s in smoothed] == pytest.approx([15.0])  # 25 @150s - 10 @60s
    with pytest.raises(PromQLError, match="smoothed modifier can only be used with"):
        evaluate("changes(c_total[90s] smoothed)", store, 150_000)


@pytest.mark.parametrize(
    ("data", "digest"),
    [
        (b"", 0xEF46DB3751D8E999),
        (b"abc", 0x44BC2CF5AD770999),
        (b"Nobody inspects the spammish repetition", 0xFBCEA83C8A378BF1),
    ],
)
def test_xxh64_matches_the_reference_vectors(data: bytes, digest: int) -> None:
    from kubeloop.telemetry.promql.labelhash import xxh64  # noqa: PLC0415

    assert xxh64(data) == digest


def test_limit_ratio_keeps_complementary_sets() -> None:
    store = SeriesStore()
    for i in range(40):
        store.append(Labels.of(name="x", i=str(i)), 0, 1.0)
    low = {s.labels for s in evaluate("limit_ratio(0.3, x)", store, 0)}
    high = {s.labels for s in evaluate("limit_ratio(-0.7, x)", store, 0)}
    assert low.isdisjoint(high) and len(low | high) == 40 and 0 < len(low) < 40
    notes: list[Annotation] = []
    assert len(evaluate("limit_ratio(1.5, x)", store, 0, notes=notes)) == 40
    assert notes[0].message == "ratio value should be between -1 and 1, got 1.5, capping to 1"
    with pytest.raises(PromQLError, match="Ratio value is NaN"):
        evaluate("limit_ratio(NaN, x)", store, 0)
