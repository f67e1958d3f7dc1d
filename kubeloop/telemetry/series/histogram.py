"""A native histogram sample (model/histogram/float_histogram.go), as a plain value.

Buckets are kept as ``(index, count)`` pairs sorted by index instead of upstream's spans and
delta-free bucket slices: the same layout, without the span bookkeeping. Bucket ``i`` of an
exponential schema ``s`` has the upper bound ``2**(i * 2**-s)``; of the custom-bucket schema
(-53, NHCB) the bound ``custom_values[i]`` (``+Inf`` past the last). Every operation returns a
new histogram; none changes its inputs.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Final, Literal

CUSTOM_SCHEMA: Final = -53
Hint = Literal["unknown", "reset", "not_reset", "gauge"]
Buckets = tuple[tuple[int, float], ...]


class HistogramError(ValueError):
    """An operation upstream refuses (mixing exponential and custom-bucket schemas)."""


INCOMPATIBLE: Final = (
    "cannot apply this operation on histograms with a mix of exponential and custom bucket schemas"
)


@dataclass(frozen=True, slots=True)
class Bucket:
    """One bucket with its bounds, as a bucket iterator yields it."""

    lower: float
    upper: float
    count: float
    index: int


@dataclass(frozen=True, slots=True)
class FloatHistogram:
    schema: int = 0
    zero_threshold: float = 0.0
    zero_count: float = 0.0
    count: float = 0.0
    sum: float = 0.0
    positive: Buckets = ()
    negative: Buckets = ()
    custom_values: tuple[float, ...] = ()
    hint: Hint = "unknown"

    @property
    def custom(self) -> bool:
        return self.schema == CUSTOM_SCHEMA

    def with_hint(self, hint: Hint) -> FloatHistogram:
        return self if hint == self.hint else replace(self, hint=hint)

    def bound(self, index: int) -> float:
        """The upper bound of positive bucket ``index`` (the lower is ``bound(index - 1)``)."""
        if self.custom:
            if index >= len(self.custom_values):
                return math.inf
            return -math.inf if index < 0 else self.custom_values[index]
        return exponential_bound(index, self.schema)

    def positive_buckets(self) -> Iterator[Bucket]:
        for index, count in self.positive:
            yield Bucket(self.bound(index - 1), self.bound(index), count, index)

    def negative_buckets(self) -> Iterator[Bucket]:
        """Nearest to zero first, as upstream's negative bucket iterator."""
        for index, count in self.negative:
            yield Bucket(-self.bound(index), -self.bound(index - 1), count, index)

    def all_buckets(self) -> list[Bucket]:
        """Every bucket lowest first: negative, the zero bucket (if populated), positive;
        buckets that overlap the zero bucket are cut at its threshold
        (``AllBucketIterator``)."""
        zt = self.zero_threshold
        out = [_clip(b, zt) for b in reversed(list(self.negative_buckets()))]
        if self.zero_count > 0:
            out.append(Bucket(-zt, zt, self.zero_count, 0))
        out += [_clip(b, zt) for b in self.positive_buckets()]
        return out

    def scaled(self, factor: float) -> FloatHistogram:
        """``Mul``: every count and the sum times ``factor`` (a negative one makes a gauge)."""
        return replace(
            self,
            zero_count=self.zero_count * factor,
            count=self.count * factor,
            sum=self.sum * factor,
            positive=tuple((i, c * factor) for i, c in self.positive),
            negative=tuple((i, c * factor) for i, c in self.negative),
            hint="gauge" if factor < 0 else self.hint,
        )

    def divided(self, divisor: float) -> FloatHistogram:
        """``Div``: dividing by zero removes every bucket."""
        if divisor == 0:
            return replace(
                self,
                zero_count=_div(self.zero_count, 0.0),
                count=_div(self.count, 0.0),
                sum=_div(self.sum, 0.0),
                positive=(),
                negative=(),
            )
        return replace(
            self,
            zero_count=self.zero_count / divisor,
            count=self.count / divisor,
            sum=self.sum / divisor,
            positive=tuple((i, c / divisor) for i, c in self.positive),
            negative=tuple((i, c / divisor) for i, c in self.negative),
            hint="gauge" if divisor < 0 else self.hint,
        )

    def compact(self) -> FloatHistogram:
        """``Compact(0)``: no empty buckets (the form results are compared in)."""
        return replace(
            self,
            positive=tuple(b for b in self.positive if b[1] != 0),
            negative=tuple(b for b in self.negative if b[1] != 0),
        )


def _div(a: float, b: float) -> float:
    """Go's float division: x/0 is ±Inf, 0/0 NaN."""
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def _clip(b: Bucket, zt: float) -> Bucket:
    if 0 < b.lower < zt:
        return replace(b, lower=zt)
    if -zt < b.upper < 0:
        return replace(b, upper=-zt)
    return b


