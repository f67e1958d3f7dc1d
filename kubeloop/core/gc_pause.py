"""Pausing Python's cycle collector while a reconcile pass runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cycle collector for one pass.

    A pass over a large cluster allocates hundreds of thousands of records and makes no
    reference cycles; the collector's repeated scans of them would double the pass's
    cost. It is restored (and catches up) as soon as the pass ends.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
