"""A reason said in the user's own words ("because the waiver has expired"), and whether
an error or a verdict says it.

Quoted, the text must appear as written; unquoted, every word that carries meaning (not
"the", "has", "it", …) must appear in what the engine said, compared by its stem ("expired"
finds "expires", "signature" finds "signatures", "tests" finds "test"), in any order. A
reason the engine does not give fails, so a "because …" is never decoration. Only these
partial checks (says, mentions, because) read word forms; "is" compares whole text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kubeloop.harness.params import TYPES, ParamType

_SMALL = frozenset(
    {
        "the",
        "a",
        "an",
        "it",
        "its",
        "is",
        "was",
        "were",
        "are",
        "has",
        "have",
        "had",
        "been",
        "be",
        "of",
        "on",
        "in",
        "to",
        "for",
        "and",
        "or",
        "but",
        "that",
        "this",
        "only",
        "no",
        "not",
        "never",
        "ever",
        "any",
        "so",
        "as",
        "at",
        "by",
        "with",
        "from",
        "one",
        "being",
        "isn't",
        "wasn't",
        "hasn't",
        "doesn't",
        "didn't",
        "aren't",
        "do",
        "does",
        "did",
        "image",
        "artifact",
        "build",
        "which",
        "what",
    }
)
"""Words that carry no meaning a message must repeat: small words, negations (a message
says "no signature" as often as "not signed"), the artifact's own kind (messages name
it by its label), and the words of an indirect question ("says which evidence is
missing"), which the message answers rather than repeats."""
_SAME = {
    "under": ("below", "less"),
    "below": ("under", "less"),
    "over": ("above", "more", "exceeds"),
    "above": ("over", "more", "exceeds"),
    "signed": ("signature",),
    "unsigned": ("signature",),
    "signature": ("signed",),
    "failed": ("failures", "failure", "fail"),
    "failing": ("failures", "failure", "failed"),
    "untrusted": ("trusted", "trusts"),
    "trusted": ("trusts",),
    "approval": ("approve", "approved"),
    "approved": ("approval", "approve"),
    "results": ("report",),
    "evidence": ("report", "results", "coverage"),
    "missing": ("no", "none", "without", "never"),
    "absent": ("no", "none", "without", "never"),
}
"""Words a message may say another way ("under 80%" is "below the threshold 80%")."""
_WORD = re.compile(r"[a-z0-9][a-z0-9.-]*", re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:\.\d+)*\.?")


class Reason(str):
    """A reason as said; ``quoted`` when it was in double quotes."""

    __slots__ = ("quoted",)
    quoted: bool

    def __new__(cls, text: str, quoted: bool = False) -> Reason:
        made = super().__new__(cls, text)
        made.quoted = quoted
        return made


def _reason(text: str) -> Reason:
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return Reason(text[1:-1], quoted=True)
    return Reason(text)


def singular(word: str) -> str:
    """WORD without a plural or third-person "s", as Porter's stemmer's step 1a strips it
    ("tests" → "test", "caresses" → "caress", "ponies" → "poni", "pass" stays), and a final
    "y" read as its "i" ("pony" → "poni"), so the two forms of a word meet."""
    if word.endswith(("sses", "ies")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    return word[:-1] + "i" if word.endswith("y") and len(word) > 2 else word


def _stem(word: str) -> str:
    base = singular(word.lower().rstrip("."))
    return base[:5] if len(base) > 4 else base


_CONTRACTED = re.compile(r"\b(?:can't|cannot|won't)\b|n't\b|'s\b", re.IGNORECASE)


def _uncontracted(reason: str) -> str:
    """REASON with its contractions said whole ("isn't" is "is not", "B1's" is "B1"), so no
    piece of one ("isn", "t") is taken for a word the message must say."""
    return _CONTRACTED.sub(lambda m: "" if m.group().lower() == "'s" else " not", reason)


def says(reason: Reason, text: str, aliases: Mapping[str, str] | None = None) -> bool:
    """Whether TEXT (an error message, a gate's reason and details) gives REASON; a word
    that is one of ``aliases`` (an artifact's alias → its version) may appear as either."""
    if reason.quoted:
        return reason in text
    seen = {_stem(word) for word in _WORD.findall(text)}
    wanted = [w for w in _WORD.findall(_uncontracted(reason)) if w.lower() not in _SMALL]
    other = aliases or {}

    def found(word: str) -> bool:
        if _NUMBER.fullmatch(word):  # a number is a whole token: "3" is not in "300"
            return word.rstrip(".") in {w.rstrip(".") for w in _WORD.findall(text)}
        if _stem(word) in seen or word.lower() in text.lower():
            return True
        return any(_stem(other) in seen for other in _SAME.get(word.lower(), ()))

    return all(found(word) or (word in other and found(other[word])) for word in wanted)


def in_words_instead(
    reason: Reason, text: str, label: str, aliases: Mapping[str, str] | None = None
) -> str:
    """For a quoted REASON that TEXT does not say as written but does say in words: how the
    check reads without the quotes (LABEL is the step as written), to add to its failure;
    else nothing. A quote asks for the very text, words only for their meaning."""
    if not reason.quoted or reason in text or not says(Reason(str(reason)), text, aliases):
        return ""
    unquoted = label.replace(f'"{reason}"', str(reason), 1)
    return (
        f'; "{reason}" is not in it as written, which quotes ask for, but its words are: '
        f'without the quotes, "{unquoted}" holds'
    )


TYPES["reason"] = ParamType(
    r'"(?:[^"\\]|\\.)*"|[A-Za-z0-9](?>[^"]*)(?:"[^"]*"[^"]*)*',
    _reason,
    'a reason: "quoted text" that must appear as written, or your own words whose every '
    'word that carries meaning must appear (the waiver has expired; the key "dev" is not '
    "trusted)",
)
