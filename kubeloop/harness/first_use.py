"""Regexes compiled at their first use, not at import: a vocabulary module's converters
read their clauses with regexes that a run needs only when a step says such a clause."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence


@functools.cache
def compiled(source: str) -> re.Pattern[str]:
    """``source`` compiled case-insensitively, once per process."""
    return re.compile(source, re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _ending(source: str, rest: str) -> re.Pattern[str]:
    """``source`` ending exactly where the text still to read is ``rest`` (the text's own
    letters to its end: two ends of one text never leave the same rest)."""
    return re.compile(f"{source}(?={re.escape(rest)}\\Z)", re.IGNORECASE)


_STRIP = re.compile(r"\(\?P<\w+>")


class Clauses:
    """A list's clauses, each said after ``prefix``, read one at a time: at a position, the
    first clause (in their order) that ends where ``rest``, a lookahead, still reads, as
    ``prefix(?:clause)rest`` tried clause after clause would read it (``plain``).

    ``first`` compiles one regex for the whole list, every clause in it without its groups
    and closed by a marker, which says which clause read and where it ended; that clause's
    own groups come from ``prefix(?:clause)`` ending exactly there. Each way of reading a
    clause ends somewhere, and ``rest`` depends on nothing but where: the first way to end
    at the end ``plain`` would find is the way ``plain`` would take. One compile of the list
    instead of one per clause tried, each of which carried the whole list in its ``rest``.
    """

    def __init__(self, prefix: str, clauses: Sequence[str], rest: str) -> None:
        self._sources = tuple(f"{prefix}(?:{clause})" for clause in clauses)
        self._rest = rest
        self._any = (
            "(?:"
            + "|".join(
                f"{_STRIP.sub('(?:', s)}(?P<_clause{n}>)" for n, s in enumerate(self._sources)
            )
            + f"){rest}"
        )

    def first(self, text: str, position: int) -> tuple[int, re.Match[str]] | None:
        """The first clause that reads at ``position`` (its place in the list) and its match."""
        found = compiled(self._any).match(text, position)
        if found is None:
            return None
        clause = next(
            n for n in range(len(self._sources)) if found.group(f"_clause{n}") is not None
        )
        match = _ending(self._sources[clause], text[found.end() :]).match(text, position)
        if match is None:  # (cannot be: the list's regex read this clause to this end)
            raise ValueError(f"the clause {clause} does not read {text[position:]!r} again")
        return clause, match

    def plain(self, text: str, position: int) -> tuple[int, re.Match[str]] | None:
        """``first`` the slow way: each clause's own regex with ``rest``, in turn."""
        for clause, source in enumerate(self._sources):
            match = compiled(source + self._rest).match(text, position)
            if match is not None:
                return clause, match
        return None
