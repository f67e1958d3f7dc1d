"""Trigrams counted on bits (kubeloop/harness/trigram_bits.py) give every text's closeness
exactly as intersecting sets does, for texts that share trigrams, none, or have none."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kubeloop.harness.trigram_bits import TrigramBits, plain

_GRAMS = st.frozensets(st.text("ab c", min_size=3, max_size=3), max_size=12)


@given(st.lists(_GRAMS, max_size=20), _GRAMS)
def test_closeness_on_bits_is_closeness_of_sets(
    sets: list[frozenset[str]], grams: frozenset[str]
) -> None:
    assert TrigramBits(sets).dice(grams) == plain(sets, grams)


def test_a_trigram_no_fixed_text_has_still_counts_in_the_texts_size() -> None:
    bits = TrigramBits([frozenset({"abc", "bcd"}), frozenset()])
    assert bits.dice(frozenset({"abc", "xyz"})) == [0.5, 0.0]
    assert bits.dice(frozenset()) == [0.0, 0.0]
