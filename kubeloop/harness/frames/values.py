"""Typed values: the parts of a line that say which thing or how much, not what happens.

A value's type is what a frame's slot must agree with ("5 minutes" is a duration, "v2" and
"node-2" names, "'up == 0'" PromQL); the words around values are concepts (lexicon.py).
"""

from __future__ import annotations

import re

from kubeloop.harness.params import SAID_NUMBERS

_UNIT_WORDS = {
    "ms": "ms",
    "millisecond": "ms",
    "milliseconds": "ms",
    "s": "s",
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "m": "m",
    "min": "m",
    "mins": "m",
    "minute": "m",
    "minutes": "m",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "d": "d",
    "day": "d",
    "days": "d",
    "w": "w",
    "week": "w",
    "weeks": "w",
}
"""Units of time, spelled out or short: a number before one is a duration."""

NUMBER_WORDS = SAID_NUMBERS
"""Numbers said in words: a count as the phrases' own count parameter reads them."""

_TYPED: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(regex))
    for kind, regex in (
        ("cve", r"(?i:CVE-\d{4}-\d+|GHSA-[\w-]+)"),
        ("date", r"\d{4}-\d{2}-\d{2}"),
        ("digest", r"(?i:sha256:[0-9a-f]*(?:…|\.\.\.)?)"),
        ("taint", r"[A-Za-z0-9][-\w./]*(?:=[-\w.]*)?:(?:NoSchedule|PreferNoSchedule|NoExecute)"),
        ("label", r"[A-Za-z0-9][-\w./]*=[-\w.]*"),
        ("percent", r"\d+(?:\.\d+)?%"),
        ("quantity", r"\d+(?:\.\d+)?(?:Ki|Mi|Gi|Ti|KiB|MiB|GiB|TiB|K|M|G|T|KB|MB|GB|TB)|\d{3,}m"),
        ("duration", r"\d+(?:\.\d+)?(?:ms|s|m|h|d|w)"),
        ("version", r"\d+\.\d+\.\d+(?:[-+][\w.]+)?"),
        ("number", r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"),
    )
)
_NAME_LIKE = re.compile(r".*(?:\d|[-_.:/]|[A-Z])")


def unit(word: str) -> str | None:
    """The unit of time a word names, if any ("minutes" → "m")."""
    return _UNIT_WORDS.get(word.lower())


def typed(word: str) -> str | None:
    """The type of a bare word that is a value by its shape (a number, a percentage, a
    duration, a size, a date, a CVE id, a label, a taint, a digest), else None."""
    for kind, regex in _TYPED:
        if regex.fullmatch(word):
            return kind
    return None


def name_like(word: str) -> bool:
    """Whether a word is shaped like a name (digits, a hyphen, a dot, a capital: "node-2",
    "R7", "Marcus")."""
    return _NAME_LIKE.match(word) is not None


def quoted_type(text: str) -> str:
    """The type of a quoted value: PromQL in single quotes or backticks, or with brackets;
    one word in double quotes is a name, several a text."""
    if text[0] in "'`":
        return "promql"
    inner = text[1:-1]
    if re.search(r"[{}()\[\]]", inner):
        return "promql"
    return "name" if inner and " " not in inner else "text"
