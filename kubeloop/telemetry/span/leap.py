"""Living through a stretch of logical time without visiting each instant for every rule.

When the clock has nothing else to run before ``horizon`` (``Clock`` ``leap``), the scrapes and
rule evaluations of up to a day of instants are done at once, with exactly the samples, alert
states, timelines and failures running them one instant at a time gives:

* every scrape of every service is computed in bulk and appended at once (``scrapes.py``);
* a rule whose answer is proven for every instant of the stretch is not evaluated: its
  answers (``Replay.proven``: kept answers over steady counters, and instant selectors that
  read series whose value is known for the whole stretch — a constant scrape like ``up``, or
  the output of such a rule earlier in the evaluation order — or that nothing can write) are
  appended at once; an alerting rule only so while its answer is empty and it keeps no alert;
* every other rule is evaluated at each instant, in order, as the clock would, reading a
  store that already holds the appended samples of the whole stretch. That is the same as
  reading them as they come because no rule can read ahead (no ``@``, no negative offset),
  and a rule evaluated at each instant reads nothing appended for a rule after it (such a
  rule is evaluated at each instant too).

Should a rule evaluated at each instant write a sample to a series that does not exist yet
(which a proven rule might select) or to a series the stretch appends to, the leap stops at
that instant: what was appended after it is taken back, and that instant's remaining rules
are evaluated as usual.
"""

from __future__ import annotations

import math
from typing import Any

from kubeloop.telemetry.promql.cached import same
from kubeloop.telemetry.rules.alerting import AlertingRule
from kubeloop.telemetry.scheduled import Scheduled
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries, is_stale
from kubeloop.telemetry.span.bulk import appendable, extend
from kubeloop.telemetry.span.columned import answer_columns, candidates
from kubeloop.telemetry.span.host import Host
from kubeloop.telemetry.span.instants import instants
from kubeloop.telemetry.span.pace import MAX_UNPROVEN, MIN_INSTANTS
from kubeloop.telemetry.span.plan import (
    Quiet,
    Slot,
    conflicts,
    hopeful,
    protected_by,
    reads_ahead,
    same_bits,
    shared_writers,
)
from kubeloop.telemetry.span.scrapes import note_scraped, scrape_values


