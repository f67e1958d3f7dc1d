"""An in-memory, indexed time-series store on the logical clock.

Samples are ``(t_ms, value)`` pairs appended in time order per series. Selection never scans
every series: an inverted index (label name → value → series ids) answers each matcher, and a
time range is a bisect on the series' sorted timestamps.
"""

from __future__ import annotations

import math
import struct
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, cast

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.series import chunks
from kubeloop.telemetry.series.histogram import FloatHistogram, is_histogram
from kubeloop.telemetry.series.labels import Labels
from kubeloop.telemetry.series.matchers import Matcher, MatchOp
from kubeloop.telemetry.series.resets import fold

STALE_NAN: Final[float] = struct.unpack("<d", struct.pack("<Q", 0x7FF0000000000002))[0]
"""Prometheus' staleness marker: a NaN with a reserved bit pattern."""
_STALE_BITS: Final = 0x7FF0000000000002
MAX_SELECTORS_KEPT: Final = 10_000
MAX_TIMESTAMP_MS: Final = 2**62
"""Bound on timestamps (Prometheus keeps int64 milliseconds)."""
TRIM_BLOCK_MS: Final = 86_400_000
"""Retention drops expired samples from memory at most this often (a day's block)."""


def is_stale(value: float) -> bool:
    """True for the staleness marker (and only for it, not for an ordinary NaN or a
    histogram)."""
    return (
        value.__class__ is float
        and math.isnan(value)
        and struct.unpack("<Q", struct.pack("<d", value))[0] == _STALE_BITS
    )


def repeats(stored: float, value: float) -> bool:
    """Whether appending ``value`` at the time of the stored sample ``stored`` is taken as the
    same sample again (a no-op) rather than refused: equal, or both NaN, and both staleness
    markers or neither."""
    same = stored == value or (
        stored.__class__ is value.__class__ is float and math.isnan(stored) and math.isnan(value)
    )
    return same and is_stale(stored) == is_stale(value)


class SampleOrderError(InvalidSpecError):
    """A sample is older than the newest one of its series, or repeats its time with another
    value."""


@dataclass(frozen=True)
class Point:
    """One stored sample (a stale marker has ``stale`` set and ``value`` NaN)."""

    t_ms: int
    value: float

    @property
    def stale(self) -> bool:
        return is_stale(self.value)


