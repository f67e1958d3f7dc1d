"""Classic histograms as native histograms with custom buckets (util/convertnhcb): the
``_bucket``/``_count``/``_sum`` samples of one timestamp become one histogram of schema -53,
its bounds the ``le`` values below ``+Inf``. promqltest's ``load_with_nhcb`` loads both."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

from kubeloop.telemetry.series import METRIC_NAME, Labels
from kubeloop.telemetry.series.histogram import CUSTOM_SCHEMA, FloatHistogram


class ConversionError(ValueError):
    """The classic buckets do not make a histogram (not cumulative, count mismatch…)."""


def base_name(name: str) -> tuple[str, str]:
    """``(suffix, name without it)``: suffix ``bucket``, ``count``, ``sum`` or ``""``."""
    for suffix in ("bucket", "count", "sum"):
        if name.endswith("_" + suffix):
            return suffix, name[: -len(suffix) - 1]
    return "", name


@dataclass
class Collected:
    """One histogram's parts, as they are found (``TempHistogram``)."""

    buckets: dict[float, float] = field(default_factory=dict)
    count: float | None = None
    total: float = 0.0

    def bucket(self, le: float, count: float) -> None:
        if le in self.buckets:
            return
        if count < 0:
            raise ConversionError(f"negative bucket count: le={le:g}, count={count:g}")
        self.buckets[le] = count

    def convert(self) -> FloatHistogram:
        ordered = sorted(self.buckets.items())
        for (_, lower), (le, upper) in pairwise(ordered):
            if upper < lower:
                raise ConversionError(f"count is not cumulative: {upper:g} < {lower:g} (le={le:g})")
        count = self.count
        if count is None:
            count = ordered[-1][1] if ordered else 0.0
        if not ordered or ordered[-1][0] != math.inf:
            ordered.append((math.inf, count))
        if count != ordered[-1][1]:
            raise ConversionError(
                f"count mismatch: count={count:g} != le=+Inf count={ordered[-1][1]:g}"
            )
        buckets, previous = [], 0.0
        for index, (_, cumulative) in enumerate(ordered):
            if cumulative - previous != 0:
                buckets.append((index, cumulative - previous))
            previous = cumulative
        return FloatHistogram(
            schema=CUSTOM_SCHEMA,
            count=count,
            sum=self.total,
            positive=tuple(buckets),
            custom_values=tuple(le for le, _ in ordered[:-1]),
        )


def collect(
    series: dict[Labels, list[tuple[int, float]]],
) -> dict[Labels, dict[int, FloatHistogram]]:
    """The native histograms the classic series make, by series and timestamp."""
    found: dict[Labels, dict[int, Collected]] = {}
    for labels, points in series.items():
        suffix, name = base_name(labels.get(METRIC_NAME))
        if not suffix:
            continue
        le = math.nan
        if suffix == "bucket":
            try:
                le = float(labels.get("le"))
            except ValueError:
                continue
            if math.isnan(le):
                continue
        target = found.setdefault(labels.without("le").with_({METRIC_NAME: name}), {})
        for t, value in points:
            part = target.setdefault(t, Collected())
            if suffix == "bucket":
                part.bucket(le, value)
            elif suffix == "count":
                part.count = value
            else:
                part.total = value
    return {
        labels: {t: part.convert() for t, part in sorted(parts.items())}
        for labels, parts in found.items()
    }
