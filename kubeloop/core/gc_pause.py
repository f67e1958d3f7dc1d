"""Pausing Python's cycle collector while a reconcile pass runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

BIG_PASS = 50_000
"""Container objects a pass must leave behind to be promoted unscanned (see ``gc_paused``)."""


@contextmanager
def gc_paused(big: int = BIG_PASS) -> Iterator[None]:
    """Pause the cycle collector for one pass.

    A pass over a large cluster allocates hundreds of thousands of records and makes no
    reference cycles; the collector's repeated scans of them would double the pass's
    cost. It is restored as soon as the pass ends. When the pass left at least ``big``
    new container objects (a scale-up's pods, ReplicaSets, events), they are moved to
    the oldest generation at once (``gc.freeze`` then ``gc.unfreeze``, two list splices)
    instead of being scanned by the young collection the next allocation would start:
    they are long-lived, and the next full collection still examines them. While someone
    else holds objects frozen (``kubeloop run`` does, until pytest returns), the new ones
    join that freeze instead (``gc.freeze`` alone), and leave it with the rest: unfreezing
    here would end the holder's freeze early. A frozen object is still freed when its last
    reference goes; only a reference cycle among them waits for the holder's unfreeze.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_count()[0] >= big:
            held = gc.get_freeze_count()
            gc.freeze()
            if not held:
                gc.unfreeze()
        if was_enabled:
            gc.enable()