def exponential_bound(index: int, schema: int) -> float:
    """getBoundExponential: ``2**(index / 2**schema)``, with the last finite bucket ending at
    the largest float."""
    if schema < 0:
        exp = index << -schema
        if exp == 1024:
            return 1.7976931348623157e308
        if exp > 1024:
            return math.inf
        return math.ldexp(1.0, exp)
    frac_idx = index & ((1 << schema) - 1)
    frac = 2.0 ** (frac_idx / (1 << schema)) / 2
    exp = (index >> schema) + 1
    if frac == 0.5 and exp == 1025:
        return 1.7976931348623157e308
    try:
        return math.ldexp(frac, exp)
    except OverflowError:
        return math.inf


def reduce_buckets(buckets: Buckets, origin: int, target: int) -> Buckets:
    """Merge buckets of schema ``origin`` into the coarser schema ``target``."""
    if origin == target:
        return buckets
    merged: dict[int, float] = {}
    shift = origin - target
    for index, count in buckets:
        key = ((index - 1) >> shift) + 1
        merged[key] = merged.get(key, 0.0) + count
    return tuple(sorted(merged.items()))


def _reduced(h: FloatHistogram, schema: int) -> FloatHistogram:
    if h.schema == schema:
        return h
    return replace(
        h,
        schema=schema,
        positive=reduce_buckets(h.positive, h.schema, schema),
        negative=reduce_buckets(h.negative, h.schema, schema),
    )


def zero_count_for(h: FloatHistogram, larger: float) -> tuple[float, float]:
    """zeroCountForLargerThreshold: ``h``'s zero count were its threshold ``larger``, and the
    threshold actually reached (moved up to a bucket edge if ``larger`` falls in a populated
    bucket)."""
    if larger == h.zero_threshold:
        return h.zero_count, larger
    while True:
        zero = h.zero_count
        for b in h.positive_buckets():
            if b.lower >= larger:
                break
            zero += b.count
            if b.upper > larger:
                if b.count != 0:
                    larger = b.upper
                break
        restart = False
        for b in h.negative_buckets():
            if b.upper <= -larger:
                break
            zero += b.count
            if b.lower < -larger:
                if b.count != 0:
                    larger = -b.lower
                    restart = True
                break
        if not restart:
            return zero, larger


def _widen_zero(h: FloatHistogram, threshold: float) -> FloatHistogram:
    """``h`` with a larger zero bucket: the buckets it now covers are moved into it."""
    zero, threshold = zero_count_for(h, threshold)
    return replace(
        h,
        zero_threshold=threshold,
        zero_count=zero,
        positive=tuple(b for b in h.positive if h.bound(b[0] - 1) >= threshold),
        negative=tuple(b for b in h.negative if h.bound(b[0] - 1) >= threshold),
    )


def _reconcile_zero(a: FloatHistogram, b: FloatHistogram) -> tuple[FloatHistogram, float]:
    """reconcileZeroBuckets: ``a`` with a zero bucket wide enough for both, and the zero
    count ``b`` has at that width."""
    b_zero, b_threshold = b.zero_count, b.zero_threshold
    while b_threshold != a.zero_threshold:
        if a.zero_threshold > b_threshold:
            b_zero, b_threshold = zero_count_for(b, a.zero_threshold)
        if b_threshold > a.zero_threshold:
            a = _widen_zero(a, b_threshold)
    return a, b_zero


def combine_hints(a: Hint, b: Hint) -> tuple[Hint, bool]:
    """adjustCounterReset: the hint of ``a ± b``, and whether the two collided (one a reset,
    the other not)."""
    if a in (b, "gauge"):
        return a, False
    if b == "gauge":
        return "gauge", False
    if a == "unknown" or b == "unknown":
        return "unknown", False
    return "unknown", True


def _add_buckets(
    a: Buckets, b: Buckets, sign: float, skip_below: float | None, schema: int
) -> Buckets:
    merged = dict(a)
    for index, count in b:
        if skip_below is not None and exponential_bound(index, schema) <= skip_below:
            continue
        merged[index] = merged.get(index, 0.0) + sign * count
    return tuple(sorted(merged.items()))


