"""Words that mean a concept without saying the catalog's word: "not ready" is NotReady,
"burnt" is burn, and a hyphenated word made of concepts ("burn-rate", "fast-burn") is
those words, not a name; a hyphenated name ("node-2", "checkout-api") stays a name. Each
changes the suggestion a line gets."""

from __future__ import annotations

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _concepts(text: str) -> list[str]:
    return [c.label for c in REGISTRY.frames().chunk(text).chunks if c.kind == "concept"]


def _names(text: str) -> list[str]:
    return [v.text for v in REGISTRY.frames().chunk(text).values if v.label == "name"]


@pytest.mark.parametrize(
    ("said", "means"),
    [
        ("node-5 is not ready", "node-5 is NotReady"),
        ("node-5 is unready", "node-5 is NotReady"),
        ("the budget of orders is burnt", "the budget of orders is burned"),
    ],
)
def test_words_that_mean_a_concept_read_as_it(said: str, means: str) -> None:
    assert _concepts(said) == _concepts(means)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a burn-rate page for orders", ["burn", "rate"]),
        ("a fast-burn alert for orders", ["fast", "burn"]),
        ("the high-priority class", ["high", "priority"]),
    ],
)
def test_a_hyphenated_word_made_of_concepts_is_no_name(text: str, words: list[str]) -> None:
    hyphenated = next(w for w in text.split() if "-" in w)
    assert hyphenated not in _names(text)
    assert all(any(c.startswith(w[:3]) for c in _concepts(text)) for w in words), _concepts(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("node-7 fails", "node-7"),
        ("the checkout-api pods", "checkout-api"),
        ("priority class system-node-critical", "system-node-critical"),
        ("the SLO paged the on-call", "on-call"),
        ("the orders-availability SLO", "orders-availability"),
    ],
)
def test_a_hyphenated_name_stays_a_name(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize(
    ("keyword", "text", "first", "kept"),
    [
        (
            "given",
            "an availability SLO of 99.5% over 28 days for cart with a burn-rate page",
            "burn rate",
            ["99.5%", "28 days", "cart"],
        ),
        ("given", "a fast-burn alert for orders", "burn", ["orders"]),
    ],
)
def test_the_first_suggestion_says_the_concept_in_the_lines_values(
    keyword: str, text: str, first: str, kept: list[str]
) -> None:
    assert not REGISTRY.accepts(keyword, text)
    offered = REGISTRY.suggestions(keyword, text)
    assert offered and first in offered[0], offered
    assert all(value in offered[0] for value in kept), offered


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("node node-4 shows as not ready", "node-4 is NotReady"),
        ("node node-6 shows as unready", "node-6 is NotReady"),
    ],
)
def test_a_line_that_says_not_ready_reads_as_notready(text: str, read: str) -> None:
    assert [m.text for m in REGISTRY.match("then", text)] == [read]
