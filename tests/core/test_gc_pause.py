"""A pass pauses the cycle collector; a big pass's survivors go to the oldest generation
unscanned (into the freeze someone else holds, if anyone does), a small pass's stay young,
and nobody else's freeze is undone."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from kubeloop import Cluster, Deployment, Node
from kubeloop.core.gc_pause import gc_paused


class Record:
    """A container object the collector tracks."""

    def __init__(self, n: int) -> None:
        self.n = n


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of every collection that starts while the test runs."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.collect()
    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)


def _in_generation(obj: object) -> int | None:
    return next((g for g in range(3) if any(o is obj for o in gc.get_objects(g))), None)


def test_the_collector_does_not_run_during_a_pass(collections: list[int]) -> None:
    with gc_paused():
        assert not gc.isenabled()
        kept = [Record(n) for n in range(5_000)]
        assert collections == []
    assert gc.isenabled()
    assert len(kept) == 5_000


def test_a_big_pass_promotes_what_it_made_without_a_young_collection(
    collections: list[int],
) -> None:
    with gc_paused(big=1_000):
        kept = [Record(n) for n in range(5_000)]
    assert gc.get_count()[0] < 1_000
    assert _in_generation(kept[0]) == 2
    assert _in_generation(kept[-1]) == 2
    junk = [Record(0) for _ in range(10)]
    del junk
    assert 0 not in collections and 1 not in collections


def test_a_small_pass_leaves_its_objects_young() -> None:
    gc.collect()
    with gc_paused(big=1_000_000):
        kept = [Record(n) for n in range(500)]
    assert _in_generation(kept[0]) == 0


def test_cycles_made_in_a_big_pass_are_still_collected() -> None:
    with gc_paused(big=1_000):
        kept = [Record(n) for n in range(5_000)]
        cycle = Record(-1)
        cycle.n = cycle  # type: ignore[assignment]
    del cycle
    assert gc.collect() >= 1
    assert len(kept) == 5_000


def test_a_big_pass_joins_someone_elses_freeze_and_leaves_it_with_theirs(
    collections: list[int],
) -> None:
    gc.collect()
    theirs = [Record(n) for n in range(100)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused(big=1_000):
            kept = [Record(n) for n in range(5_000)]
        assert gc.get_freeze_count() >= frozen + 5_000  # theirs still frozen, and ours
        assert _in_generation(theirs[0]) is None and _in_generation(kept[0]) is None
        assert 0 not in collections and 1 not in collections
    finally:
        gc.unfreeze()
    assert _in_generation(kept[0]) == 2 and _in_generation(theirs[0]) == 2


def test_a_small_pass_leaves_someone_elses_freeze_alone() -> None:
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused(big=1_000_000):
            kept = [Record(n) for n in range(500)]
        assert gc.get_freeze_count() == frozen
        assert _in_generation(kept[0]) == 0
    finally:
        gc.unfreeze()


def test_a_paused_collector_stays_paused_after_a_pass() -> None:
    gc.disable()
    try:
        with gc_paused(big=1_000):
            _ = [Record(n) for n in range(5_000)]
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_converge_with_thousands_of_pods_runs_no_collection(collections: list[int]) -> None:
    cluster = Cluster(nodes=[Node(f"n{i:02d}", cpu="64", memory="256Gi") for i in range(40)])
    for d in range(300):
        cluster.apply(Deployment(f"app-{d:03d}", replicas=60, cpu="100m", memory="64Mi"))
    del collections[:]
    cluster.reconcile_until_stable()
    assert collections == []
    assert len(cluster.pods()) == 18_000
