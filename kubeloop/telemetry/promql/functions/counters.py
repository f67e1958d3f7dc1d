"""rate, increase, delta, irate, idelta, resets, changes, deriv, predict_linear.

The float paths of promql/functions.go (``extrapolatedRate``, ``instantValue``,
``funcResets``, ``funcChanges``, ``linearRegression``). Each function takes the window's
timestamps (ms) and values, the window ``(start, end]`` and the scalar arguments, and returns
the value or None when the series yields no output.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from itertools import pairwise

from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.functions.floatops import div
from kubeloop.telemetry.promql.functions.kahan import inc
from kubeloop.telemetry.promql.windowsum import Edges, all_bounds
from kubeloop.telemetry.series import StoredSeries


def extrapolated_rate(
    ts: list[int], vs: list[float], start: int, end: int, is_counter: bool, is_rate: bool
) -> float | None:
    n = len(ts)
    if n < 2:
        return None
    result = vs[-1] - vs[0]
    if is_counter:
        prev = vs[0]
        for v in vs[1:]:
            if v < prev:
                result += prev
            prev = v
    return extrapolate(ts[0], ts[-1], n, vs[0], result, start, end, is_counter, is_rate)


def extrapolation_factor(
    first_t: int,
    last_t: int,
    n: int,
    first_v: float,
    result: float,
    start: int,
    end: int,
    is_counter: bool,
    is_rate: bool,
) -> float:
    """How much ``extrapolatedRate`` scales the raw increase ``result`` of ``n`` samples to
    cover the window ``(start, end]`` (per second when ``is_rate``). For a histogram,
    ``first_v`` and ``result`` are counts of observations."""
    to_start = (first_t - start) / 1000
    to_end = (end - last_t) / 1000
    sampled = (last_t - first_t) / 1000
    average = sampled / (n - 1)
    threshold = average * 1.1
    if to_start >= threshold:
        to_start = average / 2
    if is_counter:
        to_zero = to_start
        if result > 0 and first_v >= 0:
            to_zero = sampled * (first_v / result)
        to_start = min(to_start, to_zero)
    if to_end >= threshold:
        to_end = average / 2
    factor = (sampled + to_start + to_end) / sampled if sampled != 0 else 1.0
    if is_rate:
        factor /= (end - start) / 1000
    return factor


def extrapolate(
    first_t: int,
    last_t: int,
    n: int,
    first_v: float,
    result: float,
    start: int,
    end: int,
    is_counter: bool,
    is_rate: bool,
) -> float:
    """``result * extrapolation_factor(…)``, the factor's arithmetic inlined (rules take
    rates of thousands of series a minute; ``tests/telemetry/test_histogram_rates.py``
    holds the two equal)."""
    to_start = (first_t - start) / 1000
    to_end = (end - last_t) / 1000
    sampled = (last_t - first_t) / 1000
    average = sampled / (n - 1)
    threshold = average * 1.1
    if to_start >= threshold:
        to_start = average / 2
    if is_counter:
        to_zero = to_start
        if result > 0 and first_v >= 0:
            to_zero = sampled * (first_v / result)
        to_start = min(to_start, to_zero)
    if to_end >= threshold:
        to_end = average / 2
    factor = (sampled + to_start + to_end) / sampled if sampled != 0 else 1.0
    if is_rate:
        factor /= (end - start) / 1000
    return result * factor


def rate(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    return extrapolated_rate(ts, vs, start, end, True, True)


def increase(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    return extrapolated_rate(ts, vs, start, end, True, False)


def delta(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    return extrapolated_rate(ts, vs, start, end, False, False)


def _instant(ts: list[int], vs: list[float], is_rate: bool) -> float | None:
    if len(ts) < 2:
        return None
    prev_t, last_t = ts[-2], ts[-1]
    prev, last = vs[-2], vs[-1]
    # After a counter reset the increase is the value after it.
    result = last if is_rate and last < prev else last - prev
    interval = last_t - prev_t
    if interval == 0:
        return None
    if is_rate:
        result /= interval / 1000
    return result


def irate(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    return _instant(ts, vs, True)


def idelta(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    return _instant(ts, vs, False)


def resets(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    if not ts:
        return None
    return float(sum(1 for a, b in pairwise(vs) if b < a))


def changes(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    if not ts:
        return None
    count = 0
    for a, b in pairwise(vs):
        if b != a and not (math.isnan(a) and math.isnan(b)):
            count += 1
    return float(count)


def linear_regression(ts: list[int], vs: list[float], intercept_t: int) -> tuple[float, float]:
    n = 0.0
    sx = cx = sy = cy = sxy = cxy = sx2 = cx2 = 0.0
    init_y = vs[0]
    const_y = True
    for i, (t, y) in enumerate(zip(ts, vs, strict=True)):
        if const_y and i > 0 and y != init_y:
            const_y = False
        n += 1.0
        x = (t - intercept_t) / 1e3
        sx, cx = inc(x, sx, cx)
        sy, cy = inc(y, sy, cy)
        sxy, cxy = inc(x * y, sxy, cxy)
        sx2, cx2 = inc(x * x, sx2, cx2)
    if const_y:
        if math.isinf(init_y):
            return math.nan, math.nan
        return 0.0, init_y
    sx += cx
    sy += cy
    sxy += cxy
    sx2 += cx2
    cov_xy = sxy - sx * sy / n
    var_x = sx2 - sx * sx / n
    slope = div(cov_xy, var_x)
    return slope, sy / n - slope * sx / n


def deriv(
    ts: list[int], vs: list[float], start: int, end: int, _: list[float], now: int
) -> float | None:
    if len(ts) < 2:
        return None
    return linear_regression(ts, vs, ts[0])[0]


def predict_linear(
    ts: list[int], vs: list[float], start: int, end: int, args: list[float], now: int
) -> float | None:
    if len(ts) < 2:
        return None
    slope, intercept = linear_regression(ts, vs, now)
    return slope * args[0] + intercept


def double_exponential_smoothing(
    ts: list[int], vs: list[float], start: int, end: int, args: list[float], now: int
) -> float | None:
    """Holt's linear smoothing (funcDoubleExponentialSmoothing)."""
    sf, tf = args
    if not 0 < sf < 1:
        raise PromQLError(f"invalid smoothing factor. Expected: 0 < sf < 1, got: {sf:f}")
    if not 0 < tf < 1:
        raise PromQLError(f"invalid trend factor. Expected: 0 < tf < 1, got: {tf:f}")
    if len(vs) < 2:
        return None
    s0, s1 = 0.0, vs[0]
    b = vs[1] - vs[0]
    for i in range(1, len(vs)):
        x = sf * vs[i]
        if i - 1 != 0:
            b = tf * (s1 - s0) + (1 - tf) * b
        y = (1 - sf) * (s1 + b)
        s0, s1 = s1, x + y
    return s1


