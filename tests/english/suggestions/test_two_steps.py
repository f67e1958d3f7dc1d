"""A line that says two things, when no single phrase keeps all its values, is offered two
steps first: one per clause (split at "and", "but", "because", "since", a comma), each a
sentence a run takes as written, the second written "And" after the same keyword, a
clause that starts with its verb given the first clause's subject; together they keep
every value the line gives and say none it does not."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames import two_steps
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.english.suggestions.offered import sure_values, two_steps_offered

load_step_library()


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "payments is still on v7 because nothing rolled back"),
        ("then", "orders is still on v2, since nothing rolled back"),
        ("then", "cart is still on v3, because nothing was rolled back"),
        ("when", "v5 goes bad and is rolled back to v4"),
        ("when", "v8 goes bad and gets rolled back to v7"),
        ("then", "the cluster rolls out v4 and all 5 cart pods run v4"),
        (
            "given",
            'billing serves 200 rps cleanly, with an SLO "billing-ok" at 99.5% over 28 days',
        ),
    ],
)
def test_a_line_that_says_two_things_is_offered_two_steps_that_keep_itssure_values(
    keyword: str, text: str
) -> None:
    steps = two_steps_offered(keyword, text)
    assert len(steps) == 2, (text, steps)
    assert all(REGISTRY.accepts(kw, sentence) for kw, sentence in steps), steps
    said = [sentence for _, sentence in steps]
    assert two_steps.kept(sorted(sure_values(text)), said) == len(sure_values(text)), (text, steps)
    for _, sentence in steps:  # (no value the user did not give: no fact invented)
        assert sure_values(sentence) <= sure_values(text), (text, sentence)


def test_the_second_step_is_written_and_after_the_same_keyword() -> None:
    lines = REGISTRY.undefined_message(
        "then", "payments is still on v7 because nothing rolled back"
    ).splitlines()
    assert lines[2:4] == ["    Then payments is still on v7", "    And nothing rolled back"]


def test_a_check_that_starts_from_an_event_is_offered_the_event_then_the_check() -> None:
    steps = two_steps_offered("then", "the cluster rolls out v4 and all 5 cart pods run v4")
    assert [kw for kw, _ in steps] == ["when", "then"], steps
    lines = REGISTRY.undefined_message(
        "then", "the cluster rolls out v4 and all 5 cart pods run v4"
    ).splitlines()
    assert lines[2].startswith("    When ") and lines[3].startswith("    Then "), lines


@pytest.mark.parametrize(
    ("keyword", "text", "second"),
    [
        ("when", "v5 goes bad and is rolled back to v4", "v5"),
        ("when", "v8 goes bad and gets rolled back to v7", "v8"),
    ],
)
def test_a_clause_that_starts_with_its_verb_takes_the_first_clauses_subject(
    keyword: str, text: str, second: str
) -> None:
    steps = two_steps_offered(keyword, text)
    assert steps and second in steps[-1][1].split(), steps


@pytest.mark.parametrize(
    "clause", ["no errors", "there are no errors", "nothing is signed", "it never got signed"]
)
def test_a_clause_is_never_given_a_step_that_states_a_value_it_does_not(clause: str) -> None:
    index = REGISTRY.frames()
    step = two_steps.part_step(index, REGISTRY.accepts, "given", clause)
    assert step is None or sure_values(step[1]) <= sure_values(clause), step


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        (
            'an alert "A and B" fires and pages someone',
            [('an alert "A and B" fires', "pages someone")],
        ),
        (
            'build-C (version "2.7.0", commit c41d0fe) passed every gate and was promoted',
            [('build-C (version "2.7.0", commit c41d0fe) passed every gate', "was promoted")],
        ),
        ("R3 passes, then it is promoted", [("R3 passes", "it is promoted")]),
        ("cart runs v2 because nothing rolled back", [("cart runs v2", "nothing rolled back")]),
    ],
)
def test_a_line_is_split_only_outside_quotes_and_brackets(
    text: str, parts: list[tuple[str, str]]
) -> None:
    assert two_steps.splits(text) == parts


def test_two_steps_are_offered_only_when_they_keep_more_than_the_single_phrase() -> None:
    index = REGISTRY.frames()
    text = "v5 goes bad and is rolled back to v4"
    whole = two_steps.offered(index, REGISTRY.accepts, "when", text, "When v5 is rolled back to v4")
    dropped = two_steps.offered(index, REGISTRY.accepts, "when", text, "When v4 goes bad")
    assert whole is None
    assert dropped is not None and dropped.kept == len(sure_values(text))


def test_the_lines_own_two_clauses_come_first_whatever_a_single_phrase_keeps() -> None:
    index = REGISTRY.frames()
    text = "payments is still on v7 because nothing rolled back"
    single = "Then v7 can not be deployed to payments because it is not signed"
    steps = two_steps.offered(index, REGISTRY.accepts, "then", text, single)
    assert steps is not None
    assert steps.lines() == ["Then payments is still on v7", "And nothing rolled back"]
    unsaid = "payments is still on v7 because nothing whatsoever happened"
    assert two_steps.offered(index, REGISTRY.accepts, "then", unsaid, single) is None
    three = "payments is still on v7, nothing rolled back and nothing rolled back"
    assert two_steps.offered(index, REGISTRY.accepts, "then", three, single) is None
