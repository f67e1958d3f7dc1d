"""A phrase's outline: its regex with every parameter taken as any text.

A pattern's full regex spells out each parameter's type ("{pods:pods}" is thousands of
characters), so compiling it costs far more than trying it; most of the phrases a line is
tried against differ from it in their own words. The outline keeps the pattern's words,
plural endings, choices and optional parts exactly as ``patterns.translate`` writes them
and lets each parameter be any text, so every text the full regex matches, the outline
matches too: a text the outline refuses is refused without compiling the full regex
(``StepDefinition.fullmatch``; tests/harness/test_outlines.py holds the two together).
"""

from __future__ import annotations

import re

from kubeloop.harness.patterns import TOKEN

ANY = "(?s:.*?)"
"""What a parameter may be in an outline: anything, the line's ends included."""


def outline(pattern: str) -> str:
    """The source of ``pattern``'s outline regex (matched case-insensitively, as the full one).

    The pattern is one ``translate`` has already accepted, so its brackets balance.
    """
    parts: list[str] = []
    position = 0
    for token in TOKEN.finditer(pattern):
        parts.append(re.escape(pattern[position : token.start()]))
        text, choice = token.group(0), token.group(3)
        if token.group(1):
            parts.append(ANY)
        elif text in ("(s)", "(es)"):
            parts.append(f"(?:{text[1:-1]})?")
        elif choice is not None:
            parts.append("(?:" + "|".join(re.escape(c) for c in choice.split("|")) + ")")
        else:
            parts.append("(?:" if text == "[" else ")?")
        position = token.end()
    parts.append(re.escape(pattern[position:]))
    return "".join(parts)
