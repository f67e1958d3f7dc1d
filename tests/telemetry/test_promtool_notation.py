"""promtool's expanding series notation, against the cases in Prometheus' parse_test.go
(TestParseSeries) and the unit-testing docs."""

from __future__ import annotations

import math

import pytest

from kubeloop.telemetry.promtool.notation import (
    STALE,
    NotationError,
    expand_values,
    parse_metric,
    split_series,
)
from kubeloop.telemetry.series.histogram import FloatHistogram

BUDGET = 100_000


def values(text: str) -> list[object]:
    expanded = expand_values(text, BUDGET)
    out: list[object] = [None] * expanded.steps
    for index, value in expanded.points:
        out[index] = value
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 2 3", [1.0, 2.0, 3.0]),
        ("1x4", [1.0] * 5),
        ("0+10x3", [0.0, 10.0, 20.0, 30.0]),
        ("1-1x3", [1.0, 0.0, -1.0, -2.0]),
        ("-1+1x2", [-1.0, 0.0, 1.0]),
        ("1 _ 3", [1.0, None, 3.0]),
        ("_x3 5", [None, None, None, 5.0]),
        ("1 _x2 2", [1.0, None, None, 2.0]),
        ("1+1x2 _ 3", [1.0, 2.0, 3.0, None, 3.0]),
        ("0 stale", [0.0, STALE]),
        ("1e3+1e2x1", [1000.0, 1100.0]),
        ("1e+3 2.5", [1000.0, 2.5]),
        ("010", [8.0]),
        ("1_000", [1000.0]),
        ("+Inf -Inf", [math.inf, -math.inf]),
        ("", []),
        ("  1   2  ", [1.0, 2.0]),
        ("0+0x0", [0.0]),
    ],
)
def test_expanding_notation(text: str, expected: list[object]) -> None:
    assert values(text) == expected


def test_nan_is_a_value() -> None:
    (only,) = values("NaN")
    assert isinstance(only, float) and math.isnan(only)


def test_fractional_steps_accumulate_like_go() -> None:
    # Go adds the step each time (a += b), so float error accumulates the same way.
    got = values("0+0.1x3")
    acc, want = 0.0, []
    for _ in range(4):
        want.append(acc)
        acc += 0.1
    assert got == want


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1+1", "error parsing number"),
        ("1x", "invalid repetition"),
        ("1x-3", "invalid repetition"),
        ("1xa", "invalid repetition"),
        ("abc", "want a number"),
        ("stalex3", "cannot be signed or repeated"),
        ("{{schema:1 sum:1", "not closed"),
        ("0 {{bogus:1}}", "unknown histogram key 'bogus'"),
        ("{{sum:1}}+{{sum:1}}", "{{a}}+{{b}}xN"),
        ("{{buckets:[1 x]}}", "'x' is not a number"),
        ("{{schema:2}}+{{schema:1}}x2", "cannot merge from schema 1 to 2"),
        ("1..2", "error parsing number"),
    ],
)
def test_bad_values_are_errors_with_a_column(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as caught:
        expand_values(text, BUDGET)
    assert fragment in str(caught.value)
    assert caught.value.column >= 1


def test_histogram_values_expand_to_histograms() -> None:
    """``{{a}}xN`` repeats, ``{{a}}+{{b}}xN`` adds bucket by bucket; they mix with floats."""
    got = values("1 {{sum:3 count:2 buckets:[2]}}+{{sum:1 count:1 buckets:[1] offset:1}}x2 _ stale")
    assert got[0] == 1.0 and got[-1] is STALE
    last = got[3]
    assert isinstance(last, FloatHistogram)
    assert (last.count, last.sum, last.positive) == (4.0, 5.0, ((0, 2.0), (1, 2.0)))
    assert expand_values("{{count:1}}x4", BUDGET).runs == ((0, 5, FloatHistogram(count=1.0), None),)


def test_histograms_count_against_the_budget() -> None:
    with pytest.raises(NotationError, match="more than 3 samples"):
        expand_values("{{count:1}}+{{count:1}}x3", 3)


def test_huge_counts_fail_before_expanding() -> None:
    with pytest.raises(NotationError, match="more than 1000 samples"):
        expand_values("0+1x100000000000", 1000)
    with pytest.raises(NotationError, match="too large"):
        expand_values("_x99999999999999999999", 1000)


def test_budget_counts_missing_steps() -> None:
    assert expand_values("_x999 1", 1000).steps == 1000
    with pytest.raises(NotationError):
        expand_values("_x1000 1", 1000)


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("test", {"__name__": "test"}),
        (
            'up{job="prometheus", instance="localhost:9090"}',
            {"__name__": "up", "job": "prometheus", "instance": "localhost:9090"},
        ),
        (
            '{alertname="AlwaysFiring",alertstate="firing"}',
            {"alertname": "AlwaysFiring", "alertstate": "firing"},
        ),
        (
            'job:test:count_over_time1m{job="test",}',
            {"__name__": "job:test:count_over_time1m", "job": "test"},
        ),
        ("x{a='single', b=`raw\\n`}", {"__name__": "x", "a": "single", "b": "raw\\n"}),
        ('x{a="tab\\there \\"q\\""}', {"__name__": "x", "a": 'tab\there "q"'}),
    ],
)
def test_parse_metric(text: str, labels: dict[str, str]) -> None:
    assert parse_metric(text) == labels


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('up{job="prometheus", instance="localhost:9090"', "unclosed"),
        ('up{job="prometheus" 0}', "unexpected character inside braces: '0'"),
        ('up{job=~"a"}', 'expected "="'),
        ('up{job="a", job="b"}', "appears twice"),
        ('up{job="a}', "unterminated"),
        ("9up", "expected a metric name"),
        ("up extra", "after the labels"),
    ],
)
def test_bad_metrics(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment.replace("(", r"\(")):
        parse_metric(text)


def test_split_series_stops_after_the_labels() -> None:
    labels, end = split_series('up{a="1"} 1 2')
    assert labels == {"__name__": "up", "a": "1"}
    assert end == len('up{a="1"}')
