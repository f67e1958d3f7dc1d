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

from kubeloop.harness.literal_pieces import Pieces, folded, pieces
from kubeloop.harness.pattern_parts import CHOICE, GLUE, PLURAL, TEXT, Part, fold, parts


class Phrased(Protocol):
    @property
    def keyword(self) -> str: ...

    @property
    def patterns(self) -> tuple[str, ...]: ...


D = TypeVar("D", bound=Phrased)

_WORD = re.compile(r"[!-~]+")
"""A literal word: printable ASCII; anything with pattern syntax left in it is not one."""
_SYNTAX = set("{}()[]<>|")


@functools.cache
def required_words(pattern: str) -> tuple[frozenset[str], ...]:
    """Sets of words every text the pattern matches contains one of (once per pattern: the
    index and each definition's own forms ask), compared lower-cased.

    A literal word outside every ``[optional]`` part counts when a space or an end is on
    both sides of it in every way of writing the pattern (an optional part may be left
    out, so what borders it is read through it); a word just before a ``(s)`` or ``(es)``
    ending so bordered is a set of both spellings; a ``<a b|c>`` choice so bordered is the
    set of one whole word of each alternative (its first where that is whole). Next to a
    parameter, nothing is a whole word.
    """
    read = parts(pattern)
    required: set[frozenset[str]] = set()
    for place, (kind, said) in enumerate(read):
        if kind == TEXT:
            required.update(_literal(read, place, said))
        elif kind == CHOICE:
            required.update(_choice(read, place, said))
    return tuple(sorted(required, key=sorted))


_SPACE, _OTHER, _NOTHING = " ", "x", ""
"""What a part may start or end with: a space, another character, or nothing at all."""


def _edges(part: Part, last: bool) -> set[str]:
    """What ``part`` may start with (or end with, ``last``)."""
    kind, said = part
    if kind == TEXT:
        return {_edge(said, last)}
    if kind == GLUE:
        return {_OTHER}
    if kind == PLURAL:
        return {_OTHER, _NOTHING}
    if kind == CHOICE:
        return {_edge(alternative, last) for alternative in said}
    return _side(said[::-1] if last else said, last) | {_NOTHING}


def _edge(text: str, last: bool) -> str:
    """What literal ``text`` starts with (or ends with, ``last``)."""
    if not text:
        return _NOTHING
    return _SPACE if text[-1 if last else 0] == " " else _OTHER


def _side(parts: list[Part], last: bool) -> set[str]:
    """What the first of ``parts`` to say anything may start (or end) with; nothing, where
    all of them may say nothing."""
    edges: set[str] = set()
    for part in parts:
        found = _edges(part, last)
        edges |= found - {_NOTHING}
        if _NOTHING not in found:
            return edges
    return edges | {_NOTHING}


def _bordered(parts: list[Part], place: int, after: bool) -> bool:
    """Whether what comes before (``after``: after) part ``place`` is always a space or the
    pattern's end. Most parts stand next to text or a parameter, which answer at once;
    only a part that may say nothing sends ``_side`` further (``plain_bordered``)."""
    beside = place + 1 if after else place - 1
    if not 0 <= beside < len(parts):
        return True
    kind, said = parts[beside]
    if kind == TEXT and said:
        edge: str = said[0 if after else -1]
        return edge == " "
    if kind == GLUE:
        return False
    return plain_bordered(parts, place, after)


def plain_bordered(parts: list[Part], place: int, after: bool) -> bool:
    """``_bordered``, every part beside read by ``_side`` (the reference)."""
    side = parts[place + 1 :] if after else parts[:place][::-1]
    return _side(side, not after) <= {_SPACE, _NOTHING}


def _literal(parts: list[Part], place: int, text: str) -> list[frozenset[str]]:
    """What a literal text part requires: its whole words, and a word just before a plural
    ending as both its spellings."""
    tokens = text.split(" ")
    plural = (
        parts[place + 1][1] if place + 1 < len(parts) and parts[place + 1][0] == PLURAL else None
    )
    found: list[frozenset[str]] = []
    for number, token in enumerate(tokens):
        left = number > 0 or _bordered(parts, place, after=False)
        if not (left and _whole(token)):
            continue
        if number < len(tokens) - 1 or (plural is None and _bordered(parts, place, after=True)):
            found.append(frozenset({token.lower()}))
        elif plural is not None and _bordered(parts, place + 1, after=True):
            found.append(frozenset({token.lower(), (token + plural).lower()}))
    return found


