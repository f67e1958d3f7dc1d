"""A suggestion says what the line says, not its opposite: a line with a negation ("never",
"nobody", "isn't", "nothing") is offered negated sentences only, whichever negation word
it uses and whether it is found by meaning or by its letters (none at all when no phrase
says it negated), and a line without one is never offered a negated sentence."""

from __future__ import annotations

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _negated(text: str) -> bool:
    """Whether a sentence says a negation (any word of that class)."""
    return any(c.kind == "negation" for c in REGISTRY.frames().chunk(text).chunks)


def _offered(keyword: str, text: str) -> list[str]:
    assert not REGISTRY.accepts(keyword, text), f"{text!r} matches: pick another line"
    return REGISTRY.suggestions(keyword, text)


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("given", "someone built cart v5 but it never got signed"),
        ("given", "somebody built payments v3 but nobody ever signed it"),
        ("then", "the slow burn alert isn't"),
        ("then", "nothing rolled back so cart is still on v7"),
        ("then", "cart is still on v7 because nothing was rolled back"),
        ("then", "R4 never got an approval for prod"),
        ("then", 'the latency alert never went off for "api"'),
        ("then", "the error budget of checkout is not burnt"),
        ("then", 'nobody paged the on-call about "api"'),
        ("then", 'node-2 never got any pod of "web"'),
        ("then", "the slo is not breachd"),
        ("then", "checkout never got rolld back"),
    ],
)
def test_a_negated_line_is_offered_a_negated_sentence(keyword: str, text: str) -> None:
    assert _negated(text), text
    offered = _offered(keyword, text)
    assert offered and all(map(_negated, offered)), (text, offered)


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "node-3 never became ready"),
        ("then", "the pods are not runing"),
    ],
)
def test_a_negated_line_no_negated_phrase_says_is_offered_no_positive_check(
    keyword: str, text: str
) -> None:
    assert _negated(text), text
    offered = _offered(keyword, text)
    assert all(map(_negated, offered)), (text, offered)


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "the slow burn alert is"),
        ("then", "cart went back to v7 because someone rolled it back"),
        ("then", 'the latency alert went off for "api"'),
        ("then", "a rollout was kicked off"),
    ],
)
def test_a_line_without_negation_is_never_offered_a_negated_sentence(
    keyword: str, text: str
) -> None:
    assert not _negated(text), text
    offered = _offered(keyword, text)
    assert offered and not any(map(_negated, offered)), (text, offered)
