"""A line whose second thing starts at "where", "that", "with", "against" or "using" is
offered two steps too, when no single phrase keeps its values: a value no slot of the
nearest phrase takes ("70 requests per second" beside a cluster) is kept in a step of its
own, not dropped. A clause with no subject of its own ("unit tests passing at 91%
coverage") is about the build the first clause names last ("as K7")."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames import two_steps
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.english.suggestions.offered import sure_values, two_steps_offered

load_step_library()


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("a cluster of 3 nodes where the service web serves 70 requests per second", "70"),
        ("K9 passed every gate using a waiver for CVE-2026-1234 that expires 2026-11-30", "2026"),
        ("billing runs v5 all week with 0.2% of requests failing", "0.2%"),
        ("K2 is ledger 3.4.1 with green unit tests reaching 93% coverage", "93%"),
        ("ledger 5.0.2 is built as K7 with unit tests going green at 91% coverage", "K7"),
    ],
)
def test_a_value_no_single_phrase_holds_is_kept_in_a_second_step(text: str, second: str) -> None:
    steps = two_steps_offered("given", text)
    assert len(steps) == 2, (text, steps)
    assert all(REGISTRY.accepts(kw, sentence) for kw, sentence in steps), steps
    said = [sentence for _, sentence in steps]
    assert two_steps.kept(sorted(sure_values(text)), said) == len(sure_values(text)), (text, steps)
    assert second in said[1], steps
    for sentence in said:  # (no value the user did not give: no fact invented)
        assert sure_values(sentence) <= sure_values(text), (text, sentence)


@pytest.mark.parametrize(
    ("clause", "subjects"),
    [
        ("ledger 5.0.2 is built as K7", ["ledger", "K7"]),
        ("v2 goes bad", ["v2"]),
        ("the alert fires", ["the alert"]),
        ("checkout is built as v9", ["checkout", "v9"]),
    ],
)
def test_a_clause_without_a_subject_is_about_the_first_ones_subject_or_last_build(
    clause: str, subjects: list[str]
) -> None:
    assert two_steps.subjects(REGISTRY.frames(), clause) == subjects
