"""What the catalog's phrases say, read once: the axes move a line's word only onto a word
(or words) some phrase says, so a new phrase gets every axis for free."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from kubeloop.harness.frames.stems import stem

_MARKUP = re.compile(r"\{\w+:\w+\}|\(e?s\)|[<>|\[\]]")
"""A pattern's parameters, plural endings, choices and optional brackets."""


@dataclass(frozen=True)
class Catalog:
    """The words the phrases say (``text``: every pattern, its markup blanked) and every
    word of them by its stem ("passed", "passes" under "pass")."""

    text: str
    by_stem: dict[str, frozenset[str]]
    after_the: frozenset[str]
    """Every word a phrase says right after "the", each choice of a choice list too."""
    kinds: tuple[str, ...]
    """The kinds phrases say before a name ("the SLO {name}"), said in two or more."""

    def says(self, words: str) -> bool:
        """Whether some phrase says ``words`` as they are written, in a row."""
        return f" {words.lower()} " in self.text

    def forms(self, word: str) -> frozenset[str]:
        """Every word a phrase says with the stem of ``word`` (its tenses, its number)."""
        return self.by_stem.get(stem(word), frozenset())


def read(patterns: Iterable[str]) -> Catalog:
    """The catalog of ``patterns`` (each definition's canonical form and variants)."""
    patterns = list(patterns)
    said = [" ".join(_MARKUP.sub(" ", p.lower()).split()) for p in patterns]
    text = " " + "  ".join(said) + " "
    grouped: dict[str, set[str]] = {}
    for word in set(re.findall(r"[a-z]+", text)):
        grouped.setdefault(stem(word), set()).add(word)
    after = [w for p in patterns for w in _after_the(p.lower())]
    kinds = [k for p in patterns for k in _kinds(p)]
    return Catalog(
        text,
        {k: frozenset(v) for k, v in grouped.items()},
        frozenset(after),
        tuple(sorted({k for k in kinds if kinds.count(k) > 1})),
    )


_KIND = re.compile(r"\bthe (?:<(?P<choices>[^<>]*)>|(?P<word>[A-Za-z]+)) \{\w+:(?P<type>\w+)\}")
_NAMES = frozenset({"name", "sloname", "alertname", "service", "deployment"})
"""Parameter types that hold a thing's name."""


def _kinds(pattern: str) -> list[str]:
    """The kind words ``pattern`` says before a name ("the SLO {name:name}": "SLO")."""
    said: list[str] = []
    if "the " not in pattern:  # (many phrases say none: nothing for the regex to find)
        return said
    for found in _KIND.finditer(pattern):
        if found.group("type") in _NAMES:
            said += (found.group("choices") or found.group("word")).split("|")
    return said


_THE = re.compile(r"(?<![\w-])the (?P<rest>.*)")
_OPTIONAL = re.compile(r"^\[(?P<inside>[^\[\]]*)\] ?")
_CHOICES = re.compile(r"^<(?P<inside>[^<>]*)>")
_FIRST = re.compile(r"^[a-z][\w-]*")


def _after_the(pattern: str) -> list[str]:
    """The words ``pattern`` says right after "the", each optional word and choice too."""
    said: list[str] = []
    if "the " not in pattern:  # (many phrases say none: nothing for the regex to find)
        return said
    for found in _THE.finditer(pattern):
        rest = found.group("rest")
        while (optional := _OPTIONAL.match(rest)) is not None:
            said += _firsts(optional.group("inside"))
            rest = rest[optional.end() :]
        choices = _CHOICES.match(rest)
        word = _FIRST.match(rest)
        said += _firsts(choices.group("inside")) if choices else [word.group(0)] if word else []
    return said


def _firsts(choices: str) -> list[str]:
    """The first word of each choice of ``choices`` ("a b|c" → a, c)."""
    return [m.group(0) for c in choices.split("|") if (m := _FIRST.match(c.strip()))]
