"""The most difflib's letter ratio of two texts can be: the letters they share in the same
order, not necessarily together, counted as difflib counts a ratio.

difflib's matching blocks stand in the same order in both texts, so together they are a
common subsequence: the longest one is at least as long, and ``2 * longest / (len(a) +
len(b))`` is at least the ratio, the same float or a larger one. Counted a bit per letter
of the second text (Hyyrö's bit-parallel longest common subsequence: a few operations on
one integer per letter of the first), it costs a fraction of the ratio and is far closer
to it than difflib's own bounds (length, letters in any order), so a suggestion that
cannot reach a cut is refused before its ratio is computed.
"""

from __future__ import annotations


def places(text: str) -> dict[str, int]:
    """Each letter of ``text`` → the places it stands at, as bits (what ``at_most`` reads
    of its second text; kept by a caller that asks of the same text again)."""
    bits: dict[str, int] = {}
    for place, letter in enumerate(text):
        bits[letter] = bits.get(letter, 0) | (1 << place)
    return bits


def at_most(text: str, other: str, where: dict[str, int] | None = None) -> float:
    """The most ``difflib.SequenceMatcher(None, text, other).ratio()`` can be (1.0 for two
    empty texts, as difflib says); ``where``: ``places(other)``, when kept."""
    total = len(text) + len(other)
    if not total:
        return 1.0
    where = places(other) if where is None else where
    every = (1 << len(other)) - 1
    unmatched = every
    for letter in text:
        matched = unmatched & where.get(letter, 0)
        unmatched = (unmatched + matched) | (unmatched - matched)
    common = len(other) - (unmatched & every).bit_count()
    return 2.0 * common / total