class StoredSeries:
    """One series' samples, oldest first. The evaluator reads ``ts``/``vs`` directly."""

    __slots__ = (
        "base", "chunk_start", "copies", "expired_ms", "histograms", "labels", "phases",
        "repeating", "resets", "run_start", "spans", "stale_count", "ts", "vs",
    )  # fmt: skip

    def __init__(self, labels: Labels, compact: bool = False) -> None:
        self.labels = labels
        self.ts: list[int] = cast("list[int]", array("q")) if compact else []
        self.vs: list[float] = cast("list[float]", array("d")) if compact else []
        """``compact``: typed arrays (8 bytes a number, no object per sample) that index,
        slice, append and bisect as the lists do; ``window`` still answers lists."""
        self.resets: list[float] = cast("list[float]", array("d")) if compact else []
        """Running sum of the value before each decrease: a window's counter-reset correction
        is ``resets[last] - resets[first]`` (exact when it is zero, i.e. no reset inside).
        It may lag behind the samples: read it through ``reset_sums`` (``resets.py``)."""
        self.stale_count = 0
        self.histograms = 0
        """How many of ``vs`` are native histograms (``FloatHistogram``, in list storage);
        float-only paths read a series directly only while this is 0."""
        self.chunk_start: int | None = None
        """Where the TSDB chunk of the newest histogram began (``chunks.stored``)."""
        self.base = 0
        """How many samples retention dropped from the front: ``ts[i]`` is sample ``base + i``
        of the series (the numbering caches use, so dropping samples does not shift them)."""
        self.run_start = 0
        """The number of the first sample of the newest run of identical values (same bits:
        0.0 and -0.0 differ; NaN never repeats), so a window inside it is m copies of one
        value."""
        self.spans: dict[int, tuple[int, float, float]] = {}
        self.copies: dict[int, tuple[int, float, float]] = {}
        """Compensated sums kept between evaluations (``kubeloop.telemetry.promql.windowsum``):
        first sample → (end, sum, compensation); copies → (run, sum, compensation)."""
        self.phases: dict[tuple[bytes, int], tuple[float, float]] = {}
        """The compensated sums of windows over repeating values: (the bits of the window's
        first values for one period, its length) → (sum, compensation)."""
        self.repeating: tuple[int, int, int] | None = None
        """``(period, first, end)``: every sample numbered from ``first`` on, with a sample
        ``period`` later numbered below ``end``, has the same value (``==``) as that one
        (found by ``windowsum``, so that a later stretch checks only what it appended)."""
        self.expired_ms = -MAX_TIMESTAMP_MS - 1
        """Retention expired the samples at or before this (``expire``): ``window`` and
        ``latest`` see none of them, though some may be held until ``trim`` drops them."""

    def reset_sums(self) -> list[float]:
        """``resets``, caught up with every sample (a series holding native histograms keeps
        them up to date as it appends)."""
        resets = self.resets
        if len(resets) < len(self.vs):
            fold(self.vs, resets, len(self.vs))
        return resets

    def expire(self, before_ms: int) -> int:
        """Hide the samples at or before ``before_ms`` from ``window`` and ``latest`` without
        moving the others (retention; ``trim`` drops them later); returns how many more are
        hidden."""
        if before_ms <= self.expired_ms:
            return 0
        if not self.ts or before_ms < self.ts[0]:  # (none of them yet)
            self.expired_ms = before_ms
            return 0
        hidden = bisect_right(self.ts, self.expired_ms)
        self.expired_ms = before_ms
        return bisect_right(self.ts, before_ms) - hidden

    def trim(self, before_ms: int) -> int:
        """Drop the samples at or before ``before_ms`` (retention); returns how many."""
        self.expired_ms = max(self.expired_ms, before_ms)
        drop = bisect_right(self.ts, before_ms)
        if len(self.resets) <= drop < len(self.vs):
            fold(self.vs, self.resets, drop + 1)  # (the sums go on from the first kept)
        if drop:
            del self.ts[:drop], self.vs[:drop], self.resets[:drop]
            self.base += drop
            self.spans = {k: v for k, v in self.spans.items() if k >= self.base}
            if self.stale_count:
                self.stale_count = sum(1 for v in self.vs if is_stale(v))
            if self.histograms:
                self.histograms = sum(1 for v in self.vs if is_histogram(v))
        return drop

    def window(self, start_ms: int, end_ms: int) -> tuple[list[int], list[float]]:
        """Samples with ``start_ms < t <= end_ms`` (left-open), stale markers removed (and
        those retention expired)."""
        ts = self.ts
        lo = bisect_right(ts, max(start_ms, self.expired_ms))
        hi = bisect_right(ts, end_ms, lo)
        if lo >= hi:
            return [], []
        wts, wvs = ts[lo:hi], self.vs[lo:hi]
        if wts.__class__ is not list:  # a compact series answers lists, as the others do
            wts, wvs = list(wts), list(wvs)
        if self.stale_count:
            kept = [i for i, v in enumerate(wvs) if not is_stale(v)]
            if len(kept) != len(wvs):
                return [wts[i] for i in kept], [wvs[i] for i in kept]
        return wts, wvs

    def latest(self, end_ms: int, lookback_ms: int) -> tuple[int, float] | None:
        """The newest sample in ``(end_ms - lookback_ms, end_ms]``, None if none or stale (or
        expired)."""
        ts = self.ts
        i = len(ts) - 1 if ts and ts[-1] <= end_ms else bisect_right(ts, end_ms) - 1
        if i < 0:
            return None
        t = ts[i]
        if t <= end_ms - lookback_ms or t <= self.expired_ms:
            return None
        v = self.vs[i]
        if self.stale_count and is_stale(v):
            return None
        return t, v


