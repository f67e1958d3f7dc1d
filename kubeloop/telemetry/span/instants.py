"""The instants of a leap (``span/leap.py``) at which some rule is not proven: those rules
evaluated in order at each, and the leap ended early where one of them would write what the
stretch did not foresee."""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from kubeloop.telemetry.rules.alerting import AlertingRule
from kubeloop.telemetry.rules.group import RuleFailure
from kubeloop.telemetry.scheduled import note_states
from kubeloop.telemetry.series import Labels, SeriesStore, StoredSeries, repeats
from kubeloop.telemetry.span.bulk import truncate
from kubeloop.telemetry.span.host import Host
from kubeloop.telemetry.span.plan import Slot

REMEMBERED: Final = 12
"""Evaluations at the end of a stretch that keep their answers for the next (a rule over
series whose increments repeat every 12 scrapes or less can be proven then)."""


def instants(
    tel: Host,
    slots: list[Slot],
    protected: set[Labels],
    written: list[tuple[StoredSeries, int]],
    seconds: range,
    hoping: set[int],
) -> int:
    """Evaluate the rules not proven at each instant, in order; returns the last instant.
    Those that may be proven soon go through their replays at the last instants, so that
    answers are kept for the next leap to prove with. A rule that reads only instant
    selectors whose series all got the same sample as one instant before gives the answer
    it gave then (``Slot.unchanged``)."""
    store = tel.store
    size = len(store)
    writers = {series.labels: position for series, position in written}
    entries = []
    for entry in tel._groups:
        mine = [s for s in slots if s.entry is entry and not s.proven]
        if mine:
            names = sorted({s.rule.name for s in mine if isinstance(s.rule, AlertingRule)})
            entries.append((entry, entry.group.context(), mine, names))
    remember = seconds[-1] - REMEMBERED * seconds.step
    step_ms = seconds.step * 1000
    last: dict[int, list[tuple[Labels, float]]] = {}
    if not entries:  # every rule answered: only retention is due at some instants
        tel.retention.tick_through(range(seconds[0] * 1000, seconds[-1] * 1000 + 1, step_ms))
    for t in seconds if entries else ():
        ts = t * 1000
        tel.retention.tick(ts)
        for entry, ctx, mine, names in entries:
            failed: list[RuleFailure] = []
            for slot in mine:
                before = last.pop(slot.position, None)
                replay = None
                if t > remember and slot.position in hoping:
                    replay = entry.replays[slot.index]
                answer: list[tuple[Labels, float]] | RuleFailure
                if replay is None and before is not None and slot.unchanged(ts, step_ms, before):
                    answer = before
                else:
                    answer = entry.group.answer(slot.index, store, ts, ctx, replay)
                if isinstance(answer, RuleFailure):
                    failed.append(answer)
                    continue
                if slot.watched is not None:
                    last[slot.position] = answer
                if len(store) != size or any(
                    store.get(labels) is None
                    or (labels in protected and not _refused(store, writers, slot, labels, v, ts))
                    for labels, v in answer
                ):
                    _stop(tel, slots, written, slot, answer, ts, failed)
                    done = (t - seconds[0]) // seconds.step
                    for proven in slots:
                        if proven.proven and proven.position < slot.position:
                            proven.settle(done + 1, ts)
                        elif proven.proven and done:
                            proven.settle(done, ts - seconds.step * 1000)
                    return t
                entry.group.write(slot.index, store, ts, answer)
            if failed:
                entry.failures = [*entry.failures, *failed][-100:]
            note_states(names, tel._by_name, tel._timelines, t)
    for slot in slots:
        if slot.proven:
            slot.settle(len(seconds), seconds[-1] * 1000)
    return seconds[-1]


def _refused(
    store: SeriesStore,
    writers: dict[Labels, int],
    slot: Slot,
    labels: Labels,
    value: float,
    ts: int,
) -> bool:
    """Whether the store refuses ``slot``'s sample ``value`` of ``labels`` at ``ts`` evaluating
    instant by instant as it does in the leap: a scrape or a rule before ``slot`` in the order
    wrote another value there at ``ts`` (two rules recording one series), so the leap need not
    stop for it."""
    series = store.get(labels)
    if series is None or writers.get(labels, slot.position) >= slot.position:
        return False
    times = series.ts
    at = bisect_left(times, ts)
    return at < len(times) and times[at] == ts and not repeats(series.vs[at], value)


def _stop(
    tel: Host,
    slots: list[Slot],
    written: list[tuple[StoredSeries, int]],
    slot: Slot,
    answer: list[tuple[Labels, float]],
    ts: int,
    failed: list[RuleFailure],
) -> None:
    """End the leap at ``ts`` before ``slot`` writes ``answer``: take back what was appended
    after what the instant has done so far, then finish the instant as the clock would."""
    for series, position in written:
        truncate(series, ts if position < slot.position else ts - 1)
    store = tel.store
    entry = slot.entry
    entry.group.write(slot.index, store, ts, answer)
    for other in tel._groups[tel._groups.index(entry) :]:
        ctx = other.group.context()
        for later in slots:
            if later.entry is other and later.position > slot.position:
                failure = other.group.eval_rule(
                    later.index, store, ts, ctx, other.replays[later.index]
                )
                if failure is not None:
                    failed.append(failure)
        if failed:
            other.failures = [*other.failures, *failed][-100:]
        failed = []
        note_states(other.alert_names, tel._by_name, tel._timelines, ts // 1000)
