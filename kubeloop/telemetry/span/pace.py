"""How far a leap (``leap.py``) plans, from how the last ones went.

Planning a stretch costs in proportion to its instants, whether or not the leap then covers
them. A leap that ends early (a rule evaluated at each instant wrote what the stretch did
not foresee) or is declined after its plan wasted part of it, so the next one plans no more
than twice what the last one covered; and after a leap that got no further than its first
instant, the next instants go one at a time (1, 2, 4, … up to ``MAX_HOLD`` of them) before a
leap is tried again. A leap that covers its whole plan lets the next plan twice as far, and
when it had no rule that might be proven later (nothing to look at again soon), the next
plans its whole stretch at once instead of its first instants and then the rest.

Only where time is cut into stretches changes: every cut gives the same samples, alert
states and timelines (that is what a leap proves), so this is a matter of cost alone.
"""

from __future__ import annotations

from typing import Final

MAX_SPAN: Final = 86_400
"""A stretch covers at most a day of logical time (seconds): planning a stretch has a cost of
its own, so at short scrape intervals a stretch of a day's instants pays it less often."""
MAX_INSTANTS: Final = 5760
"""At most this many instants at once (a day at 15 s): memory stays bounded."""
MIN_INSTANTS: Final = 3
MAX_UNPROVEN: Final = 60
"""At most this many while a rule that may be proven later is not yet."""
MAX_HOLD: Final = 64
"""The most instants let pass one at a time after a leap that covered nothing."""


class Pace:
    """One telemetry's leaps so far: how far the next may plan, and from when."""

    def __init__(self) -> None:
        self.limit = MAX_INSTANTS
        """The most instants the next leap plans."""
        self.resume = 0
        """No leap is tried before this instant (seconds)."""
        self.far = False
        """The last leap had no rule that might be proven later: plan the whole stretch."""
        self._hold = 0

    def most(self, step: int) -> int:
        """How many instants ``step`` seconds apart the next leap may plan (at most a day's,
        at most ``MAX_INSTANTS``)."""
        return min(self.limit, max(MIN_INSTANTS, MAX_SPAN // step))

    def first(self, count: int) -> int:
        """How many of the next ``count`` instants the first plan covers."""
        return count if self.far else min(count, MAX_UNPROVEN)

    def covered(self, first: int, reached: int, planned: int, step: int, hoping: bool) -> None:
        """A leap planned ``planned`` instants ``step`` seconds apart from ``first`` on and
        reached ``reached`` (before ``first``: it was declined after its plan); ``hoping``:
        a rule not proven may be soon."""
        done = max(0, (reached - first) // step + 1)
        self.far = not hoping and done == planned
        if done == planned:
            self.limit = min(MAX_INSTANTS, 2 * self.limit)
            self._hold = 0
            return
        self.limit = max(MIN_INSTANTS, 2 * done)
        if done > 1:
            self._hold = 0
            return
        self._hold = min(MAX_HOLD, max(1, 2 * self._hold))
        self.resume = reached + self._hold * step
