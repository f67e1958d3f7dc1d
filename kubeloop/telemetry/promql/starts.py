"""Start timestamps: when a counter sample's count began (Prometheus' engine option
``UseStartTimestamps``, the server's ``--enable-feature=use-start-timestamps``; promqltest's
engine always has it, its files give them as ``metric@st`` lines).

A sample's start timestamp (ST) tells ``rate``, ``increase``, ``irate`` and ``resets`` over a
range selector of a reset the values cannot show (``isStartTimestampReset``), and, when the
first sample of a window started inside it, lets ``rate``/``increase`` count from a zero at
that start instead of extrapolating to the left (``extrapolatedRate``). A sample with no ST
has 0. Only a range selector passes STs on: a subquery's points have none. kubeloop's store
does not keep STs; a query is given them beside it (``evaluate(…, start_times=…)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from kubeloop.telemetry.promql.functions import counters
from kubeloop.telemetry.series import Labels

StartTimes = Mapping[Labels, Mapping[int, int]]
"""Each series' samples' start timestamps (ms), by the sample's timestamp."""
ST_FUNCTIONS: Final = frozenset({"rate", "increase", "irate", "resets"})
OVERLAP: Final = "sample has start time that overlaps with previous sample timestamp"


def overlap(metric: str) -> str:
    """The warning for a series whose starts overlap (``NewStartTimeOverlapWarning``)."""
    return f'{OVERLAP} for metric "{metric}"'


def is_reset(prev_st: int, prev_t: int, st: int, t: int) -> bool:
    """``isStartTimestampReset``: whether the count restarted between two samples."""
    if st == 0 or st >= t or st < prev_t:
        return False
    if st > prev_t:
        return True
    # st == prev_t: a delta sample restarts, a cumulative one with an unknown start does not
    if prev_st > prev_t:
        return False
    return prev_st not in (0, prev_t)


def overlaps(prev_st: int, prev_t: int, st: int) -> bool:
    """``checkStartTimeOverlap``: a start before the previous sample that is not its start."""
    return st != 0 and st < prev_t and st != prev_st


def rate(ts: list[int], vs: list[float], sts: list[int], start: int, end: int,
         is_rate: bool) -> tuple[float | None, bool]:  # fmt: skip
    """``extrapolatedRate`` for a counter with start timestamps; the value (None: no output)
    and whether two samples' starts overlap (the warning)."""
    n = len(ts)
    if n == 0:
        return None, False
    result = vs[-1] - vs[0]
    overlap = False
    for i in range(1, n):
        overlap = overlap or overlaps(sts[i - 1], ts[i - 1], sts[i])
        if vs[i] < vs[i - 1] or is_reset(sts[i - 1], ts[i - 1], sts[i], ts[i]):
            result += vs[i - 1]
    to_start = (ts[0] - start) / 1000
    to_end = (end - ts[-1]) / 1000
    sampled = (ts[-1] - ts[0]) / 1000
    average = sampled / (n - 1) if n > 1 else 0.0
    threshold = average * 1.1
    if sts[0] != 0 and start < sts[0] < ts[0]:
        to_start = 0.0
        sampled = (ts[-1] - sts[0]) / 1000
        result += vs[0]
    elif n == 1:
        return None, overlap
    else:
        if to_start >= threshold:
            to_start = average / 2
        to_zero = to_start
        if result > 0 and vs[0] >= 0:
            to_zero = sampled * (vs[0] / result)
        to_start = min(to_start, to_zero)
    if to_end >= threshold:
        to_end = average / 2
    factor = (sampled + to_start + to_end) / sampled if sampled != 0 else 1.0
    if is_rate:
        factor /= (end - start) / 1000
    return result * factor, overlap


def irate(ts: list[int], vs: list[float], sts: list[int]) -> float | None:
    """``instantValue`` for ``irate`` with start timestamps."""
    if len(ts) < 2:
        return None
    interval = ts[-1] - ts[-2]
    if interval == 0:
        return None
    reset = vs[-1] < vs[-2] or is_reset(sts[-2], ts[-2], sts[-1], ts[-1])
    result = vs[-1] if reset else vs[-1] - vs[-2]
    return result / (interval / 1000)


def resets(ts: list[int], vs: list[float], sts: list[int]) -> float | None:
    """``funcResets`` with start timestamps."""
    if not ts:
        return None
    return float(
        sum(
            1
            for i in range(1, len(ts))
            if vs[i] < vs[i - 1] or is_reset(sts[i - 1], ts[i - 1], sts[i], ts[i])
        )
    )


def evaluate_window(name: str, ts: list[int], vs: list[float], sts: list[int], start: int,
                    end: int) -> tuple[float | None, bool]:  # fmt: skip
    """One of ``ST_FUNCTIONS`` over one series' window; the value and the overlap flag."""
    if name == "irate":
        return irate(ts, vs, sts), False
    if name == "resets":
        return resets(ts, vs, sts), False
    return rate(ts, vs, sts, start, end, name == "rate")


def plain(name: str, ts: list[int], vs: list[float], start: int, end: int) -> float | None:
    """The same function for a series without start timestamps."""
    if name == "irate":
        return counters.irate(ts, vs, start, end, [], end)
    if name == "resets":
        return counters.resets(ts, vs, start, end, [], end)
    return counters.extrapolated_rate(ts, vs, start, end, True, name == "rate")
