"""SLO arithmetic against the SRE Workbook's tables, Sloth's and Pyrra's window tables."""

from __future__ import annotations

import math

import pytest

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.slo import Objective, format_duration, parse_duration, table
from kubeloop.telemetry.slo.budget import (
    budget_consumed,
    detection_seconds,
    exhaustion_seconds,
    reset_seconds,
)
from kubeloop.telemetry.slo.verdict import judge
from kubeloop.telemetry.slo.windows import DAY, HOUR, MINUTE


@pytest.mark.parametrize(
    ("percent", "days", "minutes"),
    [
        (99, 30, 432),
        (99.5, 30, 216),
        (99.9, 30, 43.2),
        (99.95, 30, 21.6),
        (99.99, 30, 4.32),
        (99.999, 30, 0.432),
        (99, 28, 403.2),
        (99.9, 28, 40.32),
        (99.99, 28, 4.032),
    ],
)
def test_allowed_outage_per_period(percent: float, days: int, minutes: float) -> None:
    assert Objective(percent, days * DAY).budget_seconds / 60 == pytest.approx(minutes)


@pytest.mark.parametrize(
    ("error_ratio", "burn", "days_to_exhaustion"),
    [(0.001, 1, 30), (0.002, 2, 15), (0.01, 10, 3), (1.0, 1000, 0.03)],
)
def test_workbook_table_5_4(error_ratio: float, burn: float, days_to_exhaustion: float) -> None:
    slo = Objective(99.9, 30 * DAY)
    assert slo.burn_rate(error_ratio) == pytest.approx(burn)
    assert exhaustion_seconds(slo.burn_rate(error_ratio), slo.period) / DAY == pytest.approx(
        days_to_exhaustion
    )


def test_a_burn_of_1000_empties_the_budget_in_43_minutes() -> None:
    assert exhaustion_seconds(1000, 30 * DAY) / 60 == pytest.approx(43.2)


@pytest.mark.parametrize(
    ("days", "factors"),
    [
        (30, [14.4, 6, 3, 1]),
        (28, [13.44, 5.6000000000000005, 2.8000000000000003, 0.9333333333333333]),
    ],
)
def test_workbook_factors_bit_for_bit_as_sloth(days: int, factors: list[float]) -> None:
    windows = table("workbook", days * DAY).windows
    assert [w.factor for w in windows] == factors
    assert [(w.label, w.severity) for w in windows] == [
        ("1h/5m", "page"),
        ("6h/30m", "page"),
        ("1d/2h", "ticket"),
        ("3d/6h", "ticket"),
    ]


def test_each_workbook_pair_spends_its_share_of_the_budget() -> None:
    for window in table("workbook", 30 * DAY).windows:
        spent = budget_consumed(window.factor, window.long, 30 * DAY)
        assert spent == pytest.approx(window.budget_percent / 100)


@pytest.mark.parametrize(
    ("days", "rows"),
    [
        (28, [("1h/5m", 14, "2m"), ("6h/30m", 7, "15m"), ("1d/2h", 2, "1h"), ("4d/6h", 1, "3h")]),
        (
            7,
            [
                ("15m/1m", 14, "1m"),
                ("1h30m/8m", 7, "4m"),
                ("6h/30m", 2, "15m"),
                ("1d/1h30m", 1, "45m"),
            ],
        ),
        (
            30,
            [
                ("1h4m/5m", 14, "2m"),
                ("6h26m/32m", 7, "16m"),
                ("1d1h43m/2h9m", 2, "1h4m"),
                ("4d6h51m/6h26m", 1, "3h13m"),
            ],
        ),
    ],
)
def test_pyrra_windows_scale_with_the_period(days: int, rows: list[tuple[str, float, str]]) -> None:
    windows = table("pyrra", days * DAY).windows
    assert [(w.label, w.factor, format_duration(w.hold)) for w in windows] == rows


def test_pyrra_pages_where_the_workbook_does_not() -> None:
    """1.42% errors on 99.9%: above Pyrra's 14 × 0.1% = 1.4%, below the Workbook's 1.44%."""
    slo = Objective(99.9, 28 * DAY)
    burn = slo.burn_rate(0.0142)
    assert burn > table("pyrra", slo.period).windows[0].factor
    assert burn < table("workbook", 30 * DAY).windows[0].factor


