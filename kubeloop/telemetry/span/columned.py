"""The rules of a leap (``leap.py``) that are not proven but are answered for the whole
stretch at once, as columns (``columns.py``), instead of at each instant (``instants.py``).

A rule qualifies when everything it reads is written before the stretch's instants are
run — by the scrapes, by proven rules, by rules before it answered as columns too, or by
nothing — and no rule evaluated at each instant before it reads what it writes (that rule
would read its samples ahead of time). Its answers are appended like a proven rule's, so a
rule evaluated at each instant that writes what one of them reads, or a new series, stops
the leap there exactly as it does for proven rules (what they read is protected). A
recording rule must write the series it wrote last time; an alerting rule must keep no
alert and find nothing at every instant (its state cannot move).
"""

from __future__ import annotations

import math

from kubeloop.telemetry.rules.alerting import AlertingRule
from kubeloop.telemetry.rules.group import Rule
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries, is_stale
from kubeloop.telemetry.span.bulk import appendable, extend
from kubeloop.telemetry.span.columns import Columns, columns, covered
from kubeloop.telemetry.span.instants import REMEMBERED
from kubeloop.telemetry.span.plan import Slot, hopeful, queries, selectors_of, shared_writers


def candidates(store: SeriesStore, slots: list[Slot]) -> set[int]:
    """The positions of the rules not proven that may be answered as columns (if their
    values keep one shape through the stretch)."""
    return _walk(store, slots, None, set(), [])


def answer_columns(
    store: SeriesStore,
    slots: list[Slot],
    times: list[int],
    protected: set[Labels],
    written: list[tuple[StoredSeries, int]],
) -> set[int]:
    """Answer every rule that can be as columns at ``times`` (ms), in evaluation order:
    append their samples (noted in ``written``), protect what they read and write, and mark
    them proven. Returns their positions."""
    return _walk(store, slots, times, protected, written)


def _walk(
    store: SeriesStore,
    slots: list[Slot],
    times: list[int] | None,
    protected: set[Labels],
    written: list[tuple[StoredSeries, int]],
) -> set[int]:
    """The rules not proven, in order, each answered as columns or left to the instants;
    ``times`` None only tells which may be (assuming each that may be is)."""
    unproven = [slot for slot in slots if not slot.proven]
    shared = shared_writers([slot.entry.group.previous(slot.index) for slot in slots])
    hoping = hopeful(store, slots, shared) if times is not None else set()
    staying_writes: set[Labels] = set()
    staying_reads: set[Labels] = set()
    asking = False
    found: set[int] = set()
    for index, slot in enumerate(unproven):
        group = slot.entry.group
        later = set().union(*(s.entry.group.previous(s.index) for s in unproven[index:]))
        reads = _reads(store, slot)
        fits = (
            not asking
            and slot.position not in shared
            and group.options.max_samples is None
            and covered(slot.rule.spec.parsed)
            and not reads & (staying_writes | later)
            and not group.previous(slot.index) & staying_reads
        )
        if fits and times is not None:
            fits = _append(store, slot, times, written)
            if fits:
                protected |= reads | set(slot.outputs())
                if slot.position in hoping:
                    _keep(store, slot, times)
        if fits:
            found.add(slot.position)
            continue
        staying_writes |= group.previous(slot.index)
        staying_reads |= reads
        rule = slot.rule
        asking = asking or (
            isinstance(rule, AlertingRule) and rule.spec.templates is not None and queries(rule)
        )
    return found


def _reads(store: SeriesStore, slot: Slot) -> set[Labels]:
    return {
        series.labels
        for matchers in selectors_of(slot.rule.spec.parsed)
        for series in store.select(matchers)
    }


def _append(
    store: SeriesStore, slot: Slot, times: list[int], written: list[tuple[StoredSeries, int]]
) -> bool:
    """Answer ``slot`` at every instant and append its samples; False if it cannot be."""
    given = _given(store, slot, times)
    if given is None or not all(appendable(store.get(labels), times[0]) for labels in given):
        return False
    for labels, column in given.items():
        series = store.get(labels)
        assert series is not None  # appendable
        extend(series, times, column)
        written.append((series, slot.position))
    slot.given = given
    return True


def _keep(store: SeriesStore, slot: Slot, times: list[int]) -> None:
    """Hand a rule that may be proven later its answers at the stretch's last instants, as
    its evaluations there would (``instants.REMEMBERED``; only the last when no range leaf
    sets the lag: every instant is then of one class, and the last answer is the one that
    stays kept)."""
    replay = slot.entry.replays[slot.index]
    given = slot.given
    assert given is not None
    for k in range(max(0, len(times) - (REMEMBERED if replay.ranged else 1)), len(times)):
        replay.keep(store, times[k], [(labels, column[k]) for labels, column in given.items()])


def _given(store: SeriesStore, slot: Slot, times: list[int]) -> dict[Labels, list[float]] | None:
    """Each series the rule writes with its value at each of ``times``, if its values keep
    one shape and it writes what it wrote last time."""
    rule, group = slot.rule, slot.entry.group
    previous = group.previous(slot.index)
    if isinstance(rule, AlertingRule) and (previous or rule.alerts()):
        return None
    probe = columns(rule.spec.parsed, store, times[:1])  # (its whole stretch only if it fits)
    if probe is None or not _fits(rule, probe, previous, group.spec.limit):
        return None
    found = columns(rule.spec.parsed, store, times)
    if found is None or not _fits(rule, found, previous, group.spec.limit):
        return None
    if isinstance(rule, AlertingRule):
        return {}
    given = {rule.renamed(labels): column for labels, column in found}
    if any(math.isnan(sum(column)) and any(map(is_stale, column)) for column in given.values()):
        return None  # (a rule writes no staleness marker as a value)
    return given


def _fits(rule: Rule, found: Columns, previous: set[Labels], limit: int) -> bool:
    """Whether answers of these series may be appended: an alerting rule's must be empty, a
    recording rule's the series it wrote last time (the same series at every instant: one
    instant tells), within its group's limit."""
    if isinstance(rule, AlertingRule):
        return not found
    written = {rule.renamed(labels) for labels, _ in found}
    return len(written) == len(found) and written == previous and not 0 < limit < len(found)
