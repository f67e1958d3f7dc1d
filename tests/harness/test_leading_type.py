"""The parameters whose place is known (kubeloop/harness/leading_type.py): a text whose
first parameter's type reads nothing where the parameter starts is never tried against the
phrase's regex, so every text a form's full regex matches must be let through: these
tests hold that on the library's examples and the corpora's lines, as written and moved,
and the screened way (``StepDefinition.first_form``) to the plain one."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.leading_type import leading
from kubeloop.harness.literal_pieces import folded
from kubeloop.harness.patterns import translate
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.test_literal_pieces import corpus_lines, moved, plainly, reading, step


def allows(pattern: str, text: str) -> bool:
    """What the screen says of ``text`` for ``pattern`` (True: no screen)."""
    found = leading(pattern, translate(pattern)[0])
    return found is None or found.allows(text, folded(text))


def test_a_parameter_is_read_at_the_start_or_just_after_words() -> None:
    assert allows("{count:n} node(s)", "3 nodes")
    assert not allows("{count:n} node(s)", "many nodes")
    assert allows("the service {count:n} node(s)", "The Service 3 nodes")
    assert not allows("the service {count:n} node(s)", "the service web nodes")
    assert not allows("scale web to {count:n} replicas", "oh scale web to 3 replicas")
    middle = "{name:name} scales to {count:n} replicas"
    assert allows(middle, "web scales to 3 replicas")
    assert not allows(middle, "web scales to x replicas")
    assert allows(middle, "web scales to x replicas scales to 4")  # (any place the words are)


def test_no_place_known_is_no_screen() -> None:
    assert leading("[the ]{count:n} nodes", translate("[the ]{count:n} nodes")[0]) is None
    assert leading("I reconcile", "I reconcile") is None
    assert leading("{x:n} ≈ {y:n}", translate("{x:n} ≈ {y:n}")[0]) is not None  # (the first)


def test_every_text_a_full_regex_matches_the_screen_lets_through() -> None:
    """Every 4th example and every 40th distinct corpus line, as written and moved, against
    every form of the phrases the index offers: a form's full regex never matches a text
    its screen refuses, the screen refuses many, and the screened answer is the plain one."""
    examples = sorted({e for d in REGISTRY.definitions for e in d.examples})[::4]
    texts = {t for line in [*examples, *corpus_lines(40)] for t in moved(line)}
    matched = refused = 0
    for text in sorted(texts):
        lowered = folded(text)
        for keyword in ("given", "when", "then"):
            for definition in REGISTRY.candidates(keyword, text):
                for form, regex in enumerate(definition.regexes):
                    screen = leading(definition.patterns[form], definition.sources[form])
                    allowed = screen is None or screen.allows(text, lowered)
                    if regex.fullmatch(text) is not None:
                        matched += 1
                        assert allowed, (definition.patterns[form], text)
                    refused += not allowed
                assert reading(definition.first_form(text)) == reading(plainly(definition, text))
    assert matched > 1000
    assert refused > 1000


WORDS = ["the", "3", "pods", "on", "node-1", "x", "are", "running", "of", "10%", "web", "ſ"]
MADE_UP = "{count:n} pod(s) <are|is> running on {node:node} of {share:percent}[ {x:name}]"


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=9))
def test_a_made_up_text_is_screened_as_the_plain_regexes_read_it(words: list[str]) -> None:
    definition = Registry().register("then", MADE_UP, step, ())
    text = " ".join(words)
    assert reading(definition.first_form(text)) == reading(plainly(definition, text))
    if re.fullmatch(definition.regex, text):
        assert allows(MADE_UP, text)