def test_short_periods_that_round_a_window_to_zero_are_refused() -> None:
    with pytest.raises(InvalidSpecError, match="short one"):
        table("pyrra", 1 * HOUR)
    with pytest.raises(InvalidSpecError, match="longer than the SLO period"):
        table("workbook", 2 * DAY)
    with pytest.raises(InvalidSpecError, match="known: pyrra, sloth, workbook"):
        table("google", 30 * DAY)


@pytest.mark.parametrize(
    ("error_ratio", "window", "factor", "detect_min", "reset_min"),
    [
        (1.0, HOUR, 14.4, 0.864, 59.136),
        (1.0, 6 * HOUR, 6, 2.16, 357.84),
        (0.15, HOUR, 14.4, 5.76, 54.24),
        (0.02, HOUR, 14.4, 43.2, 16.8),
        (0.02, 6 * HOUR, 6, 108, 252),
        (1.0, 5 * MINUTE, 14.4, 0.072, 4.928),
    ],
)
def test_detection_and_reset_times(
    error_ratio: float, window: int, factor: float, detect_min: float, reset_min: float
) -> None:
    assert detection_seconds(error_ratio, 0.001, factor, window) / 60 == pytest.approx(detect_min)
    assert reset_seconds(error_ratio, 0.001, factor, window) / 60 == pytest.approx(reset_min)


def test_one_percent_errors_never_trip_the_fast_page() -> None:
    assert detection_seconds(0.01, 0.001, 14.4, HOUR) == math.inf
    assert reset_seconds(0.01, 0.001, 14.4, HOUR) == 0


def test_at_detection_exactly_the_configured_share_is_spent() -> None:
    for error_ratio in (1.0, 0.5, 0.15, 0.02):
        detect = detection_seconds(error_ratio, 0.001, 14.4, HOUR)
        spent = error_ratio * detect / (0.001 * 30 * DAY)
        assert spent == pytest.approx(0.02)


def test_a_100_percent_objective_has_no_budget() -> None:
    slo = Objective(100, 30 * DAY)
    assert slo.error_budget == 0
    assert slo.burn_rate(0.01) == math.inf
    assert math.isnan(slo.burn_rate(0))


@pytest.mark.parametrize("percent", [0, -1, 100.1, math.nan, math.inf])
def test_objectives_outside_0_to_100_are_refused(percent: float) -> None:
    with pytest.raises(InvalidSpecError, match="objective"):
        Objective(percent, 30 * DAY)


@pytest.mark.parametrize("period", [0, -5, 367 * DAY])
def test_periods_are_bounded(period: int) -> None:
    with pytest.raises(InvalidSpecError, match="period"):
        Objective(99.9, period)


@pytest.mark.parametrize(
    ("text", "seconds", "shown"),
    [
        ("5m", 300, "5m"),
        ("1h30m", 5400, "1h30m"),
        ("30d", 30 * DAY, "30d"),
        ("28d", 28 * DAY, "4w"),
        ("90d", 90 * DAY, "90d"),
        ("1y", 365 * DAY, "1y"),
    ],
)
def test_durations_round_trip_as_prometheus_writes_them(
    text: str, seconds: int, shown: str
) -> None:
    assert parse_duration(text) == seconds
    assert format_duration(seconds) == shown


@pytest.mark.parametrize("text", ["", "5", "m", "5x", "-5m", "0s", "1m5h", "99999y"])
def test_bad_durations_are_refused(text: str) -> None:
    with pytest.raises(InvalidSpecError, match="duration"):
        parse_duration(text)


def test_budget_spent_counts_only_the_data_a_window_has() -> None:
    """The SRE Workbook: budget consumed = burn rate × time ÷ period. 72 minutes into a
    30-day 99.9% SLO, a 3-day window burning at 16.67 has spent 16.67 × 72 min ÷ 30 d ≈
    2.8% of the budget; counting the whole 3 days (167%) spends budget no error used."""
    objective = Objective(99.9, 30 * DAY)
    windows = table("workbook", 30 * DAY)
    verdict = judge(objective, windows, lambda _: 0.01667, observed=72 * MINUTE)
    slow_ticket = next(p for p in verdict.pairs if p.window.long == 3 * DAY)
    line = slow_ticket.explain(objective.period)
    assert "2.8% of the budget spent in the 1h12m of data so far" in line, line
    whole = judge(objective, windows, lambda _: 0.01667, observed=4 * DAY)
    line = next(p for p in whole.pairs if p.window.long == 3 * DAY).explain(objective.period)
    assert "166.7% of the budget spent in the last 3d" in line, line
