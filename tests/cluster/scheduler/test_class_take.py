"""``NodeClasses.take`` (pop a few members off the class's heap, then sort it and cut the
rest off its front) moves exactly the members a sorted list of the class says: its first by
name, before the bound, never its last — through members that left and came back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.scheduler.node_classes import NodeClasses

SIZE = 300


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(
    moves=st.lists(st.tuples(st.integers(0, SIZE - 1), st.integers(0, 2)), max_size=120),
    takes=st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, SIZE), st.none() | st.integers(0, SIZE)),
        min_size=1,
        max_size=6,
    ),
)
def test_take_moves_the_first_members_a_sorted_list_names(
    moves: list[tuple[int, int]], takes: list[tuple[int, int, int | None]]
) -> None:
    records = [NodeRecord(f"n-{i:03d}", 4000, 8 << 30, 10, {}, []) for i in reversed(range(SIZE))]
    classes = NodeClasses(records)
    numbers = [classes.number(("class", k)) for k in range(3)]
    for record in records:  # every node into class 0, 1 or 2 by its name, then moves
        classes.join(record, numbers[int(record.name[2:]) % 3])
    for i, k in moves:
        classes.join(records[i], numbers[k])
    for old, limit, bound in takes:
        number, new = numbers[old], numbers[(old + 1) % 3]
        members = sorted(n for n, c in classes.class_of.items() if c == number)
        if len(members) < 2 or new not in classes.sizes:
            continue
        before = None if bound is None else f"n-{bound:03d}"
        expected = [n for n in members if before is None or n < before]
        expected = expected[: min(limit, len(members) - 1)]
        taken = classes.take(number, new, limit, before)
        assert [n.name for n in taken] == expected
        assert all(classes.class_of[n] == new for n in expected)
        assert classes.sizes[number] == len(members) - len(expected)
        assert classes.first(number) == members[len(expected)]
        now = sorted(n for n, c in classes.class_of.items() if c == new)
        assert classes.sizes[new] == len(now) and classes.first(new) == now[0]
