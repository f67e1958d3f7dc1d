"""A phrase pattern read as its parts: literal text, parameters, plural endings, choices and
optional parts, each optional part holding its own; and a text folded as re.IGNORECASE
compares it with a pattern's ASCII letters. What the phrase index and the literal pieces
read of a pattern (phrase_index.py, literal_pieces.py)."""

from __future__ import annotations

import re
from typing import Any

_TOKEN = re.compile(r"\{(\w+):(\w+)\}|\(s\)|\(es\)|<([^<>]+)>|\[|\]")
"""Parameters, plural endings, choices and optional parts' brackets, exactly as
patterns.translate reads them."""
_FOLD = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})
"""Characters that match an ASCII letter under re.IGNORECASE but do not lower() to it."""


TEXT, GLUE, PLURAL, CHOICE, OPTIONAL = range(5)
"""The kinds of a pattern's parts: literal text, a parameter, a plural ending, a choice and
an optional part (its own parts)."""
Part = tuple[int, Any]


def parts(pattern: str) -> list[Part]:
    """The pattern's parts at its top level, each optional part holding its own."""
    stack: list[list[Part]] = [[]]
    position = 0
    for token in _TOKEN.finditer(pattern):
        if token.start() > position:
            stack[-1].append((TEXT, pattern[position : token.start()]))
        text = token.group(0)
        if token.group(1):
            stack[-1].append((GLUE, text))
        elif text in ("(s)", "(es)"):
            stack[-1].append((PLURAL, text[1:-1]))
        elif token.group(3) is not None:
            stack[-1].append((CHOICE, token.group(3).split("|")))
        elif text == "[":
            stack.append([])
        elif len(stack) > 1:
            inner = stack.pop()
            stack[-1].append((OPTIONAL, inner))
        position = token.end()
    if position < len(pattern):
        stack[-1].append((TEXT, pattern[position:]))
    return stack[0] if len(stack) == 1 else []


def fold(text: str) -> str:
    """``text`` lower-cased, with the characters re.IGNORECASE matches to an ASCII letter but
    ``lower()`` keeps apart (``_FOLD``) made that letter first."""
    return text.translate(_FOLD).lower()