class SeriesStore:
    """All series of one world, indexed by label pairs."""

    def __init__(self, compact: bool = False) -> None:
        self.compact = compact
        """Keep samples in typed arrays (``StoredSeries``): much less memory, for stores
        that hold many samples and are read only by queries (promtool unit tests)."""
        self._by_labels: dict[Labels, StoredSeries] = {}
        self.histogram_samples = 0
        """Native histogram samples ever appended: while 0, evaluation takes the float-only
        paths."""
        self._postings: dict[str, dict[str, set[int]]] = {}
        self._all: list[StoredSeries] = []
        self._cache: dict[tuple[tuple[str, str, str], ...], list[StoredSeries]] = {}
        self._held = False
        """Whether some series holds samples retention expired (``trim``)."""
        self._trimmed_ms: int | None = None
        self._by_selector: dict[int, tuple[Sequence[Matcher], list[StoredSeries]]] = {}
        """The same answers by the identity of a selector's matchers (a rule asks with the
        same tuple every evaluation): no sorting of matcher keys per query."""

    def append(self, labels: Labels, t_ms: int, value: float) -> None:
        """Add a sample (a float, or a native histogram); samples of one series must come in
        time order."""
        if value.__class__ is not float and is_histogram(value):
            self._append(labels, t_ms, value)
            return
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise InvalidSpecError(f"{labels}: sample value {value!r} is not a number")
        self._append(labels, t_ms, float(value))

    def push(self, labels: Labels, t_ms: int, value: float) -> None:
        """``append`` for the common case — a float, newer than the series' newest sample,
        neither of them NaN — without the checks that case cannot fail."""
        series = self._by_labels.get(labels)
        if (
            series is None
            or series.histograms
            or value.__class__ is not float
            or t_ms.__class__ is not int
            or not series.ts
            or not series.ts[-1] < t_ms <= MAX_TIMESTAMP_MS
            or math.isnan(value)
        ):
            self.append(labels, t_ms, value)
            return
        vs = series.vs
        last = vs[-1]
        if value != last or (
            value == 0.0 and math.copysign(1.0, value) != math.copysign(1.0, last)
        ):
            series.run_start = series.base + len(vs)
        series.ts.append(t_ms)
        vs.append(value)

    def append_histogram(self, labels: Labels, t_ms: int, value: FloatHistogram) -> None:
        """Add a native histogram sample (the series keeps its samples in lists from then)."""
        if not isinstance(value, FloatHistogram):
            raise InvalidSpecError(f"{labels}: {value!r} is not a FloatHistogram")
        self._append(labels, t_ms, cast("float", value))

    def append_stale(self, labels: Labels, t_ms: int) -> None:
        """Mark the series stale at ``t_ms`` (it disappears from instant queries from then)."""
        self._append(labels, t_ms, STALE_NAN)

    def _append(self, labels: Labels, t_ms: int, value: float) -> None:
        if not isinstance(labels, Labels):
            raise InvalidSpecError(f"series labels must be Labels, not {type(labels).__name__}")
        if not isinstance(t_ms, int) or isinstance(t_ms, bool) or abs(t_ms) > MAX_TIMESTAMP_MS:
            raise InvalidSpecError(f"{labels}: timestamp {t_ms!r} is not a bounded integer (ms)")
        series = self._by_labels.get(labels)
        if series is None:
            if not len(labels):
                raise InvalidSpecError("a series needs at least one label")
            series = self._create(labels)
        elif series.ts and t_ms <= series.ts[-1]:
            last_t, last_v = series.ts[-1], series.vs[-1]
            if t_ms == last_t and repeats(last_v, value):
                return
            what = "a different value at the same time" if t_ms == last_t else "an older sample"
            raise SampleOrderError(
                f"{labels}: {what} (t={t_ms} ms) after the sample at t={last_t} ms; "
                "samples of a series must be appended in time order"
            )
        if series.histograms or value.__class__ is not float:
            self._append_mixed(series, t_ms, value)
            return
        if series.vs:
            last = series.vs[-1]
            if value != last or math.copysign(1.0, value) != math.copysign(1.0, last):
                series.run_start = series.base + len(series.vs)
        else:
            series.run_start = series.base
        series.ts.append(t_ms)
        series.vs.append(value)
        if math.isnan(value) and is_stale(value):
            series.stale_count += 1

    def _append_mixed(self, series: StoredSeries, t_ms: int, value: float) -> None:
        """A sample of a series that holds histograms: lists, no float run or reset
        bookkeeping (the float fast paths do not read such a series): its reset sums are
        caught up first and then kept as it appends."""
        series.reset_sums()
        if series.ts.__class__ is not list:
            series.ts, series.vs = list(series.ts), list(series.vs)
            series.resets = list(series.resets)
        if isinstance(value, FloatHistogram):
            last = series.vs[-1] if series.vs else None
            value, series.chunk_start = chunks.stored(last, series.chunk_start, t_ms, value)
        series.resets.append(series.resets[-1] if series.resets else 0.0)
        series.run_start = series.base + len(series.vs)
        series.ts.append(t_ms)
        series.vs.append(value)
        if is_histogram(value):
            series.histograms += 1
            self.histogram_samples += 1
        elif is_stale(value):
            series.stale_count += 1

    def _create(self, labels: Labels) -> StoredSeries:
        series = StoredSeries(labels, self.compact)
        ident = len(self._all)
        self._all.append(series)
        self._by_labels[labels] = series
        for name, value in labels:
            self._postings.setdefault(name, {}).setdefault(value, set()).add(ident)
        self._cache.clear()
        self._by_selector.clear()
        return series

    def series(self) -> tuple[Labels, ...]:
        """Every series' labels, sorted."""
        return tuple(sorted(self._by_labels))

    def get(self, labels: Labels) -> StoredSeries | None:
        return self._by_labels.get(labels)

    def points(self, labels: Labels) -> tuple[Point, ...]:
        """A snapshot of one series' samples (empty when the series does not exist)."""
        series = self._by_labels.get(labels)
        if series is None:
            return ()
        series.trim(series.expired_ms)
        return tuple(Point(t, v) for t, v in zip(series.ts, series.vs, strict=True))

    def trim(self, before_ms: int) -> int:
        """Retention: drop every sample at or before ``before_ms``; returns how many. They go
        out of sight at once (``StoredSeries.expire``) and out of memory a block at a time
        (at most every ``TRIM_BLOCK_MS``), or when a query may read them (``settle``):
        dropping samples from the front of a series moves all the others."""
        gone = sum(series.expire(before_ms) for series in self._all)
        self._held = True
        if self._trimmed_ms is None or before_ms - self._trimmed_ms >= TRIM_BLOCK_MS:
            self.settle()
            self._trimmed_ms = before_ms
        return gone

    def settle(self) -> None:
        """Drop from memory the samples retention expired (a query that may reach back past
        the retention reads the series directly: ``promql.evaluate`` settles first)."""
        if self._held:
            for series in self._all:
                series.trim(series.expired_ms)
            self._held = False

    def clear(self) -> None:
        self._by_labels.clear()
        self._postings.clear()
        self._all.clear()
        self._cache.clear()
        self._by_selector.clear()

    def __len__(self) -> int:
        return len(self._all)

    def select(self, matchers: Sequence[Matcher]) -> list[StoredSeries]:
        """The series every matcher accepts, sorted by labels (memoized until a series is
        added)."""
        same = self._by_selector.get(id(matchers))
        if same is not None and same[0] is matchers:
            return same[1]
        key = tuple(sorted(m.key for m in matchers))
        found = self._cache.get(key)
        if found is None:
            found = sorted(
                (self._all[i] for i in self._candidates(matchers)), key=lambda s: s.labels.pairs
            )
            self._cache[key] = found
        if len(self._by_selector) >= MAX_SELECTORS_KEPT:
            self._by_selector.clear()
        self._by_selector[id(matchers)] = (matchers, found)
        return found

    def _candidates(self, matchers: Sequence[Matcher]) -> Iterable[int]:
        narrowing = [m for m in matchers if not m.matches("")]
        rest = [m for m in matchers if m.matches("")]
        if not narrowing:
            ids: set[int] = set(range(len(self._all)))
        else:
            sets = sorted((self._postings_for(m) for m in narrowing), key=len)
            ids = set(sets[0])
            for other in sets[1:]:
                ids &= other
                if not ids:
                    return ()
        if rest:
            everything = self._all
            ids = {i for i in ids if all(m.matches(everything[i].labels.get(m.name)) for m in rest)}
        return ids

    def _postings_for(self, matcher: Matcher) -> set[int]:
        values = self._postings.get(matcher.name, {})
        if matcher.op is MatchOp.EQUAL:
            return values.get(matcher.value, set())
        out: set[int] = set()
        for value, ids in values.items():
            if matcher.matches(value):
                out |= ids
        return out
