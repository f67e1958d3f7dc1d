"""The ``*_over_time`` family (promql/functions.go, float paths)."""

from __future__ import annotations

import math

from kubeloop.telemetry.promql.functions.kahan import inc, kahan_mean, kahan_sum
from kubeloop.telemetry.promql.functions.quantiles import quantile


def avg_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    if not vs:
        return None
    return kahan_mean(vs)


def count_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return float(len(vs)) if vs else None


def present_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return 1.0 if vs else None


def absent_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return None  # handled by the evaluator: it needs the whole matrix


def last_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return vs[-1] if vs else None


def first_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return vs[0] if vs else None


def ts_of_last_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return ts[-1] / 1000 if ts else None


def ts_of_first_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return ts[0] / 1000 if ts else None


def _compare(ts: list[int], vs: list[float], better: str, want_time: bool) -> float | None:
    if not vs:
        return None
    best, best_t = vs[0], ts[0]
    for t, v in zip(ts, vs, strict=True):
        if math.isnan(best) or (
            (better == ">" and v > best) or (better == "<" and v < best)
            or (better == ">=" and v >= best) or (better == "<=" and v <= best)
        ):  # fmt: skip
            best, best_t = v, t
    return best_t / 1000 if want_time else best


def max_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return _compare(ts, vs, ">", False)


def min_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return _compare(ts, vs, "<", False)


def ts_of_max_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return _compare(ts, vs, ">=", True)


def ts_of_min_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return _compare(ts, vs, "<=", True)


def sum_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return kahan_sum(vs) if vs else None


def quantile_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return quantile(a[0], list(vs)) if vs else None


def mad_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    if not vs:
        return None
    if any(math.isnan(v) for v in vs):
        return math.nan
    median = quantile(0.5, list(vs))
    return quantile(0.5, [abs(v - median) for v in vs])


def _variance(vs: list[float]) -> float:
    count = mean = c_mean = aux = c_aux = 0.0
    for v in vs:
        count += 1
        delta = v - (mean + c_mean)
        mean, c_mean = inc(delta / count, mean, c_mean)
        aux, c_aux = inc(delta * (v - (mean + c_mean)), aux, c_aux)
    return (aux + c_aux) / count


def stdvar_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return _variance(vs) if vs else None


def stddev_over_time(
    ts: list[int], vs: list[float], s: int, e: int, a: list[float], now: int
) -> float | None:
    return math.sqrt(_variance(vs)) if vs else None
