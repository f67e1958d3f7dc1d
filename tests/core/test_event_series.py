"""``normal_series_many`` records as one ``normal`` call per name, series after series.

What the actuator records for a pass whose ReplicaSets each create their pods: one
series per ReplicaSet, in order, objects new or already named, names distinct or not,
with and without a TTL expiring what came before. The oracle is the plainest call there
is, one ``normal`` per event.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.core import Clock, EventLog
from kubeloop.core.events import SIMILAR_LIMIT, SIMILAR_WINDOW

_PASSES = st.lists(
    st.tuples(
        st.sampled_from([0, 1, 30, SIMILAR_WINDOW + 1]),
        st.lists(
            st.tuples(
                st.sampled_from(["rs/a", "rs/b", "rs/c"]),
                st.one_of(  # a ReplicaSet's new pods have distinct names; the rest may not
                    st.lists(st.integers(0, 30), unique=True, max_size=2 * SIMILAR_LIMIT + 3),
                    st.lists(st.integers(0, 30), max_size=2 * SIMILAR_LIMIT + 3),
                ),
            ),
            max_size=4,
        ),
    ),
    max_size=6,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(_PASSES, st.sampled_from([None, 30, 700]))
def test_series_of_many_objects_read_as_one_call_per_event(
    passes: list[tuple[int, list[tuple[str, list[int]]]]], ttl: int | None
) -> None:
    clocks = [Clock(), Clock()]
    many, each = (EventLog(clock, ttl) for clock in clocks)
    for wait, series in passes:
        for clock in clocks:
            clock.advance(wait)
        mark = len(many)
        named = [(obj, [f"web-{n}" for n in numbers]) for obj, numbers in series]
        many.normal_series_many("SuccessfulCreate", "Created pod: ", named)
        for obj, names in named:
            for name in names:
                each.normal("SuccessfulCreate", obj, f"Created pod: {name}")
        assert many.frozen_since(mark) == tuple(each.since(mark))
        assert many.snapshot() == each.snapshot() and len(many) == len(each)


def test_a_new_replicasets_series_of_twelve_is_nine_events_and_one_combined() -> None:
    """The correlator's fold spelled out: nine messages of their own, then the tenth opens
    the combined event, which the eleventh and twelfth count into."""
    journal = EventLog(Clock())
    journal.normal_series_many(
        "SuccessfulCreate", "Created pod: ", [("rs/web", [f"web-{i}" for i in range(1, 13)])]
    )
    events = journal.snapshot()
    assert [e.message for e in events] == [f"Created pod: web-{i}" for i in range(1, 10)] + [
        "(combined from similar events): Created pod: web-12"
    ]
    assert [e.count for e in events] == [1] * 9 + [3]
    assert [e.seq for e in events] == list(range(1, 11))