def leap(tel: Host, now: int, horizon: int) -> int:
    """Run the telemetry's scrapes and evaluations of ``(now, horizon]`` (seconds) at once,
    or as many of them as provably can be; returns the instant reached (``now``: none)."""
    step = tel.scrape_interval
    groups = tel._groups
    pace = tel._pace
    if now < pace.resume or not tel.replay or tel.retention.keep_ms is None:
        return now
    if tel.store.histogram_samples:
        return now  # (the columns are floats: a store with native histograms goes by instants)
    if any(e.group.interval_ms != step * 1000 or e.group.spec.query_offset_ms for e in groups):
        return now
    first = (now // step + 1) * step
    count = min((horizon - first) // step + 1, pace.most(step)) if first <= horizon else 0
    if count < MIN_INSTANTS or any(
        reads_ahead(r.spec.parsed) for e in groups for r in e.group.rules
    ):
        return now
    reached, planned, hoping = _stretch(tel, now, range(first, first + count * step, step))
    pace.covered(first, reached, planned, step, hoping)
    return reached


def _stretch(tel: Host, now: int, full: range) -> tuple[int, int, bool]:
    """Leap over as much of ``full`` as can be: the instant reached (``now``: none), how many
    instants were planned, and whether a rule not proven may be soon."""
    prepared = _prepare(tel, now, full[: tel._pace.first(len(full))])
    if prepared is not None and not prepared[2] and len(full) > len(prepared[3]):
        prepared = _prepare(tel, now, full)  # nothing to look at again soon: go further
    if prepared is None:
        return now, len(full), False
    scraped, slots, hoping, seconds, quiet = prepared
    if hoping and len(seconds) > MAX_UNPROVEN:  # (proven for longer: true for less)
        seconds = seconds[:MAX_UNPROVEN]
        scraped = {labels: column[:MAX_UNPROVEN] for labels, column in scraped.items()}
    count, times = len(seconds), _milliseconds(seconds)
    store = tel.store
    protected = protected_by(scraped, slots, quiet)
    if protected is None:
        return now, count, bool(hoping)
    columns = [(labels, column, -1) for labels, column in scraped.items()]
    for slot in slots:
        columns += [(labels, col, slot.position) for labels, col in slot.columns(count).items()]
    if not all(appendable(store.get(labels), times[0]) for labels, _, _ in columns):
        return now, count, bool(hoping)
    written: list[tuple[StoredSeries, int]] = []
    for labels, column, position in columns:
        series = store.get(labels)
        assert series is not None  # appendable
        extend(series, times, column)
        written.append((series, position))
    for service, _ in tel._services.values():
        note_scraped(service, seconds[0])
    answer_columns(store, slots, times, protected, written)
    return instants(tel, slots, protected, written, seconds, hoping), count, bool(hoping)


def _prepare(
    tel: Host, now: int, seconds: range
) -> tuple[dict[Labels, list[float]], list[Slot], set[int], range, Quiet] | None:
    """The scrapes of the instants ``seconds``, every rule's slot, and the rules not proven
    that may be soon; None if the stretch cannot be leapt."""
    store = tel.store
    first_ms = seconds[0] * 1000
    scraped: dict[Labels, list[float]] = {}
    for name in sorted(tel._services):
        values = scrape_values(tel._services[name][0], seconds)
        if values is None:
            return None
        for labels, column in values.items():
            if labels in scraped or not appendable(store.get(labels), first_ms):
                return None
            scraped[labels] = column
    step = tel.scrape_interval
    tel._runs.update((s for s, _ in tel._services.values()), step, tel._scrape_since)
    times = _milliseconds(seconds)
    shared = shared_writers(
        [e.group.previous(i) for e in tel._groups for i in range(len(e.group.rules))]
    )
    demoted = set(shared)
    while True:
        loud = set(scraped).union(
            *(e.group.previous(i) for e in tel._groups for i in range(len(e.group.rules)))
        )
        quiet = Quiet(loud)
        classified = _classify(tel, now * 1000, times, scraped, demoted, quiet)
        if classified is None:
            return None
        slots, known = classified
        more = conflicts(store, slots) - demoted
        if not more:
            for slot in slots:
                slot.watch(store, known, quiet, first_ms)
            hoping = hopeful(store, slots, shared) - candidates(store, slots)
            return scraped, slots, hoping, seconds, quiet
        demoted |= more


def _classify(
    tel: Host,
    now_ms: int,
    times: list[int],
    scraped: dict[Labels, list[float]],
    demoted: set[int],
    quiet: Quiet,
) -> tuple[list[Slot], set[Labels]] | None:
    """Every rule in evaluation order, with its proven answers if it has them."""
    store = tel.store
    known = {  # (a scrape's values are whole numbers or sums of them: never NaN, never -0.0)
        labels: column[0]
        for labels, column in scraped.items()
        if column[-1] == column[0] and column.count(column[0]) == len(column)
    }
    writers: dict[Labels, int] = dict.fromkeys(scraped, -1)
    slots: list[Slot] = []
    span = range(times[0], times[-1] + 1, times[1] - times[0])
    for entry in tel._groups:
        group = entry.group
        for i in range(len(group.rules)):
            position = len(slots)
            answers = None
            if position not in demoted:
                answers = _proven(entry, i, store, now_ms, span, known, writers, quiet, times[0])
            slot = Slot(entry, i, position, answers)
            slots.append(slot)
            if answers is None:
                continue
            for labels, values in slot.outputs().items():
                if labels in writers:
                    return None  # two writers of one series: leave it to the instants
                writers[labels] = position
                if any(math.isnan(v) and is_stale(v) for v in values):
                    return None  # (a rule writes no staleness marker as a value)
                if all(same_bits(v, values[0]) for v in values):
                    known[labels] = values[0]
    return slots, set(known)


def _proven(
    entry: Scheduled,
    i: int,
    store: SeriesStore,
    now_ms: int,
    span: range,
    known: dict[Labels, float],
    writers: dict[Labels, int],
    quiet: Quiet,
    first_ms: int,
) -> list[Any] | None:
    """Rule ``i``'s answer at each class of the stretch, if proven; None otherwise."""
    rule, replay, previous = entry.group.rules[i], entry.replays[i], entry.group.previous(i)
    found = replay.proven(store, now_ms, span)
    if found is None:
        return None
    _, classes = found
    reads = []
    for matchers, offset in replay.selectors():
        if offset:
            return None
        read = []
        for series in store.select(matchers):
            if series.labels in known:
                read.append((series.labels, known[series.labels]))
            elif series.labels in writers or not quiet.silent(series, first_ms):
                return None
        reads.append(read)
    for _, values in classes:
        if not all(same(new, old) for new, old in zip(reads, values, strict=True)):
            return None
    results = [result for result, _ in classes]
    if isinstance(rule, AlertingRule):
        if any(results) or previous or rule.alerts():
            return None
        return results
    labels = [labels for labels, _ in results[0]]
    if set(labels) != previous or len(labels) != len(previous):
        return None
    if any([labels for labels, _ in result] != labels for result in results):
        return None
    return results


def _milliseconds(seconds: range) -> list[int]:
    """The instants ``seconds`` in milliseconds."""
    return list(range(seconds.start * 1000, seconds.stop * 1000, seconds.step * 1000))
