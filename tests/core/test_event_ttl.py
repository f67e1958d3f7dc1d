"""Events expire ``ttl`` seconds after their last update, as kube-apiserver's --event-ttl does."""

from __future__ import annotations

from dataclasses import dataclass
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.core import Clock, EventLog
from kubeloop.core import event_expiry as events_module
from kubeloop.core.events import COMBINED, SIMILAR_LIMIT
from kubeloop.errors import InvalidSpecError


def test_an_event_is_gone_exactly_ttl_seconds_after_its_last_update() -> None:
    clock = Clock()
    journal = EventLog(clock, ttl=60)
    journal.normal("Scheduled", "pod/a", "assigned")
    clock.advance(59)
    assert [e.object for e in journal] == ["pod/a"]
    clock.advance(1)
    assert journal.snapshot() == []


def test_a_repeat_keeps_an_event_alive_from_its_own_time() -> None:
    clock = Clock()
    journal = EventLog(clock, ttl=60)
    journal.warning("FailedScheduling", "pod/a", "no room")
    clock.advance(50)
    journal.warning("FailedScheduling", "pod/a", "no room")
    clock.advance(59)
    (event,) = journal.snapshot()
    assert (event.count, event.first_time, event.time) == (2, 0, 50)
    clock.advance(1)
    assert journal.snapshot() == []


def test_a_repeat_after_expiry_starts_a_new_event_with_a_new_number() -> None:
    clock = Clock()
    journal = EventLog(clock, ttl=60)
    journal.warning("FailedScheduling", "pod/a", "no room")
    journal.warning("FailedScheduling", "pod/a", "no room")
    clock.advance(60)
    journal.warning("FailedScheduling", "pod/a", "no room")
    (event,) = journal.snapshot()
    assert (event.seq, event.count, event.first_time, event.time) == (2, 1, 60, 60)
    assert len(journal) == 2  # the latest number: the expired one still counts


def test_numbers_and_since_hold_across_expiry() -> None:
    clock = Clock()
    journal = EventLog(clock, ttl=100)
    journal.normal("Started", "pod/keep", "started")  # 1, kept alive by repeats
    for i in range(5):
        journal.normal("Scheduled", f"pod/p{i}", "assigned")  # 2..6, expire
    clock.advance(60)
    journal.normal("Started", "pod/keep", "started")
    clock.advance(40)
    journal.normal("Scheduled", "pod/late", "assigned")  # 7
    assert [(e.seq, e.object) for e in journal] == [(1, "pod/keep"), (7, "pod/late")]
    assert [e.seq for e in journal.since(0)] == [1, 7]
    assert [e.seq for e in journal.since(1)] == [7]
    assert [e.seq for e in journal.since(3)] == [7]
    assert journal.since(7) == [] and journal.frozen_since(7) == ()
    frozen = journal.frozen_since(1)
    assert [e.seq for e in frozen] == [7] and frozen[0].object == "pod/late"
    assert frozen == tuple(journal.since(1)) and frozen[-1].seq == 7


def test_compaction_keeps_numbers_and_folding() -> None:
    clock = Clock()
    journal = EventLog(clock, ttl=10)
    journal.warning("BackOff", "pod/long", "restarting")  # number 1, repeated every 5 s
    for step in range(3 * events_module.COMPACT_AFTER):
        journal.normal("Scheduled", f"pod/p{step}", "assigned")
        if step % 50 == 0:
            clock.advance(5)
            journal.warning("BackOff", "pod/long", "restarting")
    clock.advance(9)
    journal.normal("Scheduled", "pod/p5", "assigned")  # a name seen before: a new event
    live = journal.snapshot()
    assert len(journal._columns) < 2 * events_module.COMPACT_AFTER  # expired places were compacted
    assert live[0].seq == 1 and live[0].object == "pod/long" and live[0].count > 50
    assert live[-1].seq == 3 * events_module.COMPACT_AFTER + 2 == len(journal)
    assert live[-1].count == 1 and live[-1].first_time == clock.now
    journal.warning("BackOff", "pod/long", "restarting")  # still folds into number 1
    assert journal.snapshot()[0].count == live[0].count + 1
    assert [e.seq for e in journal.since(2)] == [e.seq for e in live[1:]]


