"""A list of facts is read clause by clause so that the rest still reads: an environment
list is greedy, and a clause that takes a word the next clause needs must give it back."""

from __future__ import annotations

import re

import pytest

import kubeloop.harness.artifacts  # noqa: F401  (registers the artifact type)
from kubeloop.harness.params import TYPES
from kubeloop.harness.pipeline_words import FACTS, Fact, _facts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            ", promoted to staging and rolled out to prod",
            (Fact("promoted", "staging"), Fact("rolled out", "prod")),
        ),
        (
            " approved, promoted to dev and staging and went live in prod",
            (
                Fact("approved"),
                Fact("promoted", "dev"),
                Fact("promoted", "staging"),
                Fact("running", "prod"),
            ),
        ),
        (
            " was promoted to dev, staging and prod, and was approved for prod",
            (
                Fact("promoted", "dev"),
                Fact("promoted", "staging"),
                Fact("promoted", "prod"),
                Fact("approved", "prod"),
            ),
        ),
        (" passed every gate and runs in prod", (Fact("gates"), Fact("running", "prod"))),
        (
            " deployed to qa and reached prod",
            (Fact("promoted", "qa"), Fact("running", "prod")),
        ),
        (
            " promoted to dev, then staging and landed in prod",
            (Fact("promoted", "dev"), Fact("promoted", "staging"), Fact("running", "prod")),
        ),
    ],
)
def test_a_greedy_environment_list_gives_back_the_next_clause(
    text: str, expected: tuple[Fact, ...]
) -> None:
    assert re.fullmatch(FACTS, text, re.IGNORECASE), text
    assert _facts(text) == expected


@pytest.mark.parametrize(
    "word", ["is", "was", "are", "has", "gets", "runs", "nothing", "and", "then", "but"]
)
def test_a_verb_or_a_joining_word_is_never_an_artifact(word: str) -> None:
    assert re.fullmatch(TYPES["artifact"].regex, word, re.IGNORECASE) is None
    assert re.fullmatch(TYPES["artifact"].regex, "R1", re.IGNORECASE) is not None
