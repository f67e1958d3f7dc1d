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

    def says(self, words: str) -> bool:
        """Whether some phrase says ``words`` as they are written, in a row."""
        return f" {words.lower()} " in self.text

    def forms(self, word: str) -> frozenset[str]:
        """Every word a phrase says with the stem of ``word`` (its tenses, its number)."""
        return self.by_stem.get(stem(word), frozenset())


def read(patterns: Iterable[str]) -> Catalog:
    """The catalog of ``patterns`` (each definition's canonical form and variants)."""
    said = [" ".join(_MARKUP.sub(" ", p.lower()).split()) for p in patterns]
    text = " " + "  ".join(said) + " "
    grouped: dict[str, set[str]] = {}
    for word in set(re.findall(r"[a-z]+", text)):
        grouped.setdefault(stem(word), set()).add(word)
    return Catalog(text, {k: frozenset(v) for k, v in grouped.items()})
