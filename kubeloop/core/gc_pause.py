"""Pausing Python's cycle collector while a reconcile pass runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

PROMOTE_AFTER = 10_000
"""Tracked objects a pass leaves behind (net of those freed) before they skip the young
generations; a young scan of fewer costs under a few milliseconds."""


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cycle collector for one pass.

    A pass over a large cluster allocates hundreds of thousands of records and makes no
    reference cycles; the collector's repeated scans of them would double the pass's
    cost. When the pass leaves at least ``PROMOTE_AFTER`` new objects (150,000 pod
    records), they are moved straight to the oldest generation (``gc.freeze()`` then
    ``gc.unfreeze()``, two list splices): a young collection would only have found them
    alive, once in each young generation. They are still scanned by every full
    collection, so a cycle among them is collected as before, only later. Nothing is
    moved while anything is frozen (the caller's frozen objects stay frozen) or while the
    collector was disabled before the pass.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if gc.get_count()[0] >= PROMOTE_AFTER and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()
