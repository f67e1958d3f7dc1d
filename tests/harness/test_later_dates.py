"""A day said relative to today: each form against the calendar, including month ends,
leap years and the week's end."""

from __future__ import annotations

import datetime
import re

import pytest

from kubeloop.harness.later_dates import Later
from kubeloop.harness.params import TYPES


def _said(text: str) -> Later:
    later = TYPES["later"]
    assert re.fullmatch(later.regex, text, re.IGNORECASE), text
    result = later.convert(text)
    assert isinstance(result, Later)
    return result


@pytest.mark.parametrize(
    ("text", "today", "day"),
    [
        ("tomorrow", "2026-02-28", "2026-03-01"),
        ("the day after tomorrow", "2026-12-31", "2027-01-02"),
        ("the end of the month", "2026-03-15", "2026-04-01"),
        ("end of this month", "2026-12-31", "2027-01-01"),
        ("the end of next month", "2026-11-15", "2027-01-01"),
        ("the end of the quarter", "2026-05-02", "2026-07-01"),
        ("the end of the year", "2026-05-02", "2027-01-01"),
        ("the end of the week", "2026-03-15", "2026-03-16"),  # a Sunday: Monday next
        ("the end of the week", "2026-03-16", "2026-03-23"),  # a Monday: the week's 7 days
        ("two weeks from now", "2026-03-15", "2026-03-29"),
        ("in 10 days", "2026-03-25", "2026-04-04"),
        ("a month", "2026-01-31", "2026-02-28"),
        ("1 month from today", "2028-01-31", "2028-02-29"),
        ("3 months", "2026-11-30", "2027-02-28"),
    ],
)
def test_a_day_after_today(text: str, today: str, day: str) -> None:
    assert _said(text).date(datetime.date.fromisoformat(today)).isoformat() == day


@pytest.mark.parametrize("text", ["yesterday", "next week", "the end", "2 years", "soon"])
def test_what_it_does_not_read(text: str) -> None:
    assert re.fullmatch(TYPES["later"].regex, text, re.IGNORECASE) is None
