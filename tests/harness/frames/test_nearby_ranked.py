"""The nearest examples' ranking (frames/nearby.py, ``_ranked``): a sentence that enough
others surely come before is not compared letter by letter. These tests hold it to the
plain ranking (``plain_ranked``, every sentence's letters compared) on the benchmarks'
lines, cut and moved, under each keyword and for one, three and five suggestions."""

from __future__ import annotations

import random

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.frames import nearby
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines


def _lines() -> list[tuple[str, str]]:
    """The benchmarks' lines, and some of them cut or with their clauses swapped."""
    lines = unmatched_lines()
    moved = [(kw, " ".join(text.split()[2:])) for kw, text in lines[::4]]
    moved += [(kw, " and ".join(reversed(text.split(" and ")))) for kw, text in lines[1::4]]
    return lines + [(kw, text) for kw, text in moved if text]


def test_the_nearest_are_ranked_as_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    index = REGISTRY.frames()
    chosen = random.Random(12)
    pruned = []
    ranked = nearby._ranked

    def counting(lowered: str, said_as: list[nearby._Said], count: int) -> list[tuple[str, str]]:
        pruned.append(len(said_as) > count)
        return ranked(lowered, said_as, count)

    monkeypatch.setattr(nearby, "_ranked", counting)
    for keyword, text in _lines():
        count = chosen.choice([1, 3, 5])
        fast = nearby.phrases(index, keyword, text, count)
        with monkeypatch.context() as plain:
            plain.setattr(nearby, "_ranked", nearby.plain_ranked)
            assert nearby.phrases(index, keyword, text, count) == fast, (keyword, text, count)
    assert sum(pruned) > 100  # (many rankings had more sentences than they show)


def test_a_sentence_others_surely_precede_is_left_out() -> None:
    said_as: list[nearby._Said] = [
        (False, 5.0, 3, "given", "web runs 3 pods"),
        (False, 5.0, 1, "given", "web runs 2 pods"),
        (False, 1.0, 0, "given", "web runs 4 pods"),
        (True, 9.0, 2, "given", "the node is ready"),
    ]
    lowered = "web runs 3 pods"
    assert nearby._ranked(lowered, said_as, 2) == nearby.plain_ranked(lowered, said_as, 2)
    assert nearby._ranked(lowered, said_as, 2) == [
        ("given", "web runs 3 pods"),
        ("given", "web runs 2 pods"),
    ]


def test_every_concept_an_example_says_has_its_rarity() -> None:
    """What a line and an example share is weighed once (``covered``) for both the screen
    and the rough score: only a concept with no rarity of its own would weigh differently
    in each, and every concept an example says has one."""
    catalog = nearby._catalog(REGISTRY.frames())
    assert len(catalog.known) > 1000
    assert all(k.content <= catalog.weight.keys() for k in catalog.known)
