"""day_of_month, day_of_week, … hour, minute, month, year on Unix seconds (UTC)."""

from __future__ import annotations

import calendar
import datetime as dt
import math
from collections.abc import Callable
from typing import Final

_EPOCH: Final = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def _at(seconds: float) -> dt.datetime | None:
    if not math.isfinite(seconds) or abs(seconds) > 253_402_300_799 - 86_400:
        return None
    return _EPOCH + dt.timedelta(seconds=math.floor(seconds))


def _date_func(pick: Callable[[dt.datetime], int]) -> Callable[[float], float]:
    def apply(seconds: float) -> float:
        moment = _at(seconds)
        return math.nan if moment is None else float(pick(moment))

    return apply


DATES: Final[dict[str, Callable[[float], float]]] = {
    "day_of_month": _date_func(lambda d: d.day),
    "day_of_week": _date_func(lambda d: (d.weekday() + 1) % 7),
    "day_of_year": _date_func(lambda d: d.timetuple().tm_yday),
    "days_in_month": _date_func(lambda d: calendar.monthrange(d.year, d.month)[1]),
    "hour": _date_func(lambda d: d.hour),
    "minute": _date_func(lambda d: d.minute),
    "month": _date_func(lambda d: d.month),
    "year": _date_func(lambda d: d.year),
}
