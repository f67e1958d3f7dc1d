"""Asking whether a step matches costs no suggestions; the letter bound that lets
suggest.py skip a comparison is never below the comparison itself."""

from __future__ import annotations

import difflib
import random
from collections import Counter

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness import advice
from kubeloop.harness.registry import REGISTRY
from kubeloop.harness.suggest import _at_most


def test_a_quiet_lookup_of_an_unmatched_step_builds_no_suggestions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*_: object, **__: object) -> list[tuple[str, str]]:
        raise AssertionError("suggestions computed for a quiet lookup")

    monkeypatch.setattr(advice, "close_phrases", refuse)
    monkeypatch.setattr(advice, "about", refuse)
    assert REGISTRY.quietly("then", "the frobnicator glows a gentle mauve") == []


def test_a_quiet_lookup_finds_what_match_finds() -> None:
    text = "node node-3 goes down"
    assert REGISTRY.quietly("when", text) == REGISTRY.match("when", text)


def test_the_letter_bound_is_never_below_the_letter_ratio() -> None:
    chosen = random.Random(25)
    letters = "abcde fgh-12"
    for _ in range(2000):
        one = "".join(chosen.choices(letters, k=chosen.randint(0, 30)))
        two = "".join(chosen.choices(letters, k=chosen.randint(0, 30)))
        ratio = difflib.SequenceMatcher(None, one, two).ratio()
        bound = _at_most(Counter(one), Counter(two))
        assert bound >= ratio
        assert bound == pytest.approx(difflib.SequenceMatcher(None, one, two).quick_ratio())
