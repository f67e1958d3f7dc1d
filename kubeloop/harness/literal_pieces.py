"""The literal text every match of a phrase holds, in order: tested with string operations
alone, before any regex of the phrase is compiled or tried.

A phrase's own words outside its ``[optional]`` parts stand in every text its regex
matches, in the pattern's order, in any case: the text starts with the pattern's first
words (or one of a first choice's alternatives), ends with its last, and holds each other
run of words, or one alternative of each choice, after the one before. A text that does
not is refused by the full regex too (``StepDefinition.first_form``; the test is
``tests/harness/test_literal_pieces.py``); one that does may still be refused.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from kubeloop.harness.pattern_parts import CHOICE, TEXT, fold, parts

MAX_CHOICES = 8
"""A choice of more alternatives than this is not looked for between the ends (each
alternative is a search of the text; the choice is passed over, and what follows it is
looked for after what came before it)."""


class Pieces(NamedTuple):
    """What a text must start with, hold in order and end with (lower-cased; each a tuple
    of alternatives; an empty head or tail asks nothing)."""

    head: tuple[str, ...]
    middle: tuple[tuple[str, ...], ...]
    tail: tuple[str, ...]

    def held_by(self, text: str) -> bool:
        """Whether ``text`` (``folded``) starts with the head, holds the middle's pieces in
        order after it and ends with the tail after them; a piece of one alternative (most
        are) is looked for alone, as the many asked make the general way's lists count."""
        head, middle, tail = self
        position = 0
        if head:
            if not text.startswith(head):
                return False
            position = len(head[0]) if len(head) == 1 else _shortest(text, head)
        find = text.find
        for alternatives in middle:
            if len(alternatives) == 1:
                at = find(alternatives[0], position)
                if at < 0:
                    return False
                position = at + len(alternatives[0])
                continue
            ends = [at + len(a) for a in alternatives if (at := find(a, position)) >= 0]
            if not ends:
                return False
            position = min(ends)
        if len(tail) == 1:
            return text.endswith(tail[0]) and len(text) - len(tail[0]) >= position
        if tail:
            return any(text.endswith(t) and len(text) - len(t) >= position for t in tail)
        return True


def _shortest(text: str, head: tuple[str, ...]) -> int:
    """The length of the shortest of ``head``'s alternatives ``text`` starts with."""
    return min(len(h) for h in head if text.startswith(h))


@functools.cache
def pieces(pattern: str) -> Pieces:
    """``pattern``'s literal pieces (once per pattern): its top-level text and choices,
    each lower-cased; a piece with a character outside ASCII, or a choice that may say
    nothing, is passed over (case folding outside ASCII is re's own)."""
    found: list[tuple[str, ...] | None] = []
    for kind, said in parts(pattern):
        alternatives = (said,) if kind == TEXT else tuple(said) if kind == CHOICE else ()
        if alternatives and all(a and a.isascii() for a in alternatives):
            found.append(tuple(a.lower() for a in alternatives))
        else:
            found.append(None)
    head = found[0] if found and found[0] is not None else ()
    tail = found[-1] if len(found) > 1 and found[-1] is not None else ()
    middle = tuple(
        alternatives
        for alternatives in found[1 if head else 0 : -1 if tail else None]
        if alternatives is not None and len(alternatives) <= MAX_CHOICES
    )
    return Pieces(head, middle, tail)


@functools.lru_cache(maxsize=4096)
def folded(text: str) -> str:
    """``text`` as the pieces are compared with it (``pattern_parts.fold``), kept for the
    texts asked lately (every phrase a text is tried against asks)."""
    return fold(text)
