"""A phrase's outline: its regex with every parameter taken as any text.

A pattern's full regex spells out each parameter's type ("{pods:pods}" is thousands of
characters), so compiling it costs far more than trying it. The outline keeps the
pattern's words, plural endings, choices and optional parts exactly as
``patterns.translate`` writes them and lets each parameter be any text, so every text the
full regex matches, the outline matches too (tests/harness/test_outlines.py). A text is
screened by its literal pieces (literal_pieces.py: string operations, nothing compiled)
before any regex; the outline is what a typed outline must say more than to be compiled.

A typed outline (``typed``) spells out the parameters whose type's regex is short (a
number, a duration, a comparison) and leaves the long ones any text: most texts an outline
lets through but the full regex refuses are refused by it, for a small part of the cost of
compiling the full regex.
"""

from __future__ import annotations

import re

from kubeloop.harness.params import TYPES
from kubeloop.harness.patterns import TOKEN

ANY = "(?s:.*?)"
"""What a parameter may be in an outline: anything, the line's ends included."""


SHORT = 600
"""The longest type regex a typed outline spells out (``n`` and ``duration`` are shorter,
a pod set or a clause list thousands of characters longer)."""
WORTH = 4
"""A typed outline is compiled only when the full regex is at least this many times longer
(a text the full regex matches pays for both)."""


def outline(pattern: str) -> str:
    """The source of ``pattern``'s outline regex (matched case-insensitively, as the full one).

    The pattern is one ``translate`` has already accepted, so its brackets balance.
    """
    return _spelt(pattern, -1)


def typed(pattern: str, full: str) -> str | None:
    """The source of ``pattern``'s typed outline: its outline with each parameter whose type
    regex is at most ``SHORT`` characters long spelt as that regex (``full`` is the
    pattern's full regex source); None where that says nothing the outline does not, or
    costs more than a ``WORTH``-th of the full regex.

    Every text the full regex matches, the typed outline matches too: it is the full regex
    with some parameters any text (a parameter is spelt only as ``full`` spells it), and a
    type's regex has no group a backreference could name, so a way the full regex reads
    the text is a way the typed outline reads it.
    """
    source = _spelt(pattern, SHORT, full)
    if source == outline(pattern) or len(source) * WORTH > len(full):
        return None
    return source


def _spelt(pattern: str, short: int, full: str = "") -> str:
    """The outline with each parameter whose type regex is at most ``short`` characters
    long, and spelt so in ``full``, spelt as that regex (none for -1), the rest any text."""
    parts: list[str] = []
    position = 0
    for token in TOKEN.finditer(pattern):
        parts.append(re.escape(pattern[position : token.start()]))
        text, choice = token.group(0), token.group(3)
        if token.group(1):
            regex = TYPES[token.group(2)].regex if token.group(2) in TYPES else ""
            short_enough = 0 < len(regex) <= short and f"(?P<{token.group(1)}>{regex})" in full
            parts.append(f"(?:{regex})" if short_enough else ANY)
        elif text in ("(s)", "(es)"):
            parts.append(f"(?:{text[1:-1]})?")
        elif choice is not None:
            parts.append("(?:" + "|".join(re.escape(c) for c in choice.split("|")) + ")")
        else:
            parts.append("(?:" if text == "[" else ")?")
        position = token.end()
    parts.append(re.escape(pattern[position:]))
    return "".join(parts)
