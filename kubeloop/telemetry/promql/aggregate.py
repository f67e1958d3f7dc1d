"""Aggregation operators (promql/engine.go ``aggregation``/``aggregationK``), float samples.

Groups are keyed as ``generateGroupingKey`` does: ``by`` keeps only the listed labels,
``without`` drops them and the metric name.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from kubeloop.telemetry.promql.delayed import is_delayed, mark_groups
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.functions.kahan import inc, kahan_mean
from kubeloop.telemetry.promql.functions.labelfuncs import valid_utf8
from kubeloop.telemetry.promql.functions.quantiles import quantile
from kubeloop.telemetry.promql.labelhash import label_hash
from kubeloop.telemetry.promql.values import format_value
from kubeloop.telemetry.series import METRIC_NAME, Labels, quote

Vec = list[tuple[Labels, float]]
_MAX_INT64: Final = 9.223372036854775807e18


_GROUP_CACHE: dict[tuple[tuple[str, ...], bool], dict[Labels, Labels]] = {}
_GROUP_CACHE_LIMIT: Final = 200_000


def group_labels(labels: Labels, grouping: tuple[str, ...], without: bool) -> Labels:
    """The group a sample falls in (memoized: rules ask the same question every minute; a
    delayed query's labels are not, so their class, ``delayed.Kept``, stays theirs)."""
    if labels.__class__ is not Labels:
        return labels.without(METRIC_NAME, *grouping) if without else labels.keep(*grouping)
    cache = _GROUP_CACHE.setdefault((grouping, without), {})
    hit = cache.get(labels)
    if hit is None:
        if len(cache) > _GROUP_CACHE_LIMIT:
            cache.clear()
        hit = labels.without(METRIC_NAME, *grouping) if without else labels.keep(*grouping)
        hit = cache.setdefault(hit, hit)  # one object per group: dict lookups hit by identity
        cache[labels] = hit
    return hit


def aggregate(
    op: str, vec: Vec, param: float | str | None, grouping: tuple[str, ...], without: bool
) -> Vec:
    if op in ("topk", "bottomk"):
        assert isinstance(param, float)
        return _top_bottom(op == "topk", vec, param, grouping, without)
    if op == "limitk":
        assert isinstance(param, float)
        return _limitk(vec, param, grouping, without)
    if op == "limit_ratio":
        assert isinstance(param, float)
        return _limit_ratio(vec, param)
    if op == "count_values":
        assert isinstance(param, str)
        return count_values(vec, param, grouping, without)
    groups: dict[Labels, list[float]] = {}
    for labels, value in vec:
        groups.setdefault(group_labels(labels, grouping, without), []).append(value)
    if op == "quantile":
        assert isinstance(param, float)
        out = [(key, quantile(param, values)) for key, values in groups.items()]
    else:
        reducer: Callable[[list[float]], float] = REDUCERS[op]
        out = [(key, reducer(values)) for key, values in groups.items()]
    if vec and is_delayed(vec[0][0]):
        return mark_groups(vec, out, lambda labels: group_labels(labels, grouping, without))
    return out


def _limit_ratio(vec: Vec, ratio: float) -> Vec:
    """Each series kept or not by where its label hash falls (``ratiosampler``): below
    ``ratio`` for a positive one, at or above ``1 + ratio`` for a negative one, so ``r`` and
    ``r - 1`` keep complementary sets. The ratio is capped to [-1, 1]; NaN is an error."""
    if math.isnan(ratio):
        raise PromQLError("Ratio value is NaN")
    if ratio == 0:
        return []
    r = max(-1.0, min(1.0, ratio))
    out: Vec = []
    for labels, value in vec:
        offset = float(label_hash(labels)) / float(2**64 - 1)
        if (r >= 0 and offset < r) or (r < 0 and offset >= 1.0 + r):
            out.append((labels, value))
    return out


def _sum(values: list[float]) -> float:
    total, comp = values[0], 0.0
    for v in values[1:]:
        total, comp = inc(v, total, comp)
    return total if math.isinf(total) else total + comp


def _avg(values: list[float]) -> float:
    return kahan_mean(values)


def _extreme(values: list[float], is_max: bool) -> float:
    best = values[0]
    for v in values[1:]:
        if math.isnan(best) or (v > best if is_max else v < best):
            best = v
    return best


def _variance(values: list[float]) -> float:
    first = values[0]
    if math.isnan(first) or math.isinf(first):
        total, mean = math.nan, first
    else:
        total, mean = 0.0, first
    count = 1.0
    for v in values[1:]:
        count += 1
        delta = v - mean
        mean += delta / count
        total += delta * (v - mean)
    return total / count


REDUCERS: Final[dict[str, Callable[[list[float]], float]]] = {
    "sum": _sum,
    "avg": _avg,
    "count": lambda values: float(len(values)),
    "group": lambda values: 1.0,
    "min": lambda values: _extreme(values, False),
    "max": lambda values: _extreme(values, True),
    "stdvar": _variance,
    "stddev": lambda values: math.sqrt(_variance(values)),
}


def _less(a: float, b: float, top: bool) -> bool:
    """vectorByValueHeap (top) / vectorByReverseValueHeap (bottom) ordering: NaN first."""
    if math.isnan(a):
        return True
    return a < b if top else a > b


def _check_k(k_param: float) -> None:
    if math.isnan(k_param):
        raise PromQLError("Parameter value is NaN")
    if k_param >= _MAX_INT64:
        raise PromQLError(f"Scalar value {format_value(k_param)} overflows int64")


def _limitk(vec: Vec, k_param: float, grouping: tuple[str, ...], without: bool) -> Vec:
    """The first k samples of each group, in input order (labels kept, name included)."""
    if k_param < 1:
        return []
    _check_k(k_param)
    k = int(k_param)
    taken: dict[Labels, int] = {}
    out: Vec = []
    for labels, value in vec:
        key = group_labels(labels, grouping, without)
        if taken.get(key, 0) < k:
            taken[key] = taken.get(key, 0) + 1
            out.append((labels, value))
    return out


def _top_bottom(top: bool, vec: Vec, k_param: float, grouping: tuple[str, ...],
                without: bool) -> Vec:  # fmt: skip
    if k_param < 1:
        return []
    _check_k(k_param)
    k = min(int(k_param), len(vec))
    heaps: dict[Labels, list[tuple[Labels, float]]] = {}
    for labels, value in vec:
        heap = heaps.setdefault(group_labels(labels, grouping, without), [])
        if len(heap) < k:
            heap.append((labels, value))
            _up(heap, len(heap) - 1, top)
            continue
        head = heap[0][1]
        better = head < value if top else head > value
        if better or (math.isnan(head) and not math.isnan(value)):
            heap[0] = (labels, value)
            _down(heap, 0, top)
    out: Vec = []
    for heap in heaps.values():  # each group best first, NaN last, as Prometheus returns them
        numbers = [s for s in heap if not math.isnan(s[1])]
        numbers.sort(key=lambda s: s[1], reverse=top)
        out.extend(numbers + [s for s in heap if math.isnan(s[1])])
    return out


def _up(heap: list[tuple[Labels, float]], j: int, top: bool) -> None:
    while j > 0:
        i = (j - 1) // 2
        if not _less(heap[j][1], heap[i][1], top):
            break
        heap[i], heap[j] = heap[j], heap[i]
        j = i


def _down(heap: list[tuple[Labels, float]], i: int, top: bool) -> None:
    n = len(heap)
    while True:
        j = 2 * i + 1
        if j >= n:
            return
        if j + 1 < n and _less(heap[j + 1][1], heap[j][1], top):
            j += 1
        if not _less(heap[j][1], heap[i][1], top):
            return
        heap[i], heap[j] = heap[j], heap[i]
        i = j


def format_float_f(value: float) -> str:
    """strconv.FormatFloat(v, 'f', -1, 64): shortest digits, never an exponent."""
    if math.isnan(value) or math.isinf(value):
        return format_value(value)
    text = format(Decimal(repr(value)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" and value == 0 and math.copysign(1, value) > 0 else text


def count_values(
    vec: Vec,
    label: str,
    grouping: tuple[str, ...],
    without: bool,
    shown: Callable[[float], str] = format_float_f,
) -> Vec:
    """How many samples have each value (``shown``: the value as its label)."""
    if not label or "\x00" in label or not valid_utf8(label):
        raise PromQLError(f"invalid label name {quote(label[:100])}")
    counts: dict[Labels, float] = {}
    for labels, value in vec:
        base = labels.with_({label: shown(value)})
        key = group_labels(base, grouping if without else (*grouping, label), without)
        if without:
            key = key.with_({label: shown(value)})
        counts[key] = counts.get(key, 0.0) + 1.0
    return list(counts.items())
