"""The phrase index hands over only the candidates with a form whose required words and
literal pieces a text has, each with those forms (``WordIndex.forms``), and a definition
tries only those (``StepDefinition.first_screened``, ``Registry.match_one``): these tests
hold that to the plain way, every form of every candidate screened in turn
(``WordIndex.candidates``, ``first_form``, ``Registry.plain_match_one``), on the library's
examples, the corpora's lines and the benchmarks' unmatched lines, as written and moved."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.definitions import Match, StepDefinition
from kubeloop.harness.literal_pieces import folded, pieces
from kubeloop.harness.phrase_index import WordIndex, requirement, text_words
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.plain_forms import reading
from tests.harness.test_literal_pieces import corpus_lines, moved
from tests.harness.unmatched_lines import unmatched_lines

KEYWORDS = ("given", "when", "then")


def plain_forms(
    index: WordIndex[StepDefinition], keyword: str, text: str
) -> list[tuple[StepDefinition, tuple[int, ...]]]:
    """The reference: every candidate with a form whose words and pieces the text has, and
    those forms."""
    words, lowered = text_words(text), folded(text)
    found = [
        (d, tuple(f for f, p in enumerate(d.patterns) if screened(p, words, lowered)))
        for d in index.candidates(keyword, text)
    ]
    return [(d, forms) for d, forms in found if forms]


def screened(pattern: str, words: frozenset[str], lowered: str) -> bool:
    return requirement(pattern).met(words) and pieces(pattern).held_by(lowered)


def texts() -> list[str]:
    """Every 4th example and every 20th corpus line, and the benchmarks' lines, moved."""
    examples = sorted({e for d in REGISTRY.definitions for e in d.examples})[::4]
    lines = [*examples, *corpus_lines(20), *(text for _, text in unmatched_lines())]
    return sorted({t for line in lines for t in moved(line)})


def test_the_index_hands_each_candidate_the_forms_a_plain_screen_keeps() -> None:
    index = WordIndex(REGISTRY.definitions)
    said = texts()
    assert len(said) > 4000
    several = 0
    for text in said:
        for keyword in KEYWORDS:
            found = index.forms(keyword, text)
            assert found == plain_forms(index, keyword, text), (keyword, text)
            several += sum(len(forms) > 1 for _, forms in found)
    assert several > 100  # (definitions with more than one form a text has the words of)


def test_a_definition_reads_its_screened_forms_as_all_of_them() -> None:
    index = WordIndex(REGISTRY.definitions)
    matched = 0
    for text in texts()[::3]:
        for keyword in KEYWORDS:
            for definition, forms in index.forms(keyword, text):
                found = definition.first_screened(text, forms)
                assert reading(found) == reading(definition.first_form(text)), text
                matched += found is not None
    assert matched > 400


def seen(matches: list[Match]) -> list[object]:
    return [(m.definition.pattern, m.form, m.arguments, m.text) for m in matches]


def step(world: object, **_: object) -> None:
    """A step."""


def registry() -> Registry:
    """Phrases whose forms need different words, one needing none."""
    made = Registry()
    made.register("then", "{count:n} pod(s) <are|is> running", step, (), ("pods run {count:n}",))
    made.register("then", "{name:name} runs", step, (), ("[the ]{name:name} is up",))
    made.register("then", "{name:name}", step, ())
    made.register("then", "{count:n} pods <are|is> up", step, (), ("up are {count:n} pods",))
    return made


WORDS = ["the", "pods", "pod", "are", "is", "running", "run", "runs", "up", "web", "3", "a"]


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
def test_match_one_finds_what_every_form_tried_in_turn_finds(words: list[str]) -> None:
    """Two registries of the same phrases (each definition remembers its answers)."""
    text = " ".join(words)
    assert seen(registry().match_one("then", text)) == seen(
        registry().plain_match_one("then", text)
    )


def test_a_second_form_and_a_form_that_needs_no_word_are_found() -> None:
    made = registry()
    assert seen(made.match_one("then", "pods run 3")) == [
        ("{count:n} pod(s) <are|is> running", 1, {"count": 3}, "pods run 3")
    ]
    assert seen(made.match_one("then", "the web is up")) == [
        ("{name:name} runs", 1, {"name": "web"}, "the web is up")
    ]
    assert seen(made.match_one("then", "web")) == [("{name:name}", 0, {"name": "web"}, "web")]


def test_match_one_remembers_until_a_phrase_is_added_or_dropped() -> None:
    made = registry()
    assert made.match_one("then", "web is down") == []
    added = made.register("then", "{name:name} is down", step, ())
    assert seen(made.match_one("then", "web is down")) == [
        ("{name:name} is down", 0, {"name": "web"}, "web is down")
    ]
    assert made.match_one("then", "web is down") == made.plain_match_one("then", "web is down")
    made.forget(lambda d: d is not added)
    assert made.match_one("then", "web is down") == []


def test_a_remembered_match_s_arguments_are_fresh_copies() -> None:
    """A declaration's options are a dict a step may change (match_cache.py)."""
    made = Registry()
    made.register("given", "an HPA for {deployment:deployment}{options:autoscaling}", step, ())
    text = 'an HPA for "web" from 1 to 10 replicas'
    first = made.match_one("given", text)[0].arguments["options"]
    assert isinstance(first, dict) and first
    first.clear()
    assert made.match_one("given", text)[0].arguments["options"]
