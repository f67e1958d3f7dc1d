"""Go's ``time.Time`` and ``time.Duration`` as alert templates see them, for the template
functions ``toTime``, ``toDuration`` and ``parseDuration`` (template/template.go).

A template prints them with their ``String`` methods and may call their methods:
``{{ ($value | toTime).Format "2006-01-02" }}``, ``{{ (1800 | toDuration).String }}``,
``{{ ("-30m" | parseDuration | toDuration | (now | toTime).Add).UnixMilli }}``. Times are
UTC, kept to the millisecond as ``model.TimeFromUnixNano`` keeps them; ``Format`` reads Go's
reference layout (``Mon Jan 2 15:04:05 MST 2006``).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from kubeloop.telemetry.durations import parse_duration
from kubeloop.telemetry.rules.humanize import to_float
from kubeloop.telemetry.rules.templates import TemplateError

_EPOCH: Final = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
_NS: Final = 1_000_000_000


@dataclass(frozen=True, slots=True)
class GoDuration:
    """A ``time.Duration``: whole nanoseconds."""

    ns: int

    def __str__(self) -> str:
        return duration_string(self.ns)

    def method(self, name: str) -> Callable[..., Any] | None:
        methods: dict[str, Callable[..., Any]] = {
            "String": lambda: str(self),
            "Seconds": lambda: self.ns / _NS,
            "Minutes": lambda: self.ns / (60 * _NS),
            "Hours": lambda: self.ns / (3600 * _NS),
            "Milliseconds": lambda: int(self.ns / 1_000_000),
            "Nanoseconds": lambda: self.ns,
        }
        return methods.get(name)


@dataclass(frozen=True, slots=True)
class GoTime:
    """A ``time.Time`` in UTC: nanoseconds since the epoch."""

    ns: int

    def __str__(self) -> str:
        return go_format(self.ns, "2006-01-02 15:04:05.999999999 -0700 MST")

    def method(self, name: str) -> Callable[..., Any] | None:
        moment = _EPOCH + datetime.timedelta(microseconds=self.ns // 1000)
        methods: dict[str, Callable[..., Any]] = {
            "String": lambda: str(self),
            "Format": lambda layout: go_format(self.ns, str(layout)),
            "Unix": lambda: self.ns // _NS,
            "UnixMilli": lambda: self.ns // 1_000_000,
            "UnixNano": lambda: self.ns,
            "UTC": lambda: self,
            "Add": lambda d: GoTime(self.ns + _duration_ns(d)),
            "Sub": lambda other: GoDuration(self.ns - _time_ns(other)),
            "Year": lambda: moment.year,
            "Day": lambda: moment.day,
            "Hour": lambda: moment.hour,
            "Minute": lambda: moment.minute,
            "Second": lambda: moment.second,
            "YearDay": lambda: moment.timetuple().tm_yday,
        }
        return methods.get(name)


def _duration_ns(value: Any) -> int:
    if not isinstance(value, GoDuration):
        raise TemplateError(f"wrong type for value; expected time.Duration; got {value!r}")
    return value.ns


def _time_ns(value: Any) -> int:
    if not isinstance(value, GoTime):
        raise TemplateError(f"wrong type for value; expected time.Time; got {value!r}")
    return value.ns


def to_time(value: Any) -> GoTime:
    """``toTime``: seconds since the epoch as a time, kept to the millisecond."""
    v = to_float(value)
    if math.isnan(v) or math.isinf(v):
        raise TemplateError("value is NaN or Inf")
    nanos = v * 1e9
    if not -(2**63) <= nanos < 2**63:
        raise TemplateError(
            f"{v} cannot be represented as a nanoseconds timestamp since it overflows int64"
        )
    return GoTime(int(int(nanos) / 1_000_000) * 1_000_000)


def to_duration(value: Any) -> GoDuration:
    """``toDuration``: seconds as a duration (Go's conversion truncates to nanoseconds)."""
    seconds = to_float(value) * _NS
    if math.isnan(seconds) or not -(2**63) <= seconds < 2**63:
        return GoDuration(-(2**63))  # Go's float-to-int64 conversion of a value out of range
    return GoDuration(int(seconds))


def parse_template_duration(text: Any) -> float:
    """``parseDuration``: a Prometheus duration (``1h2m10ms``, a sign allowed) in seconds."""
    raw = str(text)
    negative = raw.startswith("-")
    try:
        ms = parse_duration(raw[1:] if negative else raw)
    except ValueError:
        raise TemplateError(f'not a valid duration string: "{raw}"') from None
    return (-ms if negative else ms) / 1000


def duration_string(ns: int) -> str:
    """Go's ``Duration.String``: ``72h3m0.5s``, ``1.5s``, ``100ms``, ``0s``."""
    if ns == 0:
        return "0s"
    sign = "-" if ns < 0 else ""
    u = abs(ns)
    if u < _NS:
        for unit, size in (("ns", 1), ("µs", 1_000), ("ms", 1_000_000)):
            if u < size * 1000:
                return sign + _fraction(u, size) + unit
    seconds = _fraction(u % (60 * _NS), _NS) + "s"
    minutes_total = u // (60 * _NS)
    if minutes_total == 0:
        return sign + seconds
    hours, minutes = divmod(minutes_total, 60)
    text = f"{minutes}m{seconds}"
    return sign + (f"{hours}h{text}" if hours else text)


def _fraction(value: int, unit: int) -> str:
    whole, rest = divmod(value, unit)
    if not rest:
        return str(whole)
    digits = len(str(unit)) - 1
    return f"{whole}." + f"{rest:0{digits}d}".rstrip("0")


_CHUNK: Final = re.compile(
    r"January|Jan|Monday|Mon|MST|2006|002|__2|_2|01|02|03|04|05|06|15|1|2|3|4|5|PM|pm"
    r"|Z07:00:00|-07:00:00|Z070000|-070000|Z07:00|-07:00|Z0700|-0700|Z07|-07"
    r"|[.,](?:0+|9+)(?![0-9])"
)


_MONTHS: Final = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
_DAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def go_format(ns: int, layout: str) -> str:
    """Go's ``Time.Format`` for a UTC time: the reference layout's parts replaced."""
    seconds, nanos = divmod(ns, _NS)
    moment = _EPOCH + datetime.timedelta(seconds=seconds)
    out: list[str] = []
    i = 0
    for m in _CHUNK.finditer(layout):
        out.append(layout[i : m.start()])
        out.append(_chunk(m.group(), moment, nanos))
        i = m.end()
    out.append(layout[i:])
    return "".join(out)


def _chunk(token: str, t: datetime.datetime, nanos: int) -> str:
    hour12 = t.hour % 12 or 12
    fixed = {
        "January": _MONTHS[t.month - 1], "Jan": _MONTHS[t.month - 1][:3],
        "Monday": _DAYS[t.weekday()], "Mon": _DAYS[t.weekday()][:3], "MST": "UTC",
        "2006": f"{t.year:04d}", "06": f"{t.year % 100:02d}",
        "01": f"{t.month:02d}", "1": str(t.month), "02": f"{t.day:02d}", "2": str(t.day),
        "_2": f"{t.day:2d}", "002": f"{t.timetuple().tm_yday:03d}",
        "__2": f"{t.timetuple().tm_yday:3d}", "15": f"{t.hour:02d}", "03": f"{hour12:02d}",
        "3": str(hour12), "04": f"{t.minute:02d}", "4": str(t.minute), "05": f"{t.second:02d}",
        "5": str(t.second), "PM": "PM" if t.hour >= 12 else "AM",
        "pm": "pm" if t.hour >= 12 else "am",
    }  # fmt: skip
    if token in fixed:
        return fixed[token]
    if token.startswith("Z"):
        return "Z"
    if token.startswith("-"):
        return "+" + token[1:].replace("07", "00")
    digits = len(token) - 1
    text = f"{nanos:09d}"[:digits]
    if token[1] == "9":
        text = text.rstrip("0")
        return token[0] + text if text else ""
    return token[0] + text
