"""The lexicon: a word or words (by their stems, longest first) → what they mean.

Function words (function_words.py) come first, then the synonym tables of each mechanism
(loaded by explicit import), then every word the catalog's phrases use, each its own
concept. A synonym means its key: "crashes" and "goes down" are the concept "fail" that
"node-2 fails" says. Negation, comparisons and quantifiers are concepts of their own, so a
frame agrees with a line on them exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from kubeloop.harness.frames import (
    synonyms_cluster,
    synonyms_common,
    synonyms_pipeline,
    synonyms_story,
    synonyms_telemetry,
)
from kubeloop.harness.frames.function_words import (
    COMPARATORS,
    FILLERS,
    KINDS,
    NEGATIONS,
    QUANTIFIERS,
    REFERENTS,
    ROLES,
)
from kubeloop.harness.frames.stems import stem

TABLES: tuple[dict[str, tuple[str, ...]], ...] = (
    synonyms_common.SYNONYMS,
    synonyms_cluster.SYNONYMS,
    synonyms_pipeline.SYNONYMS,
    synonyms_telemetry.SYNONYMS,
    synonyms_story.SYNONYMS,
)
"""Every mechanism's synonyms, in the order a word said in two tables is read by."""

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|'s|n't|<=|>=|<|>")
LONGEST = 5
"""The most words one entry has."""


@dataclass(frozen=True)
class Entry:
    """What a run of words means: ``kind`` is concept, filler, role (a preposition),
    negation, comparison, quantifier or referent; ``concept`` what it stands for."""

    kind: str
    concept: str


def words(text: str) -> tuple[str, ...]:
    """The stems of a text's words ("goes down" → ("go", "down"))."""
    return tuple(stem(w) for w in _WORD.findall(text.lower()))


def concept_of(text: str) -> str:
    """The concept a catalog word or words name: its stems, joined."""
    return " ".join(words(text))


_TYPO = 4
"""The shortest word a one-letter slip is looked for in (shorter names are too alike)."""


def _deletions(word: str) -> set[tuple[str, int]]:
    """The word with each letter left out, and where (two words one letter changed apart
    share one at the same place); with -1, the word itself."""
    return {(word[:i] + word[i + 1 :], i) for i in range(len(word))}


class Lexicon:
    """Stems (one word or several) → Entry; built from the tables and the catalog's words."""

    def __init__(self, catalog_words: Iterable[str] = (), names: Iterable[str] = ()) -> None:
        self.entries: dict[tuple[str, ...], Entry] = {}
        self._starts: dict[str, int] = {}
        """The most words of an entry that starts with each stem (``longest``)."""
        self._near: set[tuple[str, int]] = set()
        self._known: set[str] = set()
        self._longest = 0
        """The longest word known: a word two letters longer is no slip of any."""
        for table, kind in (
            (NEGATIONS, "negation"),
            (COMPARATORS, "comparison"),
            (QUANTIFIERS, "quantifier"),
            (REFERENTS, "referent"),
        ):
            for said, concept in table.items():
                self._add(said, Entry(kind, concept))
        for said, role in ROLES.items():
            self._add(said, Entry("role", role))
        for said in FILLERS:
            self._add(said, Entry("filler", ""))
        for synonyms in TABLES:
            for key, values in synonyms.items():
                concept = concept_of(key)
                self._add(key, Entry("concept", concept))
                for value in values:
                    self._add(value, Entry("concept", concept))
        for word in (*KINDS, *catalog_words):
            self._add(word, Entry("concept", concept_of(word)))
        self.names = frozenset(n for n in names if words(n) not in self.entries)
        """Words the catalog's examples give as names ("staging", "billing"): a name
        whatever its ending, and a word one letter from one is a slip of it."""
        for name in self.names:
            if len(name) >= _TYPO and name not in self._known:
                self._learn(name)

    def _add(self, said: str, entry: Entry) -> None:
        key = words(said)
        if key and len(key) <= LONGEST:
            self.entries.setdefault(key, entry)
            self._starts[key[0]] = max(self._starts.get(key[0], 0), len(key))
        for word in _WORD.findall(said.lower()):
            if len(word) >= _TYPO and word not in self._known:
                self._learn(word)

    def _learn(self, word: str) -> None:
        """A word known, and its one-letter slips with it (``near``); once per word, as the
        tables and the catalog say many words again."""
        self._known.add(word)
        self._longest = max(self._longest, len(word))
        gone = _deletions(word)
        self._near.update(gone)
        self._near.update((d, -1) for d, _ in gone)

    def near(self, word: str) -> bool:
        """Whether ``word`` is one letter from a word the lexicon knows, a letter changed,
        left out or added ("pots" for "pods", "promte"): a typo, never a name."""
        word = word.lower()
        if not _TYPO <= len(word) <= self._longest + 1:
            return False
        if word in self._known or word in self.names:
            return False
        mine = _deletions(word)
        return (
            not mine.isdisjoint(self._near)
            or (word, -1) in self._near
            or any(d in self._known for d, _ in mine)
        )

    def longest(self, stems: tuple[str, ...], start: int) -> tuple[int, Entry] | None:
        """``plain_longest``, only the lengths of the entries that start with
        ``stems[start]`` tried: most words start none, and most entries are one word."""
        most = self._starts.get(stems[start])
        if most is None:
            return None
        for length in range(min(most, len(stems) - start), 0, -1):
            entry = self.entries.get(stems[start : start + length])
            if entry is not None:
                return length, entry
        return None

    def plain_longest(self, stems: tuple[str, ...], start: int) -> tuple[int, Entry] | None:
        """The longest entry that starts at ``stems[start]``: (how many words, entry)."""
        for length in range(min(LONGEST, len(stems) - start), 0, -1):
            entry = self.entries.get(stems[start : start + length])
            if entry is not None:
                return length, entry
        return None
