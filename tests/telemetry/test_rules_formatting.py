"""Durations, Go number formatting and the humanize functions, against the values
Prometheus' own tests use (model/time_test.go, template/template_test.go)."""

from __future__ import annotations

import math

import pytest

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.durations import DurationError, format_duration, parse_duration
from kubeloop.telemetry.promql import PromQLError, ast, parse
from kubeloop.telemetry.promtool.compare import go_duration, labels_string, samples_string
from kubeloop.telemetry.rules import humanize as hz
from kubeloop.telemetry.rules.gofmt import format_e, format_v, sprintf
from kubeloop.telemetry.slo import parse_duration as slo_duration


@pytest.mark.parametrize(
    ("text", "ms"),
    [
        ("0", 0),
        ("0s", 0),
        ("324ms", 324),
        ("3s", 3000),
        ("5m", 300_000),
        ("1h", 3_600_000),
        ("4d", 4 * 86_400_000),
        ("4d1h", 4 * 86_400_000 + 3_600_000),
        ("3w", 21 * 86_400_000),
        ("10y", 3650 * 86_400_000),
        ("1h30m", 5_400_000),
        ("2m59s999ms", 179_999),
    ],
)
def test_parse_duration(text: str, ms: int) -> None:
    assert parse_duration(text) == ms


@pytest.mark.parametrize("text", ["", "1", "1.5h", "5m1h", "-5m", "1 h", "1hh", "99999999999y"])
def test_bad_durations(text: str) -> None:
    with pytest.raises(DurationError):
        parse_duration(text)


@pytest.mark.parametrize("text", ["5m", "1h30m", "30d", "4w", "2m59s999ms", "5m1h", "1hh", "x"])
def test_promql_rule_files_and_slos_read_a_duration_alike(text: str) -> None:
    """One rule: a PromQL range, a rule file's ``for:`` and an SLO period agree."""
    try:
        expected: int | None = parse_duration(text)
    except DurationError:
        expected = None
    try:
        ranged = parse(f"x[{text}]")
        assert isinstance(ranged, ast.MatrixSelector)
        promql: int | None = ranged.range_ms
    except PromQLError:
        promql = None
    try:
        slo: int | None = slo_duration(text) * 1000
    except InvalidSpecError:
        slo = None
    assert promql == expected
    assert slo == (expected if expected is not None and expected % 1000 == 0 else None)


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (0, "0s"),
        (300_000, "5m"),
        (86_400_000, "1d"),
        (5_400_000, "1h30m"),
        (179_999, "2m59s999ms"),
        (7 * 86_400_000, "1w"),
        (8 * 86_400_000, "8d"),
        (365 * 86_400_000, "1y"),
    ],
)
def test_format_duration(ms: int, text: str) -> None:
    assert format_duration(ms) == text


@pytest.mark.parametrize(
    ("ms", "text"), [(0, "0s"), (60_000, "1m0s"), (3_600_000, "1h0m0s"), (1500, "1.5s"), (5, "5ms")]
)
def test_go_time_duration(ms: int, text: str) -> None:
    assert go_duration(ms) == text


@pytest.mark.parametrize(
    ("value", "v", "e"),
    [
        (1.0, "1", "1E+00"),
        (0.5, "0.5", "5E-01"),
        (60.0, "60", "6E+01"),
        (1e6, "1e+06", "1E+06"),
        (123456789.0, "1.23456789e+08", "1.23456789E+08"),
        (100000.0, "100000", "1E+05"),
        (0.0001, "0.0001", "1E-04"),
        (0.00001, "1e-05", "1E-05"),
        (-2.5, "-2.5", "-2.5E+00"),
        (math.inf, "+Inf", "+Inf"),
        (math.nan, "NaN", "NaN"),
    ],
)
def test_go_float_formats(value: float, v: str, e: str) -> None:
    assert format_v(value) == v
    assert format_e(value) == e


def test_sprintf() -> None:
    assert sprintf("%.2f%%", [12.3456]) == "12.35%"
    assert sprintf("%s is %d", ["x", 3]) == "x is 3"
    assert sprintf("%v", [0.25]) == "0.25"
    assert sprintf("%s", []) == "%!s(MISSING)"
    assert sprintf("%q", ['a"b']) == '"a\\"b"'


@pytest.mark.parametrize(
    ("fn", "value", "text"),
    [
        # template_test.go
        (hz.humanize, 0.0, "0"),
        (hz.humanize, 1234567.0, "1.235M"),
        (hz.humanize, 12345.0, "12.35k"),
        (hz.humanize, 0.001, "1m"),
        (hz.humanize, 0.0015, "1.5m"),
        (hz.humanize, math.inf, "+Inf"),
        (hz.humanize, "1234567", "1.235M"),
        (hz.humanize1024, 1048576.0, "1Mi"),
        (hz.humanize1024, 1.0, "1"),
        (hz.humanize_duration, 0.0, "0s"),
        (hz.humanize_duration, 1.0, "1s"),
        (hz.humanize_duration, 60.0, "1m 0s"),
        (hz.humanize_duration, 3600.0, "1h 0m 0s"),
        (hz.humanize_duration, 86400.0, "1d 0h 0m 0s"),
        (hz.humanize_duration, 86400.0 + 3661, "1d 1h 1m 1s"),
        (hz.humanize_duration, 0.001, "1ms"),
        (hz.humanize_duration, 0.000001, "1us"),
        (hz.humanize_duration, -3600.0, "-1h 0m 0s"),
        (hz.humanize_percentage, 0.1234567, "12.35%"),
        (hz.humanize_percentage, 0.0, "0%"),
        (hz.humanize_timestamp, 1435065584.128, "2015-06-23 13:19:44.128 +0000 UTC"),
        (hz.strip_port, "foo.com:12345", "foo.com"),
        (hz.strip_port, "[2001:db8::1]:80", "2001:db8::1"),
        (hz.strip_domain, "foo.example.com:12345", "foo:12345"),
        (hz.strip_domain, "192.0.2.1:12345", "192.0.2.1:12345"),
    ],
)
def test_humanize(fn: object, value: object, text: str) -> None:
    assert fn(value) == text  # type: ignore[operator]


def test_labels_and_samples_print_like_go() -> None:
    assert labels_string((("__name__", "x"), ("a", 'q"'))) == '{__name__="x", a="q\\""}'
    assert samples_string([]) == "nil"
    assert samples_string([((("__name__", "t"),), 1.0)]) == '{__name__="t"} 1E+00'
