"""How alike a text is spelled to each of many fixed texts (Dice's coefficient over their
letter trigrams), every fixed text's trigrams kept as the bits of one integer.

close_phrases compares an unmatched line with every example of the catalog. The trigrams
two texts share, counted as ``(mine & theirs).bit_count()``, are the same whole number as
the size of their sets' intersection (``plain``), so each closeness is the same float; one
``&`` of two integers costs a fraction of intersecting two sets of strings.
"""

from __future__ import annotations

from collections.abc import Sequence


class TrigramBits:
    """Fixed texts' trigram sets, each as an integer: one bit per trigram any of them has."""

    def __init__(self, sets: Sequence[frozenset[str]]) -> None:
        bits: dict[str, int] = {}
        masks: list[int] = []
        for grams in sets:
            mask = 0  # (``_mask``, as each trigram gets its bit)
            for gram in sorted(grams):
                bit = bits.get(gram)
                if bit is None:
                    bit = bits[gram] = 1 << len(bits)
                mask |= bit
            masks.append(mask)
        self._bits = bits
        self._masks = tuple(masks)
        self._sizes = tuple(len(grams) for grams in sets)

    def dice(self, grams: frozenset[str]) -> list[float]:
        """For each fixed text, ``2 * shared / (len(grams) + theirs)`` (0 for two empty sets):
        ``plain(sets, grams)``."""
        mine = _mask(self._bits, grams)
        size = len(grams)
        return [
            2 * (mine & theirs).bit_count() / (size + count or 1)
            for theirs, count in zip(self._masks, self._sizes, strict=True)
        ]


def _mask(bits: dict[str, int], grams: frozenset[str]) -> int:
    """The bits of the trigrams of ``grams`` that some fixed text has (only those are shared)."""
    mask = 0
    for gram in grams:
        mask |= bits.get(gram, 0)
    return mask


def plain(sets: Sequence[frozenset[str]], grams: frozenset[str]) -> list[float]:
    """Dice's coefficient of ``grams`` with each set, by intersecting them (the reference)."""
    return [2 * len(grams & theirs) / (len(grams) + len(theirs) or 1) for theirs in sets]
