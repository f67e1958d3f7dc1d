"""A line's values are kept where its suggestions used to drop them: the phrases about its
nouns, when nothing is close, are said in its values, the one that drops fewest first; a
clause with a slip of a known word ("3 noeds") beside a phrase gets its own step, found by
its letters, so the two steps keep every value; a capitalised word ("Friday") is never put
where an example's build alias stands."""

from __future__ import annotations

import re

import pytest

from kubeloop.harness.frames.chunker import Chunk
from kubeloop.harness.frames.fill import _agree
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.english.suggestions.offered import sure_values, two_steps_offered

load_step_library()

_ABOUT = re.compile(r"^  nothing close; it talks about .+; phrases about them:$")
_PHRASE = re.compile(r"^    (Given|When|Then) (.+)$")


def _about(keyword: str, text: str) -> list[tuple[str, str]]:
    """The phrases about the line's nouns the message offers, as (keyword, sentence)."""
    assert not REGISTRY.accepts(keyword, text), f"{text!r} matches: pick another line"
    lines = REGISTRY.undefined_message(keyword, text).splitlines()
    assert _ABOUT.match(lines[1]), lines
    return [(h.group(1).lower(), h.group(2)) for line in lines[2:] if (h := _PHRASE.match(line))]


def _kept(values: set[str], sentence: str) -> set[str]:
    return {v for v in values if re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", sentence)}


@pytest.mark.parametrize(
    ("text", "alias"),
    [
        ("cart build B9 ends up in production by evening", "B9"),
        ("orders build K3 ends up in production by evening", "K3"),
        ("mailer build Q5 lands in production before lunch", "Q5"),
        ("inventory build B2 ends up in production by evening", "B2"),
    ],
)
def test_a_phrase_about_the_nouns_is_said_with_the_lines_alias(text: str, alias: str) -> None:
    keyword, sentence = _about("then", text)[0]
    match = REGISTRY.match(keyword, sentence)[0]
    assert alias in {str(v) for v in match.arguments.values()}, sentence


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "cart build B9 ends up in production by evening"),
        ("given", "the search budget for errors is 0.25 percent this quarter"),
        ("given", "the ledger budget for errors is 0.5 percent this month"),
    ],
)
def test_the_first_phrase_about_the_nouns_drops_no_more_values_than_the_others(
    keyword: str, text: str
) -> None:
    offered = _about(keyword, text)
    values = {v.lower() for v in sure_values(text)}
    kept = [len(_kept(values, sentence.lower())) for _, sentence in offered]
    assert kept[0] == max(kept), offered
    assert all(REGISTRY.accepts(kw, sentence) for kw, sentence in offered), offered


@pytest.mark.parametrize(
    ("text", "nodes", "replicas"),
    [
        ("3 noeds and a deployment of 4", "3", "4"),
        ("4 ndoes and a deployment of 6", "4", "6"),
        ("5 nodse and a deployment of 2", "5", "2"),
    ],
)
def test_a_slip_beside_a_phrase_gets_a_step_of_its_own(
    text: str, nodes: str, replicas: str
) -> None:
    steps = two_steps_offered("given", text)
    assert [sentence for _, sentence in steps] == [
        f"{nodes} nodes",
        f"a deployment of {replicas}",
    ], steps
    assert all(REGISTRY.accepts(kw, sentence) for kw, sentence in steps), steps
    assert sure_values(text) <= _kept(sure_values(text), " ".join(s for _, s in steps))


@pytest.mark.parametrize("word", ["Friday", "Tuesday", "Dana"])
def test_a_capitalised_word_never_stands_where_an_alias_does(word: str) -> None:
    alias = Chunk("value", "name", "A2", 0, 2)
    assert not _agree(alias, Chunk("value", "name", word, 0, len(word)))
    assert _agree(Chunk("value", "name", '"Lee"', 0, 5), Chunk("value", "name", word, 0, len(word)))
