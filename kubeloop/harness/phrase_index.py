"""The step registry's index: each phrase under one word every text it matches contains.

A phrase is filed under its rarest whole literal word ("{count:n} pods are running" under
"running", "I reconcile" under "i" or "reconcile") or its rarest choice of words ("{node:node}
<crashes|dies|breaks>" under all three); a step is tried only against the phrases
filed under one of its own words, so a step's cost does not grow with the vocabulary, and
phrases that start with a parameter are found as fast as any other.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Set
from typing import Generic, NamedTuple, Protocol, TypeVar


class Phrased(Protocol):
    @property
    def keyword(self) -> str: ...

    @property
    def patterns(self) -> tuple[str, ...]: ...


D = TypeVar("D", bound=Phrased)

_TOKEN = re.compile(r"\{(\w+):(\w+)\}|\(s\)|\(es\)|<([^<>]+)>")
"""Parameters, plural endings and choices, exactly as patterns.compile_pattern reads them."""
_WORD = re.compile(r"[!-~]+")
"""A literal word: printable ASCII; anything with pattern syntax left in it is not one."""
_SYNTAX = set("{}()[]<>|")
_FOLD = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})
"""Characters that match an ASCII letter under re.IGNORECASE but do not lower() to it."""


@functools.cache
def required_words(pattern: str) -> tuple[frozenset[str], ...]:
    """Sets of words every text the pattern matches contains one of (once per pattern: the
    index and each definition's own forms ask).

    A literal word is a set of one; a ``<a|b c>`` choice is the set of its alternatives'
    first words. Either counts only with a space or an end on both sides (next to no
    parameter or plural ending) in every way of writing the pattern's ``[optional]`` parts;
    compared lower-cased. A pattern with more than ``MAX_FORMS`` ways requires nothing.
    """
    choices: list[str] = []

    def placeholder(found: re.Match[str]) -> str:
        if found.group(3) is None:
            return "\x00"  # a parameter or plural ending: no word of its own
        choices.append(found.group(3))
        return f"\x01{len(choices) - 1}\x01"

    forms = _forms(_TOKEN.sub(placeholder, pattern))
    if forms is None:
        return ()
    words: dict[str, frozenset[str] | None] = {}  # (a token recurs in every form)
    required: set[frozenset[str]] | None = None
    for form in forms:
        found: set[frozenset[str]] = set()
        for token in form.split(" "):
            if token not in words:
                words[token] = _word(token, choices)
            word = words[token]
            if word is not None:
                found.add(word)
        required = found if required is None else required & found
    return tuple(sorted(required or (), key=sorted))


def _word(token: str, choices: list[str]) -> frozenset[str] | None:
    """What one token of a written-out pattern requires: a literal word, a choice's first
    words (``choices`` by their placeholder's number), or nothing."""
    if _WORD.fullmatch(token) and _SYNTAX.isdisjoint(token):
        return frozenset({token.lower()})
    if _CHOICE.fullmatch(token):
        alternatives = choices[int(token[1:-1])].split("|")
        firsts = frozenset(a.split(" ")[0].lower() for a in alternatives)
        if all(_WORD.fullmatch(w) and _SYNTAX.isdisjoint(w) for w in firsts):
            return firsts
    return None


_CHOICE = re.compile("\x01[0-9]+\x01")


class Requirement(NamedTuple):
    """``required_words`` in the shape a text is quickly tested against: the words it must
    all have (one subset test) and the choices it must have a word of each of."""

    words: frozenset[str]
    choices: tuple[frozenset[str], ...]

    def met(self, words: Set[str]) -> bool:
        """Whether a text with ``words`` (``text_words``) has every word required."""
        return self.words <= words and all(not c.isdisjoint(words) for c in self.choices)


@functools.cache
def requirement(pattern: str) -> Requirement:
    """``required_words(pattern)`` as a ``Requirement`` (once per pattern)."""
    required = required_words(pattern)
    single = frozenset(word for words in required if len(words) == 1 for word in words)
    return Requirement(single, tuple(words for words in required if len(words) > 1))


MAX_FORMS = 256


def _forms(text: str) -> list[str] | None:
    """Every way of writing ``text`` with each ``[optional]`` part left out or kept."""
    start = text.find("[")
    if start < 0:
        return [text]
    depth, end = 0, start
    for end in range(start, len(text)):
        depth += (text[end] == "[") - (text[end] == "]")
        if depth == 0:
            break
    inner, rest = _forms(text[start + 1 : end]), _forms(text[end + 1 :])
    if inner is None or rest is None or (len(inner) + 1) * len(rest) > MAX_FORMS:
        return None
    head = text[:start]
    return [head + middle + tail for middle in ["", *inner] for tail in rest]


@functools.lru_cache(maxsize=4096)
def text_words(text: str) -> frozenset[str]:
    """The words of a step as the index compares them (the case folding re.IGNORECASE does);
    kept for the texts asked lately, as every phrase a text is tried against asks."""
    return frozenset(text.translate(_FOLD).lower().split(" "))


class WordIndex(Generic[D]):
    """Each pattern under its rarest required word or choice; a pattern is tried only if the
    step has every word (or one word of every choice) it requires. Patterns that require
    none are tried for every step."""

    def __init__(self, definitions: list[D]) -> None:
        patterns = [
            (n, d.keyword, required_words(p), requirement(p))
            for n, d in enumerate(definitions)
            for p in d.patterns
        ]
        frequency: dict[str, int] = {}
        for _, _, keys, _ in patterns:
            for words in keys:
                for word in words:
                    frequency[word] = frequency.get(word, 0) + 1
        self._by_word: dict[str, dict[str, list[int]]] = {}
        self._always: dict[str, set[int]] = {}
        for number, (definition, keyword, keys, _) in enumerate(patterns):
            if keys:
                rarest = min(keys, key=lambda ws: sum(frequency[w] for w in ws))  # the first
                by_word = self._by_word.setdefault(keyword, {})
                for word in rarest:
                    by_word.setdefault(word, []).append(number)
            else:
                self._always.setdefault(keyword, set()).add(definition)
        self._patterns = patterns
        self._definitions = tuple(definitions)  # a snapshot: the index answers for what it filed

    def candidates(self, keyword: str, text: str) -> list[D]:
        by_word = self._by_word.get(keyword, {})
        words = text_words(text)
        found = set(self._always.get(keyword, ()))
        for word in words:
            for number in by_word.get(word, ()):
                definition, _, _, needs = self._patterns[number]
                if definition not in found and needs.met(words):
                    found.add(definition)
        return [self._definitions[n] for n in sorted(found)]
