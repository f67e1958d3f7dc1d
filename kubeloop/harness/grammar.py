"""Grammar people use around the facts: modal verbs and filler words, read away.

"6 checkout pods should be running" states the same fact as "6 checkout pods are running";
"no pod should run v1 anymore" the same as "no pod runs v1". Rather than a variant of every
phrase, a step that matches nothing is read again with the modal replaced by the plain
verb (in the singular and the plural) and the fillers dropped. The registry accepts such
a reading only when exactly one definition matches it, so no sentence becomes ambiguous.
Negated modals ("should not be") are left alone: they would need the opposite check.
"""

from __future__ import annotations

import re

_MODAL = r"(?:should|must|will|shall)"
_FILLERS = re.compile(
    r"\s+(?:anymore|any more|any longer|eventually|afterwards|now)(?=$|[,.])", re.IGNORECASE
)
_RULES: list[tuple[re.Pattern[str], tuple[str, ...]]] = [
    (re.compile(rf"\b{_MODAL}( still)? be\b", re.IGNORECASE), (r"is\1", r"are\1")),
    (re.compile(rf"\b{_MODAL}( still)? have\b", re.IGNORECASE), (r"has\1", r"have\1")),
    (re.compile(rf"\b{_MODAL}( still)? (?!not\b)(\w+)", re.IGNORECASE), (r"\1 \2", r"\1 \2s")),
]


def readings(text: str) -> list[str]:
    """Other ways to read ``text`` with the modal verbs and fillers taken out (maybe none)."""
    stripped = _FILLERS.sub("", text).rstrip(".")
    for rule, replacements in _RULES:
        if rule.search(stripped):
            found = [rule.sub(r, stripped, count=1) for r in replacements]
            return [" ".join(f.split()) for f in _dedupe(found)]
    return [stripped] if stripped != text else []


def _dedupe(texts: list[str]) -> list[str]:
    return list(dict.fromkeys(texts))
