"""Regexes compiled at their first use, not at import: a vocabulary module's converters
read their clauses with regexes that a run needs only when a step says such a clause."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

from kubeloop.harness import regex_runs

_CASED = int(re.IGNORECASE)
"""The flag as re's own compiler takes it (regex_runs.py)."""


@functools.cache
def compiled(source: str) -> re.Pattern[str]:
    """``source`` compiled case-insensitively, once per process (``re.compile``'s pattern,
    read and written by regex_runs.py)."""
    return regex_runs.compiled(source, _CASED)


@functools.lru_cache(maxsize=1024)
def _ending(source: str, rest: str) -> re.Pattern[str]:
    """``source`` ending exactly where the text still to read is ``rest`` (the text's own
    letters to its end: two ends of one text never leave the same rest)."""
    return regex_runs.compiled(f"{source}(?={re.escape(rest)}\\Z)", _CASED)


_STRIP = re.compile(r"\(\?P<\w+>")


class Clauses:
    """A list's clauses, each said after ``prefix``, read one at a time: at a position, the
    first clause (in their order) that ends where ``rest``, a lookahead, still reads, as
    ``prefix(?:clause)rest`` tried clause after clause would read it (``plain``). ``rest``
    says that what follows reads as more of the list's clauses, each after ``prefix``.

    ``listed`` compiles one regex for the whole list, every clause in it without its groups
    and closed by a marker, which says which clause read and where it ended; that clause's
    own groups come from ``prefix(?:clause)`` ending exactly there. Each way of reading a
    clause ends somewhere, and ``rest`` depends on nothing but where: the first way to end
    at the end ``plain`` would find is the way ``plain`` would take. One compile of the list
    instead of one per clause tried, each of which carried the whole list in its ``rest``.

    ``first`` compiles the list without ``rest`` (half the regex: ``rest`` holds the list
    again) and takes the first way any clause reads; when the text after it reads on, each
    clause again the first way, to the end, ``rest`` holds there, so that first way is the
    one ``listed`` would take. Only when it does not (a clause read too far or too short the
    first way) is ``listed``'s regex compiled and asked.
    """

    def __init__(self, prefix: str, clauses: Sequence[str], rest: str) -> None:
        self._sources = tuple(f"{prefix}(?:{clause})" for clause in clauses)
        self._rest = rest
        self._each = (
            "(?:"
            + "|".join(
                f"{_STRIP.sub('(?:', s)}(?P<_clause{n}>)" for n, s in enumerate(self._sources)
            )
            + ")"
        )
        self._any = self._each + rest

    def first(self, text: str, position: int) -> tuple[int, re.Match[str]] | None:
        """``listed``: the first clause that reads at ``position`` (its place in the list)
        and its match, without the list's ``rest`` where the first way reads on."""
        found = compiled(self._each).match(text, position)
        if found is None:  # no clause reads here, let alone one the rest reads after
            return None
        if not self._reads_on(text, found.end()):
            return self.listed(text, position)
        return self._again(text, position, found)

    def _reads_on(self, text: str, end: int) -> bool:
        """Whether ``text`` from ``end`` reads as clauses, each the first way: True is sure
        (``rest`` holds at ``end``), False may not be (a later way might read)."""
        while end < len(text):
            found = compiled(self._each).match(text, end)
            if found is None or found.end() == end:
                return False
            end = found.end()
        return True

    def listed(self, text: str, position: int) -> tuple[int, re.Match[str]] | None:
        """The first clause that reads at ``position`` so that ``rest`` reads after it, by
        one regex for the whole list."""
        found = compiled(self._any).match(text, position)
        if found is None:
            return None
        return self._again(text, position, found)

    def _again(self, text: str, position: int, found: re.Match[str]) -> tuple[int, re.Match[str]]:
        """The clause ``found`` marks, read again with its own groups to where it ended."""
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


class Later:
    """``re.compile(pattern, flags)``, compiled at its first search, not at import: a
    vocabulary module's converter reads a clause with a regex whose source also goes into
    its type's (``pattern`` is at hand at once), and a check whose lines say no such
    clause never runs it."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    @functools.cached_property
    def compiled(self) -> re.Pattern[str]:
        """The regex, compiled (``re.compile``'s own pattern)."""
        return re.compile(self.pattern, self._flags)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(text)

    def match(self, text: str) -> re.Match[str] | None:
        return self.compiled.match(text)

    def search(self, text: str) -> re.Match[str] | None:
        return self.compiled.search(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text)
