"""Literal pieces (kubeloop/harness/literal_pieces.py): what a phrase's words say a text must
start with, hold in order and end with. A text they refuse is never tried against a regex,
so every text a form's full regex matches must hold them: these tests hold the screened
way (``StepDefinition._fullmatch``) to the plain one (each full regex in turn) on the
library's examples and the corpora's lines, as written and moved."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.literal_pieces import Pieces, folded, pieces
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.plain_forms import plainly, reading

ROOT = Path(__file__).parent.parent.parent
CORPORA = [ROOT / "features", ROOT / "tests" / "english" / "corpora"]
STEP = re.compile(r"^\s*(?:Given|When|Then|And|But|\*) (.+?)\s*$", re.MULTILINE)


def test_a_pattern_s_words_are_its_head_middle_and_tail() -> None:
    assert pieces("{count:n} pods are running") == Pieces((), (), (" pods are running",))
    assert pieces("[the ]alert {name:text} is <up|down>") == Pieces(
        (), (("alert ",), (" is ",)), ("up", "down")
    )
    assert pieces("I reconcile until stable[ within {passes:n} passes]") == Pieces(
        ("i reconcile until stable",), (), ()
    )
    assert pieces("<a|an> {kind:name} of {count:n} pod(s)") == Pieces(
        ("a", "an"), ((" ",), (" of ",), (" pod",)), ()
    )
    assert pieces("{x:n} ≈ {y:n}") == Pieces((), (), ())  # (case folding outside ASCII: re's)


def test_a_text_holds_the_pieces_in_order_between_its_ends() -> None:
    held = pieces("the {name:name} deployment has {count:n} pods").held_by
    assert held(folded("The web deployment has 3 PODS"))
    assert not held(folded("web deployment has 3 pods"))  # (no head)
    assert not held(folded("the web has 3 pods deployment"))  # (out of order)
    assert not held(folded("the web deployment has 3 pods now"))  # (no tail)
    assert not pieces("a {x:name} a").held_by("a a")  # (the tail overlaps the head)
    assert held(folded("THE web deployment hAS 3 podſ"))  # (re.IGNORECASE's own folds)


def test_each_piece_is_looked_for_after_the_earliest_end_of_the_one_before() -> None:
    """ "x" ends before "x y" does: " y " is looked for after "x", as the regex reads it."""
    definition = Registry().register("then", "{a:name} <x|x y> y {b:name}", step, ())
    assert definition.fullmatch("k x y z") is not None
    assert pieces(definition.pattern).held_by(folded("k x y z"))


def corpus_lines(every: int) -> list[str]:
    lines = sorted(
        {found for folder in CORPORA for f in folder.rglob("*.feature") for found in _steps(f)}
    )
    return lines[::every]


def _steps(feature: Path) -> list[str]:
    return STEP.findall(feature.read_text(encoding="utf-8"))


def moved(text: str) -> list[str]:
    """The text and the ways a line is said otherwise: cut, a word more, in capitals."""
    words = text.split(" ")
    return [text, " ".join(words[1:]), " ".join(words[:-1]), f"{text} now", text.upper()]


def test_the_screens_read_every_example_and_corpus_line_as_the_full_regexes() -> None:
    """Every 4th example and every 40th distinct corpus line, as written and moved, tried against
    the phrases the index offers under each keyword: the screened answer is the plain
    one, and every form a text matches, the text holds the pieces of."""
    examples = sorted({e for d in REGISTRY.definitions for e in d.examples})[::4]
    texts = {t for line in [*examples, *corpus_lines(40)] for t in moved(line)}
    assert len(texts) > 2000
    matched = 0
    for text in sorted(texts):
        for keyword in ("given", "when", "then"):
            for definition in REGISTRY.candidates(keyword, text):
                plain = plainly(definition, text)
                assert reading(definition.first_form(text)) == reading(plain), text
                if plain is not None:
                    matched += 1
                    assert pieces(definition.patterns[plain[0]]).held_by(folded(text)), text
    assert matched > 1000


WORDS = ["the", "The", "pods", "pod", "are", "running", "on", "node-1", "3", "of", "an", "a"]
MADE_UP = "[the ]{count:n} pod(s) <are|is> running[ on {node:node}]"


def step(world: object, **_: object) -> None:
    """A step."""


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=7))
def test_a_made_up_text_is_screened_as_the_plain_regexes_read_it(words: list[str]) -> None:
    definition = Registry().register("then", MADE_UP, step, ())
    text = " ".join(words)
    assert reading(definition.first_form(text)) == reading(plainly(definition, text))
