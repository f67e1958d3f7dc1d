"""Delayed ``__name__`` removal (Prometheus' ``promql-delayed-name-removal``, off by
default; promqltest's engine always runs with it).

With it, a function or operator that would drop the metric name (and the metadata labels
``__type__``/``__unit__``) only marks the sample (``DropName`` in promql/engine.go); the
labels stay until the query ends, so ``label_replace`` can still read ``__name__``,
``sum by (__name__)`` can still group by it, and a set operator still matches on
``__type__``/``__unit__``. Only then are marked samples stripped, and two samples left with
the same labels are an error.

kubeloop carries the mark in the labels' class, so it travels wherever a sample's labels
travel untouched (set operators, ``topk``, ``sort``, subqueries, ``last_over_time``): a
query run with the option reads every series as ``Kept`` labels, whose ``without_name()``
answers the same labels as ``Doomed`` instead of dropping anything. Equal labels are equal
whatever their class, so grouping, matching and caches keyed by labels see no difference.
The few places upstream sets or clears the mark outright ask this module: vector-to-vector
arithmetic drops at once and comparisons clear it (``binary.py``), ``label_replace`` and
``label_join`` into ``__name__`` clear it, an aggregation's group is marked when any member
is (``aggregate.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import copy
from typing import Any, Final

from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries
from kubeloop.telemetry.series.matchers import Matcher

METADATA: Final = ("__name__", "__type__", "__unit__")


class Kept(Labels):
    """A sample's labels in a query with delayed name removal, not marked to lose its name."""

    __slots__ = ()

    @classmethod
    def of_labels(cls, labels: Labels) -> Kept:
        return cls.from_sorted(labels.pairs)  # type: ignore[return-value]

    def without_name(self) -> Labels:
        """The same labels, marked: the name goes when the query ends."""
        return Doomed.from_sorted(self.pairs)

    def without(self, *names: str) -> Labels:
        return type(self).from_sorted(super().without(*names).pairs)

    def keep(self, *names: str) -> Labels:
        return type(self).from_sorted(super().keep(*names).pairs)

    def with_(self, mapping: Mapping[str, str] | None = None, /, **labels: str) -> Labels:
        return type(self).from_sorted(super().with_(mapping, **labels).pairs)


class Doomed(Kept):
    """Labels whose name and metadata labels go when the query ends (``DropName``)."""

    __slots__ = ()

    def without_name(self) -> Labels:
        return self


def is_delayed(labels: Labels) -> bool:
    """Whether ``labels`` belong to a query with delayed name removal."""
    return isinstance(labels, Kept)


def strip(labels: Labels) -> Labels:
    """The name and metadata labels dropped now (vector-to-vector arithmetic), unmarked."""
    if not isinstance(labels, Kept):
        return labels.without_name()
    stripped = Labels.from_sorted(tuple(p for p in labels.pairs if p[0] not in METADATA))
    return Kept.of_labels(stripped) if is_delayed(labels) else stripped


def unmarked(labels: Labels) -> Labels:
    """The labels with the mark cleared (a comparison's result, ``label_replace`` into
    ``__name__``)."""
    return Kept.of_labels(labels) if isinstance(labels, Doomed) else labels


def marked(labels: Labels, doomed: bool) -> Labels:
    """``labels`` of a delayed query, marked or not."""
    return Doomed.from_sorted(labels.pairs) if doomed else Kept.of_labels(labels)


def mark_groups(vec: Sequence[tuple[Labels, Any]], out: list[tuple[Labels, float]],
                group: Any) -> list[tuple[Labels, float]]:  # fmt: skip
    """An aggregation's groups marked when any member is (``groupedAggregation.dropName``);
    ``group`` maps a member's labels to its group's."""
    doomed = {group(labels) for labels, _ in vec if isinstance(labels, Doomed)}
    return [(marked(key, key in doomed), value) for key, value in out]


def finish(labels: Labels) -> Labels:
    """At the query's end: a marked sample's name and metadata labels dropped, every mark
    gone (``cleanupMetricLabels``)."""
    if isinstance(labels, Doomed):
        return Labels.from_sorted(tuple(p for p in labels.pairs if p[0] not in METADATA))
    if isinstance(labels, Kept):
        return Labels.from_sorted(labels.pairs)
    return labels


def finish_raw(node_type: str, raw: Any) -> Any:
    """The evaluator's result at the query's end: marks resolved, and an error when two
    samples are left with the same labels."""
    if node_type == "vector":
        out = [(finish(labels), value) for labels, value in raw]
        if len({labels for labels, _ in out}) != len(out):
            raise PromQLError("vector cannot contain metrics with the same labelset")
        return out
    if node_type == "matrix":
        return [(finish(labels), ts, vs) for labels, ts, vs in raw]
    return raw


class DelayedStore(SeriesStore):
    """A store's series as a delayed query reads them: each selected series' labels
    ``Kept``, its samples shared. Only ``select`` and ``histogram_samples`` are answered; they
    are all the evaluator asks."""

    def __init__(self, store: SeriesStore) -> None:
        self._inner = store
        self._seen: dict[int, StoredSeries] = {}
        self.histogram_samples = store.histogram_samples
        """As the store's: the evaluator reads it to choose its native-histogram paths."""

    def select(self, matchers: Sequence[Matcher]) -> list[StoredSeries]:
        return [self._kept(series) for series in self._inner.select(matchers)]

    def _kept(self, series: StoredSeries) -> StoredSeries:
        found = self._seen.get(id(series))
        if found is None:
            found = copy(series)
            found.labels = Kept.of_labels(series.labels)
            self._seen[id(series)] = found
        return found
