"""Hedges: words that change nothing a step does ("already", "still", "directly", "by
itself", "as expected"). "R1 is already running in prod" states what "R1 is running in
prod" states. Words that do change a step ("only", "just", "again", "almost", "never",
"immediately") are no hedges, and neither is "exactly", which the phrases that count read
as a bound of its own."""

from __future__ import annotations

import re

PLAIN = (
    "already",
    "still",
    "currently",
    "indeed",
    "actually",
    "really",
    "definitely",
    "certainly",
    "successfully",
    "correctly",
    "properly",
    "as expected",
    "as planned",
    "as intended",
)
"""Hedges no phrase gives a meaning to: taken out first."""
HEDGES = (
    *PLAIN,
    "directly",
    "automatically",
    "by itself",
    "by themselves",
    "on its own",
    "on their own",
    "all by itself",
    "all on its own",
)
"""Every hedge, each said anywhere in a line (never inside quotes): a phrase may give one
of the last ones a meaning ("I promote C6 directly to prod" skips staging; "rolls back on
its own" is the system's doing), so they are taken out only after the plain ones."""


def _hedge(words: tuple[str, ...]) -> re.Pattern[str]:
    said = sorted((h.replace(" ", r"\s+") for h in words), key=len, reverse=True)
    return re.compile(r"(?<![\w\"'-])(?:" + "|".join(said) + r")(?![\w\"'-]),?\s*", re.IGNORECASE)


_PLAIN = _hedge(PLAIN)
_HEDGE = _hedge(HEDGES)
_QUOTED = re.compile(r'"[^"]*"')


def without_hedges(text: str, *, plain: bool = False) -> str:
    """``text`` with every hedge (or every plain one) taken out, quoted text as it is."""
    hedge = _PLAIN if plain else _HEDGE
    parts, position = [], 0
    for quoted in _QUOTED.finditer(text):
        parts += [hedge.sub("", text[position : quoted.start()]), quoted.group(0)]
        position = quoted.end()
    parts.append(hedge.sub("", text[position:]))
    return " ".join("".join(parts).split()).rstrip(" ,")


def hedges_one_at_a_time(text: str) -> list[str]:
    """``text`` with one of its hedges taken out, for each hedge when it says two or more
    (a phrase may say one of them: "rolled back automatically … on its own")."""
    found = [m for m in _HEDGE.finditer(text) if not _inside_quotes(text, m.start())]
    if len(found) < 2:
        return []
    return [" ".join((text[: m.start()] + text[m.end() :]).split()).rstrip(" ,") for m in found]


def _inside_quotes(text: str, position: int) -> bool:
    return text.count('"', 0, position) % 2 == 1