def _intersect(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    common = set(b)
    return tuple(v for v in a if v in common)


def _map_custom(h: FloatHistogram, bounds: tuple[float, ...]) -> dict[int, float]:
    """Each bucket of ``h`` moved to the first bucket of ``bounds`` whose bound is at least
    its own (the ``+Inf`` bucket past the last)."""
    out: dict[int, float] = {}
    for index, count in h.positive:
        target = len(bounds)
        if index < len(h.custom_values):
            target = next((j for j, v in enumerate(bounds) if v >= h.custom_values[index]),
                          len(bounds))  # fmt: skip
        out[target] = out.get(target, 0.0) + count
    return out


@dataclass(frozen=True, slots=True)
class Sum:
    """A result of ``add``: the histogram, and what upstream would annotate."""

    histogram: FloatHistogram
    collision: bool = False
    """Counter reset hints collided (one said reset, the other not)."""
    reconciled: bool = False
    """Custom bucket bounds differed and were cut to those both have."""


def add(a: FloatHistogram, b: FloatHistogram, sign: float = 1.0) -> Sum:
    """``a + b`` (``sign`` -1: ``a - b``): Add and Sub of float_histogram.go. The finer
    schema is reduced to the coarser, the zero buckets widened to the wider."""
    if a.custom != b.custom:
        raise HistogramError(INCOMPATIBLE)
    hint, collision = combine_hints(a.hint, b.hint)
    count, total = a.count + sign * b.count, a.sum + sign * b.sum
    if a.custom:
        if a.custom_values == b.custom_values:
            positive = _add_buckets(a.positive, b.positive, sign, None, a.schema)
            return Sum(replace(a, count=count, sum=total, positive=positive, hint=hint),
                       collision)  # fmt: skip
        bounds = _intersect(a.custom_values, b.custom_values)
        left, right = _map_custom(a, bounds), _map_custom(b, bounds)
        for index, c in right.items():
            left[index] = left.get(index, 0.0) + sign * c
        positive = tuple(sorted((i, c) for i, c in left.items() if c != 0))
        result = replace(a, count=count, sum=total, positive=positive, custom_values=bounds,
                         hint=hint)  # fmt: skip
        return Sum(result, collision, True)
    schema = min(a.schema, b.schema)
    a, b = _reduced(a, schema), _reduced(b, schema)
    a, b_zero = _reconcile_zero(a, b)
    threshold = a.zero_threshold
    return Sum(
        replace(
            a,
            count=count,
            sum=total,
            zero_count=a.zero_count + sign * b_zero,
            positive=_add_buckets(a.positive, b.positive, sign, threshold, schema),
            negative=_add_buckets(a.negative, b.negative, sign, threshold, schema),
            hint=hint,
        ),
        collision,
    )


def detect_reset(current: FloatHistogram, previous: FloatHistogram) -> bool:
    """DetectReset: did the counter histogram reset between ``previous`` and ``current``?
    The hint decides when it is ``reset`` or ``not_reset``; otherwise any decrease (of the
    count, the zero bucket, a bucket, or of the resolution) is a reset."""
    if current.hint == "reset":
        return True
    if current.hint == "not_reset":
        return False
    if current.count < previous.count:
        return True
    if current.custom:
        if not previous.custom:
            return True
        if current.custom_values != previous.custom_values:
            bounds = _intersect(current.custom_values, previous.custom_values)
            now, before = _map_custom(current, bounds), _map_custom(previous, bounds)
            return any(now.get(i, 0.0) < c for i, c in before.items())
        return _decreased(current.positive, previous.positive)
    if previous.custom:
        return True
    if current.schema > previous.schema:
        return True
    if current.zero_threshold < previous.zero_threshold:
        return True
    before_zero, threshold = zero_count_for(previous, current.zero_threshold)
    if threshold != current.zero_threshold or current.zero_count < before_zero:
        return True
    prev = _reduced(previous, current.schema)
    skip = current.zero_threshold
    return _decreased(_above(current.positive, skip, current.schema),
                      _above(prev.positive, skip, current.schema)) or _decreased(
        _above(current.negative, skip, current.schema),
        _above(prev.negative, skip, current.schema))  # fmt: skip


def _above(buckets: Buckets, threshold: float, schema: int) -> Buckets:
    if threshold == 0:
        return buckets
    return tuple(b for b in buckets if exponential_bound(b[0], schema) > threshold)


def _decreased(now: Buckets, before: Buckets) -> bool:
    current = dict(now)
    return any(current.get(i, 0.0) < c for i, c in before if c != 0)


def is_histogram(value: object) -> bool:
    """Whether a sample value is a native histogram (else it is a float)."""
    return value.__class__ is FloatHistogram


def equals(a: FloatHistogram, b: FloatHistogram) -> bool:
    """``Equals``: the same data bit for bit (layout, counts, sum), whatever the hints."""

    def bits(x: float) -> tuple[float, bool]:
        return (0.0, True) if math.isnan(x) else (x, math.copysign(1.0, x) > 0)

    def same(p: Buckets, q: Buckets) -> bool:
        return len(p) == len(q) and all(
            i == j and bits(x) == bits(y) for (i, x), (j, y) in zip(p, q, strict=True)
        )

    return (
        a.schema == b.schema
        and bits(a.count) == bits(b.count)
        and bits(a.sum) == bits(b.sum)
        and (not a.custom or a.custom_values == b.custom_values)
        and a.zero_threshold == b.zero_threshold
        and bits(a.zero_count) == bits(b.zero_count)
        and same(a.negative, b.negative)
        and same(a.positive, b.positive)
    )
