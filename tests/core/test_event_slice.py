"""A pass's events kept as plain tuples read exactly as the Events the log gives."""

from __future__ import annotations

import pytest

from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog, EventSlice


def test_a_slice_reads_as_the_log_did_when_it_was_taken() -> None:
    clock = Clock()
    events = EventLog(clock)
    events.normal("Created", "pod/a", "made a")
    events.warning("FailedScheduling", "pod/b", "no room")
    frozen = events.frozen_since(1)
    expected = tuple(events.since(1))
    clock.advance(5)
    events.warning("FailedScheduling", "pod/b", "no room")  # a repeat folds into the event
    assert frozen == expected and len(frozen) == 1
    assert frozen[0].count == 1 and events.since(1)[0].count == 2
    assert frozen[-1] == frozen[0] == expected[0] and frozen[0:1] == expected
    assert list(frozen) == list(expected) and hash(frozen) == hash(expected)
    with pytest.raises(IndexError):
        frozen[1]
    assert events.frozen_since(2) == () and not events.frozen_since(2)


def test_a_slice_is_taken_from_a_log_not_built() -> None:
    with pytest.raises(TypeError, match="taken from an EventLog"):
        EventSlice()
