"""A word's stem: the one form every tense, number and aspect of it reads as.

"fails", "failed" and "failing" are "fail"; "servers" is "server"; "ran" is "run". Only
consistency matters (the lexicon stems catalog words and the user's alike), so the rules
are a few suffixes and a table of irregular verbs, and a stem need not be a word.
"""

from __future__ import annotations

import functools

_IRREGULAR = {
    "ran": "run",
    "went": "go",
    "gone": "go",
    "goes": "go",
    "was": "be",
    "were": "be",
    "been": "be",
    "is": "be",
    "are": "be",
    "am": "be",
    "being": "be",
    "has": "have",
    "had": "have",
    "having": "have",
    "did": "do",
    "done": "do",
    "does": "do",
    "built": "build",
    "broke": "break",
    "broken": "break",
    "came": "come",
    "began": "begin",
    "begun": "begin",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "got": "get",
    "gotten": "get",
    "kept": "keep",
    "burnt": "burn",
    "left": "leave",
    "made": "make",
    "saw": "see",
    "seen": "see",
    "shown": "show",
    "sent": "send",
    "spent": "spend",
    "rose": "rise",
    "risen": "rise",
    "fell": "fall",
    "fallen": "fall",
    "wrote": "write",
    "written": "write",
    "chose": "choose",
    "chosen": "choose",
    "held": "hold",
    "led": "lead",
    "lost": "lose",
    "paid": "pay",
    "said": "say",
    "told": "tell",
    "found": "find",
    "brought": "bring",
    "became": "become",
    "grew": "grow",
    "grown": "grow",
    "threw": "throw",
    "thrown": "throw",
    "knew": "know",
    "known": "know",
    "died": "die",
    "dies": "die",
    "dying": "die",
    "stuck": "stick",
    "hit": "hit",
    "set": "set",
    "put": "put",
    "shut": "shut",
    "cut": "cut",
    "read": "read",
    "meant": "mean",
    "stood": "stand",
    "understood": "understand",
    "woke": "wake",
    "spun": "spin",
    "fed": "feed",
    "bound": "bind",
    "children": "child",
    "men": "man",
    "data": "data",
    "series": "series",
    "status": "status",
    "this": "this",
    "its": "its",
    "us": "us",
    "bus": "bus",
    "less": "less",
    "unless": "unless",
    "yes": "yes",
    "always": "always",
    "previous": "previous",
    "various": "various",
    "analysis": "analysis",
    "basis": "basis",
    "news": "news",
    "metrics": "metric",
    "ms": "ms",
    "rps": "rps",
    "qps": "qps",
    "cves": "cve",
    "staging": "staging",
    "use": "use",
    "used": "use",
    "uses": "use",
    "using": "use",
}
_VOWELS = frozenset("aeiouy")


def _undouble(stem: str) -> str:
    """ "runn" (from "running") is "run"; "pass" and "fall" keep their double letters."""
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsz" and stem[-1].isalpha():
        return stem[:-1]
    return stem


def _has_vowel(text: str) -> bool:
    return any(c in _VOWELS for c in text)


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """The stem of one lowercase word ("passes" → "pass", "scaled" → "scal"); kept for the
    words met lately, as the catalog's and every line's words are stemmed again and again."""
    word = word.lower()
    if word in _IRREGULAR:
        base = _IRREGULAR[word]
        return base if base == word else _suffixes(base)
    return _suffixes(word)


def _suffixes(word: str) -> str:
    if not word.isalpha() or len(word) <= 3:
        return word
    if word.endswith(("ies", "ied")) and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "ches", "shes", "xes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ed") and not word.endswith("eed") and len(word) > 4 and _has_vowel(word[:-2]):
        word = _undouble(word[:-2])
    elif word.endswith("ing") and len(word) > 4 and _has_vowel(word[:-3]):
        word = _undouble(word[:-3])
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word
