"""The event journal folds repeats as client-go's correlator does, so it stays bounded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.core import Clock, EventLog
from kubeloop.core.events import COMBINED, SIMILAR_LIMIT, SIMILAR_WINDOW


def test_an_identical_event_counts_instead_of_repeating() -> None:
    clock = Clock()
    journal = EventLog(clock)
    journal.warning("FailedScheduling", "pod/web-5", "0/3 nodes are available")
    clock.advance(15)
    journal.warning("FailedScheduling", "pod/web-5", "0/3 nodes are available")
    (event,) = journal.snapshot()
    assert (event.count, event.first_time, event.time) == (2, 0, 15)
    assert "(x2 since 0s)" in str(event)


def test_similar_events_fold_from_the_tenth_distinct_message() -> None:
    """events_cache.go: fewer than maxEvents (10) distinct messages stay apart."""
    clock = Clock()
    journal = EventLog(clock)
    for i in range(25):
        journal.warning("FailedScheduling", "pod/web-5", f"message {i}")
    events = journal.snapshot()
    assert len(events) == SIMILAR_LIMIT
    assert [e.message for e in events[:9]] == [f"message {i}" for i in range(9)]
    combined = events[-1]
    assert combined.message == COMBINED + "message 24"
    assert combined.count == 25 - (SIMILAR_LIMIT - 1)


def test_the_similarity_window_resets_after_ten_quiet_minutes() -> None:
    clock = Clock()
    journal = EventLog(clock)
    for i in range(SIMILAR_LIMIT):
        journal.warning("BackOff", "pod/a", f"m{i}")
    clock.advance(SIMILAR_WINDOW + 1)
    journal.warning("BackOff", "pod/a", "fresh")
    assert journal.snapshot()[-1].message == "fresh"


def test_other_objects_and_reasons_are_kept_apart() -> None:
    journal = EventLog(Clock())
    for i in range(SIMILAR_LIMIT + 5):
        journal.warning("FailedScheduling", f"pod/web-{i}", "0/3 nodes are available")
    assert len(journal) == SIMILAR_LIMIT + 5
    assert all(e.count == 1 for e in journal)


def test_a_snapshot_does_not_change_when_an_event_repeats() -> None:
    journal = EventLog(Clock())
    journal.normal("Scheduled", "pod/web-1", "assigned")
    before = journal.snapshot()
    journal.normal("Scheduled", "pod/web-1", "assigned")
    assert before[0].count == 1 and journal.snapshot()[0].count == 2


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([0, 1, 300, SIMILAR_WINDOW + 1]),
            st.lists(st.tuples(st.sampled_from(["rs/a", "rs/b"]), st.integers(0, 30)), max_size=40),
        ),
        max_size=6,
    )
)
def test_recording_many_at_once_folds_exactly_as_recording_each(
    batches: list[tuple[int, list[tuple[str, int]]]],
) -> None:
    """``normal_many``'s and ``warning_many``'s inline paths (new objects, folding into a
    combined event) leave the log as one ``normal`` or ``warning`` call per entry would."""
    clocks = [Clock(), Clock()]
    many, each = (EventLog(clock) for clock in clocks)
    for turn, (wait, entries) in enumerate(batches):
        for clock in clocks:
            clock.advance(wait)
        pairs = [(obj, f"Created pod: web-{n}") for obj, n in entries]
        if turn % 2:
            many.warning_many("FailedCreate", pairs)
            for obj, message in pairs:
                each.warning("FailedCreate", obj, message)
        else:
            many.normal_many("SuccessfulCreate", pairs)
            for obj, message in pairs:
                each.normal("SuccessfulCreate", obj, message)
    assert many.snapshot() == each.snapshot()


def test_a_second_message_after_a_quiet_window_starts_the_window_in_bulk_too() -> None:
    """An object's second message, recorded in bulk after ten quiet minutes, opens a window
    of its own: nine more distinct messages stay events of their own, as one call each."""
    clocks = [Clock(), Clock()]
    many, each = (EventLog(clock) for clock in clocks)
    for journal in (many, each):
        journal.warning("FailedScheduling", "pod/a", "m0")
    for clock in clocks:
        clock.advance(SIMILAR_WINDOW + 1)
    pairs = [("pod/a", f"m{n}") for n in range(1, 10)]
    many.warning_many("FailedScheduling", pairs)
    for obj, message in pairs:
        each.warning("FailedScheduling", obj, message)
    assert many.snapshot() == each.snapshot()
    assert not any(e.message.startswith(COMBINED) for e in many.snapshot())


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([0, 1, 300, SIMILAR_WINDOW, SIMILAR_WINDOW + 1]),
            st.sampled_from(["rs/a", "rs/b"]),
            st.lists(st.integers(0, 40), max_size=30),
        ),
        max_size=8,
    )
)
def test_a_series_folds_exactly_as_recording_each(
    batches: list[tuple[int, str, list[int]]],
) -> None:
    """``normal_series`` (which folds the rest of a series in one step once the object's
    events are combined) leaves the log as one ``normal`` call per name would."""
    _series_beside_each(batches, every_batch=False)


def test_events_recorded_once_are_appended_in_order_as_new_objects() -> None:
    clock = Clock()
    once, each = EventLog(clock), EventLog(clock)
    once.normal("Killing", "pod/a", "Stopping container")
    each.normal("Killing", "pod/a", "Stopping container")
    clock.advance(5)
    objects = [f"pod/web-{i}" for i in range(25)]
    messages = [f"Successfully assigned default/web-{i} to node-{i % 3}" for i in range(25)]
    once.normal_once("Scheduled", objects, messages)
    for obj, message in zip(objects, messages, strict=True):
        each.normal("Scheduled", obj, message)
    assert once.snapshot() == each.snapshot()
    assert [e.seq for e in once.snapshot()] == list(range(1, 27))
    assert once.frozen_since(1)[0] == each.snapshot()[1]


def _assigned(pod: str, node: str) -> tuple[str, str]:
    return f"pod/{pod}", f"Successfully assigned default/{pod} to {node}"


def test_events_made_when_read_are_the_events_recorded_one_by_one() -> None:
    clock = Clock()
    made, once, each = EventLog(clock), EventLog(clock), EventLog(clock)
    for journal in (made, once, each):
        journal.warning("FailedScheduling", "pod/web-0", "0/3 nodes are available")
    clock.advance(5)
    pods = [f"web-{i}" for i in range(25)]
    nodes = [f"node-{i % 3}" for i in range(25)]
    made.normal_once_made("Scheduled", _assigned, pods, nodes)
    texts = [_assigned(pod, node) for pod, node in zip(pods, nodes, strict=True)]
    once.normal_once("Scheduled", [obj for obj, _ in texts], [message for _, message in texts])
    for obj, message in texts:
        each.normal("Scheduled", obj, message)
    frozen = made.frozen_since(1)
    assert made.snapshot() == each.snapshot() == once.snapshot()
    assert [e.seq for e in made] == list(range(1, 27))
    assert made.snapshot()[4].message == "Successfully assigned default/web-3 to node-0"
    assert frozen == tuple(each.snapshot()[1:]) and frozen[3] == each.snapshot()[4]
    clock.advance(5)
    for journal in (made, once):  # a later pod of that name is another object: a new event
        journal.normal("Scheduled", "pod/web-3", "Successfully assigned default/web-3 to node-0")
    assert made.snapshot() == once.snapshot() and made.snapshot()[-1].seq == 27
    assert made.snapshot()[4].count == 1 and list(made.frozen_since(25)) == once.snapshot()[25:]


def test_events_need_one_detail_per_subject() -> None:
    journal = EventLog(Clock())
    with pytest.raises(ValueError, match="one detail per subject: got 2 subjects and 1"):
        journal.normal_once_made("Scheduled", _assigned, ["a", "b"], ["node-1"])
    with pytest.raises(ValueError, match="got 1 subjects and 0 details"):
        journal.normal_once("Scheduled", ["pod/a"], [])
    assert journal.snapshot() == [] and len(journal) == 0


_WAYS = st.lists(
    st.tuples(
        st.sampled_from([0, 1, SIMILAR_WINDOW + 1]),
        st.sampled_from(["made", "once", "normal", "warning", "series"]),
        st.lists(st.integers(0, 12), max_size=12),
    ),
    max_size=10,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(_WAYS)
def test_every_way_of_recording_reads_as_one_call_per_event(
    batches: list[tuple[int, str, list[int]]],
) -> None:
    """Events made when read, appended once, folded in a series or recorded one by one, in
    any mix: the log reads as one ``normal`` or ``warning`` call per event left it, and so
    does each pass's slice (pod names are fresh per batch, as a bound pod's are)."""
    clocks = [Clock(), Clock()]
    fast, each = (EventLog(clock) for clock in clocks)
    for turn, (wait, way, numbers) in enumerate(batches):
        for clock in clocks:
            clock.advance(wait)
        mark = len(fast)
        pods = [f"web-{turn}-{n}" for n in dict.fromkeys(numbers)]
        nodes = [f"node-{n % 3}" for n in range(len(pods))]
        if way == "made":
            fast.normal_once_made("Scheduled", _assigned, pods, nodes)
        elif way == "once":
            fast.normal_once("Scheduled", [f"pod/{pod}" for pod in pods], nodes)
        elif way == "series":
            fast.normal_series("SuccessfulCreate", "rs/web", "Created pod: ", pods)
        for pod, node in zip(pods, nodes, strict=True):
            if way == "made":
                each.normal("Scheduled", *_assigned(pod, node))
            elif way == "once":
                each.normal("Scheduled", f"pod/{pod}", node)
            elif way == "series":
                each.normal("SuccessfulCreate", "rs/web", f"Created pod: {pod}")
            else:  # the same object again and again: these fold
                for journal in (fast, each):
                    getattr(journal, way)("BackOff", f"pod/{node}", f"Back-off {pod[-1]}")
        assert fast.frozen_since(mark) == tuple(each.since(mark))
    assert fast.snapshot() == each.snapshot() and len(fast) == len(each)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([0, 1, SIMILAR_WINDOW, SIMILAR_WINDOW + 1]),
            st.sampled_from(["rs/a", "rs/b", "rs/c"]),
            st.lists(st.integers(0, 60), unique=True, max_size=25),
        ),
        max_size=6,
    )
)
def test_a_new_objects_series_of_distinct_names_folds_as_recording_each(
    batches: list[tuple[int, str, list[int]]],
) -> None:
    """A ReplicaSet's first series (distinct pod names, an object not yet named) is folded
    in arithmetic; what follows it must find the log as one ``normal`` call per name left it."""
    _series_beside_each(batches, every_batch=True)


def _series_beside_each(batches: list[tuple[int, str, list[int]]], *, every_batch: bool) -> None:
    """Record each batch through ``normal_series`` in one log and one ``normal`` per name in
    another; the logs must agree at the end (or after every batch)."""
    clocks = [Clock(), Clock()]
    series, each = (EventLog(clock) for clock in clocks)
    for wait, obj, numbers in batches:
        for clock in clocks:
            clock.advance(wait)
        names = [f"web-{n}" for n in numbers]
        series.normal_series("SuccessfulCreate", obj, "Created pod: ", names)
        for name in names:
            each.normal("SuccessfulCreate", obj, f"Created pod: {name}")
        if every_batch:
            assert series.snapshot() == each.snapshot()
    assert series.snapshot() == each.snapshot()
