"""Articles, referents and numbers: a thing pointed back at ("shop rolls back when its SLO
pages": the SLO the scenario has), a line said tersely ("Marta approves promotion of P5 to prod",
"at least 3 ledger pods stayed available during drain") or with its numbers in words
("maxSurge two", "at least five available"), said as the phrases say it: "the" before
each noun the catalog says after "the", and each number word in figures."""

from __future__ import annotations

import re
from itertools import pairwise

from kubeloop.harness.axes.catalog import Catalog
from kubeloop.harness.params import SAID_NUMBERS, number

_NOT_NOUNS = frozenset(
    {
        "a", "all", "alerting", "and", "came", "healthy", "other", "past", "ready",
        "recording", "run", "surviving", "success", "current", "due", "early", "entire",
        "fast", "fewest",
        "first", "four", "from", "full", "global", "its", "last", "later", "middle", "most",
        "next", "no", "of", "on", "only", "our", "p", "red", "remaining", "same", "second",
        "slow", "small", "th", "the", "their", "these", "this", "total", "two", "way",
    }
)  # fmt: skip
"""Words the catalog says after "the" that are no nouns ("the next", "the same")."""
_BEFORE = frozenset(
    {
        "of", "for", "to", "in", "on", "at", "during", "throughout", "through", "when",
        "while", "and", "or", "if", "until", "after", "before", "by", "with", "from", "over",
        "across", "about", "into", "onto", "than", "but", "once", "whenever",
    }
)  # fmt: skip
"""Words after which a noun takes its article ("during drain", "when SLO … pages")."""
_POINTED = re.compile(r"\b(?:its|that|this|their|said) (?=([A-Za-z][\w-]*))", re.IGNORECASE)
"""A determiner that points back at a thing the scenario named ("its SLO")."""
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "its", "their", "our", "each"})
_AUXILIARIES = frozenset({"is", "was", "has", "does", "gets"})
_WORD = re.compile(r"(?<![\w\"'.-])([A-Za-z0-9][\w.%-]*)(?![\w\"'-])")
"""A word or a number (a noun after a number has its count, not an article)."""
_QUOTED = re.compile(r'"[^"]*"')


class Articles:
    """The nouns the catalog says after "the", read once."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.nouns = catalog.after_the - _NOT_NOUNS

    def each(self, text: str) -> list[str]:
        """``text`` with "the" before one such noun said bare after a preposition, a
        conjunction or a verb, or first: one reading for each, and last, when there are
        two or more, one with "the" before them all."""
        places, previous = [], None
        for found in _WORD.finditer(text):
            word = found.group(1).lower()
            if _inside_quotes(text, found.start()):
                continue
            if word in self.nouns and self._opens(previous, word, found.start()):
                places.append(found.start())
            previous = word
        said = [f"{text[:p]}the {text[p:]}" for p in places]
        if len(places) > 1:
            said.append("".join(f"{text[a:b]}the " for a, b in pairwise([0, *places])))
            said[-1] += text[places[-1] :]
        return said

    def pointed(self, text: str) -> list[str]:
        """``text`` with a thing pointed back at ("its SLO", "that alert", "this budget")
        said with "the", as the phrases say the one the scenario has: one reading for each."""
        return [
            f"{text[: m.start()]}the {text[m.end() :]}"
            for m in _POINTED.finditer(text)
            if m.group(1).lower() in self.nouns and not _inside_quotes(text, m.start())
        ]

    def with_kinds(self, text: str) -> list[str]:
        """``text`` with a kind the catalog says before a name put before one bare quoted
        name ('notify rolls back when "notify-slo" pages': … when the SLO "notify-slo"
        pages), for each name and kind, the first few; a name after a noun or a word that
        names it ("version", "named") has its kind said."""
        said = []
        for found in _BARE_NAME.finditer(text):
            before = text[: found.start()]
            word = _LAST.search(before)
            if word is None or word.group(1).lower() in self.nouns | _NAMING:
                continue
            said += [f"{before}the {kind} {text[found.start() :]}" for kind in self.catalog.kinds]
        return said[:_KINDS]

    def _opens(self, previous: str | None, word: str, start: int) -> bool:
        """Whether a noun after ``previous`` (None: first) is said without its article."""
        if previous is None:
            return start == 0
        if previous in _BEFORE or (word == "whole" and previous not in _DETERMINERS):
            return True
        return (
            previous.endswith(("s", "ed"))
            and previous not in _AUXILIARIES
            and len(self.catalog.forms(previous)) > 1
        )


def _inside_quotes(text: str, position: int) -> bool:
    return text.count('"', 0, position) % 2 == 1


_NUMBER_WORD = re.compile(
    r"(?<![\w\"'-])("
    + "|".join(sorted((w for w in SAID_NUMBERS if w not in ("one", "a", "an")), key=len)[::-1])
    + r")(?![\w\"'-])",
    re.IGNORECASE,
)
"""A number in words, two and up ("one" is too often no number: "no one", "one of")."""
_VERSION = re.compile(r"\b(?:version|v)\s*$", re.IGNORECASE)


def in_figures(text: str) -> str:
    """``text`` with each number in words said in figures (not a version: "version two")."""
    parts, position = [], 0
    for found in _NUMBER_WORD.finditer(text):
        if _inside_quotes(text, found.start()) or _VERSION.search(text[: found.start()]):
            continue
        parts += [text[position : found.start()], str(number(found.group(1)))]
        position = found.end()
    return "".join([*parts, text[position:]])


_BARE_NAME = re.compile(r'(?<![\w"])"[^"]+"')
"""A quoted name."""
_LAST = re.compile(r"([A-Za-z][\w-]*)\s*$")
_NAMING = frozenset(
    {"a", "an", "the", "named", "called", "version", "manifest", "slo", "alert", "service"}
)
"""Words after which a name has said what it names."""
_KINDS = 6
"""The most readings a line's bare names are given (each is a lookup)."""
