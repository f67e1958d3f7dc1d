"""Counter-reset sums, kept behind a series' samples and caught up when a reader asks.

``StoredSeries.resets[i]`` is the running sum, up to sample ``i``, of every value followed by
a smaller one: ``rate``'s reset correction over a window is ``resets[hi - 1] - resets[lo]``,
and a window holds no decrease exactly when the two are equal. Most series are never read
by a counter function, so an append leaves the sums behind and the first reader folds the
new samples in (``StoredSeries.reset_sums``). ``plain`` is the rule, one sample at a time as
every append used to keep it; ``fold`` gives the same sums in bulk. A sum that starts at
0.0 is never -0.0, so adding 0.0 where nothing dropped leaves its bits as they are.
"""

from __future__ import annotations

import math
from itertools import accumulate, pairwise
from typing import Any


def plain(vs: Any, resets: Any, end: int) -> None:
    """Extend ``resets`` to the first ``end`` samples of ``vs``, one sample at a time: the
    first sample of a series starts at 0.0, each next one adds the value before it when it
    is less than that value."""
    if not resets and end:
        resets.append(0.0)
    for i in range(len(resets), end):
        last = vs[i - 1]
        resets.append(resets[-1] + last if vs[i] < last else resets[-1])


def fold(vs: Any, resets: Any, end: int) -> None:
    """``plain``, in bulk: a stretch with no decrease repeats the last sum, any other adds
    what dropped at each sample in one pass."""
    done = len(resets)
    if done >= end:
        return
    if not done:
        resets.append(0.0)
        done = 1
        if end == 1:
            return
    window = vs[done - 1 : end]  # the last sample summed, then the new ones
    if window.__class__ is list and _rising(window):
        resets.extend([resets[-1]] * (end - done))
        return
    drops = [a if b < a else 0.0 for a, b in pairwise(window)]
    sums = accumulate(drops, initial=resets[-1])
    next(sums)
    resets.extend(sums)


def _rising(values: list[float]) -> bool:
    """Whether no value is less than the one before it. Without NaN (a NaN makes the plain
    sum NaN) floats are totally ordered, and a stable sort leaves a list that never
    decreases as it is (equal values, 0.0 and -0.0 among them, keep their order)."""
    return values[0] <= values[-1] and not math.isnan(sum(values)) and sorted(values) == values