def _choice(parts: list[Part], place: int, alternatives: list[str]) -> list[frozenset[str]]:
    """What a choice requires: one whole word of each alternative, or nothing where an
    alternative has none."""
    left, right = _bordered(parts, place, after=False), _bordered(parts, place, after=True)
    return _choice_words(tuple(alternatives), left, right)


@functools.cache
def _choice_words(alternatives: tuple[str, ...], left: bool, right: bool) -> list[frozenset[str]]:
    """``_choice`` once its borders are known (``left``, ``right``: a space or an end always
    there); once per choice so bordered, as many phrases say the same choice."""
    words: set[str] = set()
    for alternative in alternatives:
        tokens = alternative.split(" ")
        whole = [
            token
            for number, token in enumerate(tokens)
            if (number > 0 or left) and (number < len(tokens) - 1 or right) and _whole(token)
        ]
        if not whole:
            return []
        words.add(whole[0].lower())
    return [frozenset(words)]


@functools.cache
def _whole(token: str) -> bool:
    """Whether a token is a word a text can hold as it is (no pattern syntax left in it);
    once per token, as the phrases say the same words again and again."""
    return bool(_WORD.fullmatch(token)) and _SYNTAX.isdisjoint(token)


class Requirement(NamedTuple):
    """``required_words`` in the shape a text is quickly tested against: the words it must
    all have (one subset test) and the choices it must have a word of each of."""

    words: frozenset[str]
    choices: tuple[frozenset[str], ...]

    def met(self, words: Set[str]) -> bool:
        """Whether a text with ``words`` (``text_words``) has every word required."""
        return self.words <= words and not (
            self.choices and any(map(words.isdisjoint, self.choices))
        )


@functools.cache
def requirement(pattern: str) -> Requirement:
    """``required_words(pattern)`` as a ``Requirement`` (once per pattern)."""
    required = required_words(pattern)
    single = frozenset(word for words in required if len(words) == 1 for word in words)
    return Requirement(single, tuple(words for words in required if len(words) > 1))


@functools.lru_cache(maxsize=4096)
def text_words(text: str) -> frozenset[str]:
    """The words of a step as the index compares them (the case folding re.IGNORECASE does);
    kept for the texts asked lately, as every phrase a text is tried against asks."""
    return frozenset(fold(text).split(" "))


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
        self._always_forms: dict[str, list[int]] = {}
        for number, (definition, keyword, keys, _) in enumerate(patterns):
            if keys:
                rarest = min(keys, key=lambda ws: sum(frequency[w] for w in ws))  # the first
                by_word = self._by_word.setdefault(keyword, {})
                for word in rarest:
                    by_word.setdefault(word, []).append(number)
            else:
                self._always.setdefault(keyword, set()).add(definition)
                self._always_forms.setdefault(keyword, []).append(number)
        self._patterns = patterns
        self._filed = {
            keyword: {
                word: tuple((n, patterns[n][3].words, patterns[n][3].choices) for n in numbers)
                for word, numbers in by_word.items()
            }
            for keyword, by_word in self._by_word.items()
        }
        """``_by_word``, each number with its pattern's required words and choices beside it."""
        self._forms = [
            (n, form) for n, d in enumerate(definitions) for form in range(len(d.patterns))
        ]
        self._said = [p for d in definitions for p in d.patterns]
        self._pieces: list[Pieces | None] = [None] * len(patterns)
        """Each pattern's literal pieces, read at its first need (most are never asked)."""
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

    def forms(self, keyword: str, text: str) -> list[tuple[D, tuple[int, ...]]]:
        """The ``candidates`` that have a form whose screens ``text`` passes, each with those
        forms in order: every required word (``Requirement.met``) and the literal pieces
        (``Pieces.held_by``), as ``StepDefinition.first_form`` screens each form. Each form
        is screened once, not every form of every candidate again."""
        filed = self._filed.get(keyword, {})
        words, lowered = text_words(text), folded(text)
        asked = set(self._always_forms.get(keyword, ()))
        for word in words:
            for number, needs, choices in filed.get(word, ()):
                if needs <= words and not (choices and any(map(words.isdisjoint, choices))):
                    asked.add(number)  # (Requirement.met, spelt out: the most asked test)
        screens, forms = self._pieces, self._forms
        found: list[tuple[int, list[int]]] = []
        for number in sorted(asked):
            said = screens[number]
            if said is None:
                said = screens[number] = pieces(self._said[number])
            if said.held_by(lowered):
                definition, form = forms[number]
                if found and found[-1][0] == definition:
                    found[-1][1].append(form)
                else:
                    found.append((definition, [form]))
        return [(self._definitions[n], tuple(forms)) for n, forms in found]