def test_a_combined_event_that_expired_is_started_again() -> None:
    clock = Clock()
    journal = EventLog(clock, ttl=30)
    for i in range(SIMILAR_LIMIT + 2):
        journal.warning("FailedScheduling", "pod/a", f"message {i}")
    clock.advance(30)
    for i in range(SIMILAR_LIMIT + 2, SIMILAR_LIMIT + 4):
        journal.warning("FailedScheduling", "pod/a", f"message {i}")
    events = journal.snapshot()
    assert [e.message for e in events] == [
        f"message {SIMILAR_LIMIT + 2}",
        f"message {SIMILAR_LIMIT + 3}",
    ]


def test_compaction_moves_what_the_log_remembers_with_each_event() -> None:
    clock = Clock()
    with mock.patch.object(events_module, "COMPACT_AFTER", 2):
        journal = EventLog(clock, ttl=10)
        for i in range(4):
            journal.normal("Scheduled", f"pod/gone{i}", "assigned")  # numbers 1-4, expire
        clock.advance(5)
        journal.warning("FailedScheduling", "pod/one", "no room")  # 5: one message
        journal.warning("FailedScheduling", "pod/two", "no room")  # 6, 7: two messages
        journal.warning("FailedScheduling", "pod/two", "no cpu")
        clock.advance(5)
        journal.warning("FailedScheduling", "pod/one", "no room")  # the four expire, compacted
        assert len(journal._columns) == 3
        journal.warning("FailedScheduling", "pod/two", "no cpu")
        journal.warning("FailedScheduling", "pod/two", "no room")
    assert [(e.seq, e.object, e.message, e.count) for e in journal] == [
        (5, "pod/one", "no room", 2),
        (6, "pod/two", "no room", 2),
        (7, "pod/two", "no cpu", 2),
    ]


def test_what_the_log_remembers_is_bounded_by_what_it_shows() -> None:
    """A pod name seen once is forgotten with its event, however many pods come and go."""
    clock = Clock()
    journal = EventLog(clock, ttl=3600)
    for hour in range(30):
        journal.normal_many("Scheduled", ((f"pod/p{hour}-{i}", "assigned") for i in range(200)))
        for i in range(200):
            journal.warning("FailedScheduling", f"pod/p{hour}-{i}", "no room")
            journal.warning("FailedScheduling", f"pod/p{hour}-{i}", "no cpu")
        clock.advance(3600)
    journal.normal("Scheduled", "pod/last", "assigned")
    assert len(journal.snapshot()) == 1
    assert len(journal._seen) == 1 and len(journal._columns) < 2 * events_module.COMPACT_AFTER
    assert journal.snapshot()[0].seq == 30 * 600 + 1


def test_none_keeps_every_event_and_a_ttl_can_be_set_later() -> None:
    clock = Clock()
    journal = EventLog(clock)
    journal.normal("Scheduled", "pod/a", "assigned")
    clock.advance(10**6)
    assert journal.ttl is None and len(journal.snapshot()) == 1
    journal.expire_after(3600)
    assert journal.ttl == 3600 and journal.snapshot() == []


@pytest.mark.parametrize("ttl", [0, -5, 1.5, True, "3600", 2**63])
def test_a_ttl_must_be_a_positive_whole_number_of_seconds(ttl: object) -> None:
    with pytest.raises(InvalidSpecError, match="event TTL"):
        EventLog(Clock(), ttl=ttl)  # type: ignore[arg-type]


@dataclass
class _Expected:
    number: int
    key: tuple[str, str, str]
    message: str
    first: int
    last: int
    count: int = 1


class _Oracle:
    """Identical repeats fold; every event older than the TTL is deleted, by brute force."""

    def __init__(self, ttl: int) -> None:
        self.ttl = ttl
        self.events: list[_Expected] = []
        self.numbered = 0

    def expire(self, now: int) -> None:
        self.events = [e for e in self.events if e.last + self.ttl > now]

    def record(self, now: int, key: tuple[str, str, str], message: str) -> None:
        self.expire(now)
        for event in self.events:
            if (event.key, event.message) == (key, message):
                event.count += 1
                event.last = now
                return
        self.numbered += 1
        self.events.append(_Expected(self.numbered, key, message, now, now))


def _assigned(pod: str, node: str) -> tuple[str, str]:
    return f"pod/{pod}", f"to {node}"


_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("wait"), st.sampled_from([0, 1, 5, 9, 10, 11, 30])),
        st.tuples(
            st.just("record"),
            st.tuples(
                st.sampled_from(["Normal", "Warning"]),
                st.sampled_from(["pod/a", "pod/b", "pod/c"]),
                st.integers(0, 2),
            ),
        ),
        st.tuples(
            st.just("many"),
            st.lists(st.tuples(st.sampled_from(["pod/a", "pod/d", "pod/e"]), st.integers(0, 2))),
        ),
        st.tuples(st.just("series"), st.lists(st.sampled_from(["web-1", "web-2"]))),
        st.tuples(st.just("once"), st.integers(0, 3)),
        st.tuples(st.just("made"), st.integers(0, 3)),
        st.tuples(st.just("since"), st.integers(-1, 40)),
    ),
    max_size=60,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(_OPS)
