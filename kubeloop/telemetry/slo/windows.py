"""Multi-window, multi-burn-rate tables: which window pairs alert, at which burn rate.

Two named tables:

* ``workbook`` (also ``sloth``): the SRE Workbook's recommendation exactly as Sloth's
  ``google-30d.yaml``/``google-28d.yaml`` write it — page when 2% of the budget burns
  within 1 h (short window 5 m) or 5% within 6 h (30 m); open a ticket when 10% burns
  within 1 d (2 h) or 10% within 3 d (6 h). The factor is ``pct × P ÷ 100 ÷ long``, so
  30 days gives 14.4, 6, 3, 1 and 28 days 13.44, 5.6, 2.8, 0.933.
* ``pyrra``: Pyrra's ``slo/rules.go`` ``Windows``: fixed factors 14, 7, 2, 1 and windows
  that scale with the period (28 days: 1h/5m, 6h/30m, 1d/2h, 4d/6h), each with a
  ``for:`` (2m, 15m, 1h, 3h), rounded to the minute as Pyrra's Go code rounds them.

Each severity has a quick and a slow pair; a pair fires when the burn rate over its long
window AND over its short window both exceed its factor.
"""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry import durations
from kubeloop.telemetry.slo.budget import burn_factor

MINUTE, HOUR, DAY, WEEK, YEAR = 60, 3600, 86_400, 7 * 86_400, 365 * 86_400
MAX_DURATION = 10 * YEAR


def parse_duration(text: str) -> int:
    """A Prometheus duration (``5m``, ``1h30m``, ``30d``, ``4w``) in whole seconds."""
    try:
        ms = durations.parse_duration(text.strip())
    except durations.DurationError:
        raise InvalidSpecError(
            f'"{text}" is not a duration; write it as Prometheus does: 5m, 1h, 1h30m, 30d, 4w'
        ) from None
    if ms % 1000:
        raise InvalidSpecError(f'duration "{text}" must be whole seconds')
    if not 0 < ms // 1000 <= MAX_DURATION:
        raise InvalidSpecError(f'duration "{text}" must be above 0 and at most 10 years')
    return ms // 1000


def format_duration(seconds: int) -> str:
    """Prometheus' model.Duration.String: years and weeks only when exact (28d → 4w, 30d)."""
    return durations.format_duration(max(seconds, 0) * 1000)


@dataclass(frozen=True)
class BurnWindow:
    """One alerting pair: burn over ``long`` AND over ``short`` above ``factor``."""

    severity: str
    """"page" or "ticket"."""
    speed: str
    """"quick" or "slow" (Sloth's names for the two pairs of a severity)."""
    long: int
    short: int
    factor: float
    budget_percent: float | None = None
    """The share of the budget spent in ``long`` at ``factor`` (None when the factor is fixed)."""
    hold: int = 0
    """The alert's ``for:`` in seconds (Pyrra's tables set one; the Workbook's do not)."""

    @property
    def name(self) -> str:
        return f"{self.severity}-{self.speed}"

    @property
    def label(self) -> str:
        return f"{format_duration(self.long)}/{format_duration(self.short)}"


@dataclass(frozen=True)
class WindowTable:
    name: str
    period: int
    windows: tuple[BurnWindow, ...]

    def severity(self, severity: str) -> tuple[BurnWindow, BurnWindow]:
        """The quick and the slow pair of one severity."""
        quick = next(w for w in self.windows if w.severity == severity and w.speed == "quick")
        slow = next(w for w in self.windows if w.severity == severity and w.speed == "slow")
        return quick, slow

    def durations(self) -> list[int]:
        """Every distinct window, shortest first (the SLI recording rules Sloth writes)."""
        return sorted({d for w in self.windows for d in (w.long, w.short)})


_WORKBOOK = (
    ("page", "quick", 2.0, HOUR, 5 * MINUTE),
    ("page", "slow", 5.0, 6 * HOUR, 30 * MINUTE),
    ("ticket", "quick", 10.0, DAY, 2 * HOUR),
    ("ticket", "slow", 10.0, 3 * DAY, 6 * HOUR),
)


def workbook(period: int) -> WindowTable:
    """The Workbook/Sloth table for any period (Sloth itself ships 28 and 30 days)."""
    windows = tuple(
        BurnWindow(sev, speed, long, short, burn_factor(pct, period, long), pct)
        for sev, speed, pct, long, short in _WORKBOOK
    )
    return _checked(WindowTable("workbook", period, windows))


def _go_round_minute(nanoseconds: int) -> int:
    """Go's Duration.Round(time.Minute) (halves away from zero), in seconds."""
    minute = 60 * 10**9
    quotient, remainder = divmod(nanoseconds, minute)
    return (quotient + (1 if remainder * 2 >= minute else 0)) * 60


def pyrra(period: int) -> WindowTable:
    """Pyrra's table, scaled from its 28-day shape with Go's integer Duration arithmetic."""
    ns = period * 10**9
    rows = (
        ("page", "quick", 14.0, 28 * 24, 28 * 24 * 12, 28 * 24 * 30),
        ("page", "slow", 7.0, 28 * 4, 28 * 24 * 2, 28 * 24 * 4),
        ("ticket", "quick", 2.0, 28, 28 * 12, 28 * 24),
        ("ticket", "slow", 1.0, 7, 28 * 4, 28 * 8),
    )
    windows = tuple(
        BurnWindow(
            sev,
            speed,
            _go_round_minute(ns // long_div),
            _go_round_minute(ns // short_div),
            factor,
            hold=_go_round_minute(ns // for_div),
        )
        for sev, speed, factor, long_div, short_div, for_div in rows
    )
    return _checked(WindowTable("pyrra", period, windows))


TABLES = {"workbook": workbook, "sloth": workbook, "pyrra": pyrra}


def table(name: str, period: int) -> WindowTable:
    """A named table for an SLO period; an unknown name lists the known ones."""
    build = TABLES.get(name)
    if build is None:
        known = ", ".join(sorted(TABLES))
        raise InvalidSpecError(f'no burn-rate window table "{name}"; known: {known}')
    return build(period)


def _checked(result: WindowTable) -> WindowTable:
    """Pyrra's issue 1028: a short period rounds windows to 0s. Refuse instead."""
    for window in result.windows:
        if window.short <= 0 or window.long <= window.short:
            raise InvalidSpecError(
                f"the {result.name} table for a {format_duration(result.period)} SLO gives the "
                f"{window.name} pair windows {format_duration(window.long)}/"
                f"{format_duration(window.short)}; a long window must be longer than a "
                "non-zero short one (use a longer SLO period)"
            )
        if window.long > result.period:
            raise InvalidSpecError(
                f"the {window.name} pair's long window {format_duration(window.long)} is longer "
                f"than the SLO period {format_duration(result.period)}"
            )
    return result
