"""A pattern's required words as the matcher tests them (``phrase_index.requirement``): the
same answer as ``required_words`` read plainly, every choice asked in turn."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.phrase_index import required_words, requirement, text_words
from kubeloop.harness.registry import REGISTRY

PATTERNS = sorted({p for d in REGISTRY.definitions for p in d.patterns})
WORDS = sorted({w for p in PATTERNS for ws in required_words(p) for w in ws})


def plainly(pattern: str, words: set[str]) -> bool:
    """The reference: a word of every required set."""
    return all(not choice.isdisjoint(words) for choice in required_words(pattern))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATTERNS), st.sets(st.sampled_from(WORDS), max_size=12))
def test_a_requirement_is_met_as_the_required_words_read_plainly(
    pattern: str, words: set[str]
) -> None:
    words |= {w for ws in required_words(pattern)[1:] for w in sorted(ws)[:1]}  # (nearly met)
    assert requirement(pattern).met(words) == plainly(pattern, words)


def test_every_pattern_meets_its_own_words_and_not_fewer() -> None:
    for pattern in PATTERNS:
        required = required_words(pattern)
        mine = {sorted(ws)[0] for ws in required}
        assert requirement(pattern).met(mine), pattern
        for left_out in mine:
            assert requirement(pattern).met(mine - {left_out}) == plainly(
                pattern, mine - {left_out}
            ), (pattern, left_out)


def test_a_texts_words_are_read_as_plainly() -> None:
    for text in ["3 Pods are RUNNING", "İt ſcales", "", "a  b", "3 pods are running"] * 2:
        assert text_words(text) == set(
            text.translate(str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})).lower().split(" ")
        )