def test_the_log_matches_a_brute_force_model_of_expiry(ops: list[tuple[str, object]]) -> None:
    """Folding, expiry, numbering, ``since`` and compaction, against a model that rescans."""
    clock = Clock()
    with mock.patch.object(events_module, "COMPACT_AFTER", 2):
        journal = EventLog(clock, ttl=10)
        oracle = _Oracle(10)
        for op, arg in ops:
            if op == "wait":
                assert isinstance(arg, int)
                clock.advance(arg)
            elif op == "record":
                type_, obj, n = arg  # type: ignore[misc]
                (journal.normal if type_ == "Normal" else journal.warning)("Reason", obj, f"m{n}")
                oracle.record(clock.now, (type_, "Reason", obj), f"m{n}")
            elif op == "many":
                assert isinstance(arg, list)
                journal.normal_many("Reason", [(obj, f"m{n}") for obj, n in arg])
                for obj, n in arg:
                    oracle.record(clock.now, ("Normal", "Reason", obj), f"m{n}")
            elif op == "series":
                assert isinstance(arg, list)
                journal.normal_series("Created", "rs/web", "Created pod: ", arg)
                for name in arg:
                    oracle.record(
                        clock.now, ("Normal", "Created", "rs/web"), f"Created pod: {name}"
                    )
            elif op == "once":  # objects named once only: fresh names every time
                assert isinstance(arg, int)
                names = [f"pod/once-{oracle.numbered}-{i}" for i in range(arg)]
                journal.normal_once("Scheduled", names, ["assigned"] * arg)
                for name in names:
                    oracle.record(clock.now, ("Normal", "Scheduled", name), "assigned")
            elif op == "made":  # the same, its text made when read
                assert isinstance(arg, int)
                pods = [f"made-{oracle.numbered}-{i}" for i in range(arg)]
                journal.normal_once_made("Scheduled", _assigned, pods, ["node-1"] * arg)
                for pod in pods:
                    oracle.record(clock.now, ("Normal", "Scheduled", f"pod/{pod}"), "to node-1")
            else:
                assert isinstance(arg, int)
                oracle.expire(clock.now)
                wanted = [e.number for e in oracle.events if e.number > arg]
                assert [e.seq for e in journal.since(arg)] == wanted
                assert [e.seq for e in journal.frozen_since(arg)] == wanted
            oracle.expire(clock.now)
            got = [
                (e.seq, (e.type, e.reason, e.object), e.message, e.first_time, e.time, e.count)
                for e in journal.snapshot()
            ]
            assert got == [
                (e.number, e.key, e.message, e.first, e.last, e.count) for e in oracle.events
            ]
            assert len(journal) == oracle.numbered


def test_folded_combined_messages_keep_their_prefix_after_compaction() -> None:
    clock = Clock()
    with mock.patch.object(events_module, "COMPACT_AFTER", 1):
        journal = EventLog(clock, ttl=5)
        for i in range(4):
            journal.normal("Scheduled", f"pod/old{i}", "assigned")
        clock.advance(5)
        journal.normal_many(
            "SuccessfulCreate", (("rs/web", f"Created pod: web-{i}") for i in range(15))
        )
    combined = journal.snapshot()[-1]
    assert combined.message == COMBINED + "Created pod: web-14" and combined.count == 6
    assert combined.seq == 4 + SIMILAR_LIMIT


def test_every_way_of_recording_starts_anew_after_expiry() -> None:
    """normal, warning, normal_many and normal_series all see the expired event gone."""
    clock = Clock()
    journal = EventLog(clock, ttl=10)
    recorders = {
        "normal": lambda: journal.normal("Pulled", "pod/a", "pulled"),
        "warning": lambda: journal.warning("BackOff", "pod/a", "restarting"),
        "normal_many": lambda: journal.normal_many("Killing", [("pod/a", "stopping")]),
        "normal_series": lambda: journal.normal_series("Created", "rs/web", "pod: ", ["web-1"]),
    }
    for name, record in recorders.items():
        record()
        clock.advance(10)
        record()
        assert [(e.count, e.first_time) for e in journal.snapshot()] == [(1, clock.now)], name
        clock.advance(10)
