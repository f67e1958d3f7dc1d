"""A check said after a wait ("30 minutes later the error ratio for web is below 0.1%",
"after an hour, no pod is on node-2") is no one phrase: a Then never moves the clock. It is
offered as two steps in the writer's values, the wait as a When and the check as a Then,
each a sentence a run takes as written; a wait before a check no phrase reads is not."""

from __future__ import annotations

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.english.suggestions.offered import two_steps_offered

load_step_library()


@pytest.mark.parametrize(
    ("text", "wait", "check"),
    [
        (
            "30 minutes later the error ratio for web is below 0.1%",
            "30 minutes pass",
            "the error ratio for web is below 0.1%",
        ),
        ("after an hour, no pod is on node-2", "an hour passes", "no pod is on node-2"),
        ('2 hours later "HighErrors" is firing', "2 hours pass", '"HighErrors" is firing'),
    ],
)
def test_a_check_after_a_wait_is_offered_the_wait_then_the_check(
    text: str, wait: str, check: str
) -> None:
    steps = two_steps_offered("then", text)
    assert steps == [("when", wait), ("then", check)], steps
    assert all(REGISTRY.accepts(kw, sentence) for kw, sentence in steps), steps


def test_a_wait_before_words_no_phrase_reads_is_not_offered_as_two_steps() -> None:
    message = REGISTRY.undefined_message("then", "30 minutes later the moon is blue")
    assert "time passes only in a When" not in message, message
