"""A failure's headline: what was expected and what was seen, whole, in one or two lines.

A step's error starts ``expected: …`` then ``saw: …``; "saw" may begin on the next lines
(a list of what a gate said), which a reader keeping only the first two lines would drop.
The headline folds those lines into the "saw" line and stops at the first blank line,
where the pictures of the world begin.
"""

from __future__ import annotations

LIMIT = 500
"""Characters of a one-line headline (a JUnit ``message=`` attribute)."""


def headline_lines(error: str) -> list[str]:
    """``["expected: …", "saw: a; b"]`` for an assertion, else the error's first line."""
    lines = error.strip("\n").splitlines()
    if not lines:
        return []
    first = lines[0].strip()
    if not (first.startswith("expected:") and len(lines) > 1):
        return [first]
    seen = [lines[1].strip()]
    for line in lines[2:]:
        if not line.strip():
            break
        seen.append(line.strip())
    saw = seen[0] if len(seen) == 1 else f"{seen[0]} " + "; ".join(seen[1:])
    return [first, saw]


def headline(error: str) -> str:
    """The headline on one line, at most LIMIT characters."""
    text = "; ".join(headline_lines(error)) or "failed"
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"
