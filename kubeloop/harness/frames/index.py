"""Frames: what each definition's examples mean, indexed by it, built once per registry.

A frame is one example chunked (chunker.py): its signature (concepts and value types) is
the key a line is looked up by, and its values are the slots a line's own values go in
(rebuild.py). The lexicon's catalog words are the words of the phrases themselves, and the
words inside a parameter unless some parameter takes them alone (a name: "web", "prod").
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.frames.chunker import Chunked, chunk
from kubeloop.harness.frames.function_words import (
    COMPARATORS,
    LIGHT_VERBS,
    NEGATIONS,
    QUANTIFIERS,
)
from kubeloop.harness.frames.lexicon import Lexicon, concept_of
from kubeloop.harness.params import TYPES

Signature = tuple[tuple[str, ...], tuple[str, ...]]

_PARAMETER = re.compile(r"\{\w+:\w+\}")
_WORDS = re.compile(r"[A-Za-z][A-Za-z']*")
_HYPHENATED = re.compile(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\w-])")
_SYNTAX = re.compile(r"[<>|\[\]]")
"""A choice's and an optional part's brackets and bars: words stand between them."""


@dataclass(frozen=True)
class Frame:
    """One example of a definition, chunked."""

    definition: StepDefinition
    example: str
    chunked: Chunked


def catalog_words(definitions: Sequence[StepDefinition]) -> tuple[list[str], list[str]]:
    """The words the phrases say: their literal words, and the words their parameters'
    regular expressions spell ("requesting", "version" in a workload's clauses); and the
    names their examples give. A word more definitions' examples give as a value than
    phrases say ("prod") is a name, and so is a hyphenated word an example gives that no
    phrase says ("system-node-critical"), whatever its parts mean."""
    said: Counter[str] = Counter()
    given: Counter[str] = Counter()
    hyphenated: set[str] = set()
    literal: set[str] = set()
    for definition in definitions:
        own: set[str] = set()
        for form, pattern in enumerate(definition.patterns):
            text = _PARAMETER.sub(" ", pattern).replace("(s)", "s").replace("(es)", "es")
            text = _SYNTAX.sub(" ", text)
            own.update(map(str.lower, _WORDS.findall(text)))
            if "-" in text:  # (a hyphenated word has one)
                literal.update(map(str.lower, _HYPHENATED.findall(text)))
            for kind in definition.form_kinds(form).values():
                own.update(regex_words(TYPES[kind].regex))
        said.update(own)
        given.update({w.lower() for e in definition.examples for w in _WORDS.findall(e)} - own)
        hyphenated.update(
            h.lower() for e in definition.examples if "-" in e for h in _HYPHENATED.findall(e)
        )
    words = sorted(w for w in said if said[w] >= given[w])
    return words, sorted((set(given) - set(words)) | (hyphenated - literal))


@functools.cache
def regex_words(regex: str) -> frozenset[str]:
    """The words a regular expression spells out (not its classes, escapes or groups); once
    per regex, as every phrase with a parameter of its type asks."""
    plain = re.sub(r"\\.|\[[^\]]*\]|\(\?P?<?[=!:]?|\{\d*,?\d*\}", " ", regex)
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z]{2,}", plain))


class _Filed(NamedTuple):
    """Every example's frame, filed three ways (``FrameIndex``'s)."""

    frames: dict[tuple[str, Signature], list[Frame]]
    light: dict[tuple[str, Signature], list[Frame]]
    saying: dict[tuple[str, str], list[Frame]]


class FrameIndex:
    """Every example's frame by keyword and signature; the lexicon they were read with.

    The examples are chunked and filed at the first look at a frame (``frames``,
    ``light``, ``saying``), not with the lexicon: a check whose lines are passed over
    before any frame is asked of (a word nobody knows, nothing said) never chunks them."""

    def __init__(self, definitions: Sequence[StepDefinition]) -> None:
        self.lexicon = Lexicon(*catalog_words(definitions))
        self._definitions = tuple(definitions)  # (what is filed, whatever the list becomes)
        self._chunked: dict[str, Chunked] = {}

    @property
    def frames(self) -> dict[tuple[str, Signature], list[Frame]]:
        """Each example's frame by its keyword and signature."""
        return self._filed.frames

    @property
    def light(self) -> dict[tuple[str, Signature], list[Frame]]:
        """Each example's frame by its keyword and signature without light verbs (``_lighter``)."""
        return self._filed.light

    @property
    def saying(self) -> dict[tuple[str, str], list[Frame]]:
        """Each example's frame by its keyword and each concept it says."""
        return self._filed.saying

    @functools.cached_property
    def _filed(self) -> _Filed:
        filed = _Filed({}, {}, {})
        for definition in self._definitions:
            for example in definition.examples:
                chunked = chunk(example, self.lexicon)
                if chunked.unknown:
                    continue
                frame = Frame(definition, example, chunked)
                for concept in set(chunked.signature()[0]):
                    filed.saying.setdefault((definition.keyword, concept), []).append(frame)
                filed.frames.setdefault((definition.keyword, chunked.signature()), []).append(frame)
                lighter = _lighter(chunked)
                if lighter is not None:
                    filed.light.setdefault((definition.keyword, lighter), []).append(frame)
        return filed

    def chunk(self, text: str) -> Chunked:
        """``text`` chunked with this lexicon; a line is read several ways (each keyword,
        each reading, each clause of a list), so its chunks are kept."""
        found = self._chunked.get(text)
        if found is None:
            if len(self._chunked) >= _KEPT:
                self._chunked.clear()
            found = self._chunked[text] = chunk(text, self.lexicon)
        return found

    def lookup(self, keyword: str, chunked: Chunked, light: bool = False) -> list[Frame]:
        """The frames of ``keyword`` that mean what ``chunked`` means; ``light``: or would,
        but for a light verb (function_words.LIGHT_VERBS) said, left out or swapped."""
        if light:
            lighter = _lighter(chunked)
            return [] if lighter is None else self.light.get((keyword, lighter), [])
        return self.frames.get((keyword, chunked.signature()), [])

    def wider(self, keyword: str, chunked: Chunked) -> list[Frame]:
        """The frames of ``keyword`` that say all ``chunked`` says and a little more (at most
        ``MORE`` concepts and values, and no more than the line says), with the same
        negations, comparisons, quantifiers and referents; fewest more first. Their
        examples, the more left out, may be what the line says (the real matcher decides)."""
        concepts, values = chunked.signature()
        content = [c for c in concepts if c not in GRAMMAR]
        if not content:
            return []
        grammar = [c for c in concepts if c in GRAMMAR]
        rarest = min(content, key=lambda c: len(self.saying.get((keyword, c), [])))
        found: list[tuple[int, int, Frame]] = []
        for order, frame in enumerate(self.saying.get((keyword, rarest), [])):
            theirs, their_values = frame.chunked.signature()
            if [c for c in theirs if c in GRAMMAR] != grammar or not set(concepts) <= set(theirs):
                continue
            surplus = Counter(their_values) - Counter(values)
            if Counter(values) - Counter(their_values):
                continue
            more = len(set(theirs) - set(concepts)) + sum(surplus.values())
            if 0 < more <= min(MORE, len(set(concepts)) + len(values)):
                found.append((more, order, frame))
        return [frame for _, _, frame in sorted(found, key=lambda f: f[:2])]


_KEPT = 4096
"""How many lines' chunks are kept at most."""

MORE = 3
"""The most a frame may say beyond a line for the line to be read as it, the rest left out."""

_LIGHT = frozenset(concept_of(verb) for verb in LIGHT_VERBS)
GRAMMAR = frozenset({*NEGATIONS.values(), *COMPARATORS.values(), *QUANTIFIERS.values(), "IT", "I"})


def _lighter(chunked: Chunked) -> Signature | None:
    """The signature without its light verbs; None when nothing else is said but who and
    how many ("prod runs nothing" is not "there are no prod")."""
    concepts, values = chunked.signature()
    kept = tuple(c for c in concepts if c not in _LIGHT)
    if not any(c not in GRAMMAR for c in kept):
        return None
    return kept, values
