"""A day said relative to today, the way people give a waiver's expiry: "tomorrow", "the
end of the month", "two weeks from now", "3 months". The text is read without a calendar
(a parameter is converted before any world exists); the step asks ``Later.date`` with the
scenario's today.

An expiry date is the first day no longer covered (Trivy's rule, pipeline/waivers.py), so
"until the end of the month" covers the month's last day and expires on the 1st of the next.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from kubeloop.harness.params import NUMBER, TYPES, ParamType, number

_UNIT = r"(?P<unit>days?|weeks?|months?)"
_COUNT = rf"(?P<n>{NUMBER}|a|an)"
_LATER = re.compile(
    r"(?P<tomorrow>tomorrow)|(?P<after>the day after tomorrow)"
    r"|(?:the )?end of (?P<next>next )?(?:the |this )?(?P<period>week|month|quarter|year)"
    rf"|(?:in )?{_COUNT} {_UNIT}(?: from (?:now|today))?",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Later:
    """A day after today: ``days``/``months`` on from it, or the day after a period ends."""

    days: int = 0
    months: int = 0
    period: str = ""
    """week, month, quarter or year: the day after the current (or, with ``skip``, the
    next) one ends."""
    skip: bool = False

    def date(self, today: datetime.date) -> datetime.date:
        """The calendar day this names, seen from ``today``."""
        if self.period == "week":
            return today + datetime.timedelta(days=7 - today.weekday() + (7 if self.skip else 0))
        if self.period:
            size = {"month": 1, "quarter": 3, "year": 12}[self.period]
            start = (today.month - 1) // size * size  # months before the period starts
            return _first_of(today.year, start + size * (2 if self.skip else 1))
        shifted = _add_months(today, self.months) if self.months else today
        return shifted + datetime.timedelta(days=self.days)


def _first_of(year: int, months: int) -> datetime.date:
    """The first day of the month ``months`` after January of ``year`` (0: January)."""
    return datetime.date(year + months // 12, months % 12 + 1, 1)


def _add_months(day: datetime.date, months: int) -> datetime.date:
    """The same day ``months`` later, the month's last day when it has no such day."""
    first = _first_of(day.year, day.month - 1 + months)
    following = _first_of(first.year, first.month)
    last = (following - datetime.timedelta(days=1)).day
    return first.replace(day=min(day.day, last))


def _later(text: str) -> Later:
    found = _LATER.fullmatch(text)
    assert found is not None
    if found.group("tomorrow"):
        return Later(days=1)
    if found.group("after"):
        return Later(days=2)
    if found.group("period"):
        return Later(period=found.group("period").lower(), skip=bool(found.group("next")))
    count = found.group("n").lower()
    n = 1 if count in ("a", "an") else number(count)
    unit = found.group("unit").lower()
    if unit.startswith("month"):
        return Later(months=n)
    return Later(days=n * (7 if unit.startswith("week") else 1))


TYPES.update(
    {
        "later": ParamType(
            r"tomorrow|the day after tomorrow"
            r"|(?:the )?end of (?:next )?(?:the |this )?(?:week|month|quarter|year)"
            rf"|(?:in )?(?:{NUMBER}|a|an) (?:days?|weeks?|months?)(?: from (?:now|today))?",
            _later,
            "a day after today: tomorrow, the end of the month (or week, quarter, year; of "
            "next month), two weeks from now, 3 months",
        )
    }
)
