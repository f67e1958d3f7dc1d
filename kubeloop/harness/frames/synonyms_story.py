"""The words managers and team leads use when they tell the one-world story (a release goes
out, goes bad, pages, is rolled back), for the frames matcher. Each key is a word or words a
catalog phrase uses; its values are what people say for it (one form each: the lexicon reads
every word by its stem). Words another table already gives a meaning (ship, server, copy,
die) are left to it.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    "rolled back": ("revert", "back out", "undo", "roll it back"),
    "customers": ("user", "client", "shopper", "buyer"),
    "replay": ("rerun", "re-run", "play back", "redo", "run again", "tell again"),
    "timeline": ("history of events", "sequence of events", "series of events", "chronology"),
    "paged": ("woken up", "called", "alerted", "pinged"),
    "automatically": ("automatic", "on its own", "by itself", "without a human", "unattended"),
}
