"""A pass pauses the cycle collector; what a large pass leaves goes to the oldest generation."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from kubeloop.core.gc_pause import PROMOTE_AFTER, gc_paused


class _Record:
    """A tracked object, as a pod record is."""

    def __init__(self) -> None:
        self.other: object = None


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.enable()
    gc.collect()
    yield
    gc.unfreeze()
    if not was_enabled:
        gc.disable()


def _generation_of(obj: object) -> int | None:
    return next((g for g in range(3) if any(o is obj for o in gc.get_objects(g))), None)


def test_the_collector_is_off_during_the_pass_and_on_after() -> None:
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with gc_paused():
        made = [_Record() for _ in range(PROMOTE_AFTER)]
    assert not gc.isenabled()  # the caller's choice stands, and nothing was moved
    assert _generation_of(made[0]) == 0 and gc.get_count()[0] >= PROMOTE_AFTER


def test_what_a_large_pass_leaves_skips_the_young_generations() -> None:
    with gc_paused():
        made = [_Record() for _ in range(PROMOTE_AFTER)]
    assert gc.get_count()[0] < 100 and _generation_of(made[-1]) == 2
    assert gc.get_freeze_count() == 0


def test_what_a_small_pass_leaves_stays_young() -> None:
    with gc_paused():
        made = [_Record() for _ in range(PROMOTE_AFTER // 10)]
    assert _generation_of(made[-1]) in (0, 1)  # a young collection finds it (once enabled)


def test_a_cycle_made_in_a_large_pass_is_still_collected() -> None:
    with gc_paused():
        made = [_Record() for _ in range(PROMOTE_AFTER)]
        made[0].other, made[1].other = made[1], made[0]
        ring = weakref.ref(made[0])
    del made
    assert ring() is not None  # a cycle: reference counting does not free it
    gc.collect()
    assert ring() is None


def test_objects_the_caller_froze_stay_frozen() -> None:
    kept = _Record()
    gc.freeze()
    frozen = gc.get_freeze_count()
    with gc_paused():
        made = [_Record() for _ in range(PROMOTE_AFTER)]
    assert gc.get_freeze_count() == frozen and _generation_of(kept) is None
    assert _generation_of(made[-1]) in (0, 1)