def counter_value(
    series: StoredSeries, start: int, end: int, is_counter: bool, is_rate: bool
) -> float | None:
    """rate/increase/delta of one series over ``(start, end]``: two bisects and the running
    reset sums, instead of copying and walking every sample in the window."""
    ts = series.ts
    if not ts:
        return None
    hi = len(ts) if ts[-1] <= end else bisect_right(ts, end)  # rules usually ask "now"
    lo = bisect_right(ts, start, 0, hi)
    n = hi - lo
    if n < 2:
        return None
    resets = series.reset_sums()
    inner = resets[hi - 1]
    if series.stale_count or (is_counter and (inner != resets[lo] or inner == math.inf)):
        wts, wvs = series.window(start, end)
        return extrapolated_rate(wts, wvs, start, end, is_counter, is_rate)
    vs = series.vs
    first = vs[lo]
    return extrapolate(
        ts[lo], ts[hi - 1], n, first, vs[hi - 1] - first, start, end, is_counter, is_rate
    )


def counter_values(
    series: StoredSeries, windows: Edges, is_counter: bool, is_rate: bool
) -> list[float | None]:
    """``counter_value`` over each of ``windows`` (both edges never moving back), the
    windows' indexes found at once (``windowsum.all_bounds``) and ``extrapolate`` inlined
    (its arithmetic step for step: the same bits)."""
    los, his = all_bounds(series, windows)
    ts, vs = series.ts, series.vs
    resets = series.reset_sums() if is_counter else None
    if resets is not None and los and _no_reset(resets, los[0], his[-1]):
        resets = None  # (no window holds a reset: none needs looking at)
    stale = series.stale_count
    out: list[float | None] = []
    append = out.append
    for start, end, lo, hi in zip(*windows, los, his, strict=True):
        n = hi - lo
        if n < 2:
            append(None)
            continue
        if stale or (
            resets is not None and ((inner := resets[hi - 1]) != resets[lo] or inner == math.inf)
        ):
            append(counter_value(series, start, end, is_counter, is_rate))
            continue
        first_t, last_t, first = ts[lo], ts[hi - 1], vs[lo]
        result = vs[hi - 1] - first
        to_start = (first_t - start) / 1000
        to_end = (end - last_t) / 1000
        sampled = (last_t - first_t) / 1000
        average = sampled / (n - 1)
        threshold = average * 1.1
        if to_start >= threshold:
            to_start = average / 2
        if is_counter and result > 0 and first >= 0:
            to_zero = sampled * (first / result)
            to_start = min(to_start, to_zero)
        if to_end >= threshold:
            to_end = average / 2
        factor = (sampled + to_start + to_end) / sampled if sampled != 0 else 1.0
        if is_rate:
            factor /= (end - start) / 1000
        append(result * factor)
    return out


def _no_reset(resets: list[float], lo: int, hi: int) -> bool:
    """Whether the reset sums of the samples ``lo`` to ``hi - 1`` are one finite value: no
    window within them holds a reset (``counter_value``'s test, for all of them at once)."""
    if hi <= lo or not math.isfinite(first := resets[lo]):
        return False
    return resets[lo:hi].count(first) == hi - lo
