"""What the matcher remembers within a process: a definition's answer for a text
(``StepDefinition._fullmatch`` over ``first_form``) and what a list's clause reads as
(``Registry._quietly`` over ``quiet_piece``). Each remembered answer is held to the plain
one, asked afresh, in any order, with the memory full and emptied between."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import definitions, distribute
from kubeloop.harness.definitions import Match
from kubeloop.harness.grammar import readings
from kubeloop.harness.registry import REGISTRY, Registry

DATA = Path(__file__).parent.parent.parent / "benchmarks" / "data"
_STEP = re.compile(r"^\s*(Given|When|Then|And|But)\s+(.*)$")


def lines(name: str) -> list[tuple[str, str]]:
    """(keyword, text) of every step of a benchmark file, And and But under the last one."""
    found, keyword = [], "given"
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        step = _STEP.match(line)
        if step is None:
            continue
        if step.group(1) in ("Given", "When", "Then"):
            keyword = step.group(1).lower()
        found.append((keyword, step.group(2)))
    return found


def answer(found: tuple[int, re.Match[str]] | None) -> object:
    if found is None:
        return None
    form, match = found
    return form, match.span(), match.groupdict()


def shown(matches: list[Match] | None) -> object:
    """Everything a caller reads of matches: which definitions, arguments, texts, places."""
    if matches is None:
        return None
    return [(id(m.definition), m.arguments, m.text, m.offset, m.form) for m in matches]


def texts_of(keyword: str, text: str) -> list[str]:
    return [text, *readings(text)]


LINES = lines("unmatched_mixed.feature") + lines("unmatched_stories.feature")
EXAMPLES = [(d, e) for d in REGISTRY.definitions for e in d.examples]


def test_a_definition_answers_as_it_would_afresh_in_any_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(definitions, "ANSWERS", 7)  # (full and emptied again and again)
    chosen = random.Random(9)
    asked = chosen.sample(EXAMPLES, 300)
    texts = [e for _, e in asked] + [t for _, line in LINES[::5] for t in texts_of("", line)]
    texts += [t.upper() for t in texts[::3]] + [f"{t} " for t in texts[::4]]
    for definition, _ in asked:
        for text in chosen.sample(texts, 40) + [definition.examples[0]] * 2:
            assert answer(definition._fullmatch(text)) == answer(definition.first_form(text)), (
                definition.pattern,
                text,
            )


def test_a_remembered_answer_is_the_same_match() -> None:
    definition = next(d for d in REGISTRY.definitions if d.pattern == "I reconcile")
    first = definition._fullmatch("I reconcile")
    assert first is not None and definition._fullmatch("I reconcile") is first
    assert definition._fullmatch("I reconcile twice") is None


WORDS = ["node-1", "Node-1", "3", "pods", "are", "running", "I", "reconcile", "the", "web", "Web"]
WORDS += ["v2", "V2", "runs", "RUNS", " "]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5), max_size=12))
def test_texts_asked_in_any_order_are_answered_as_afresh(said: list[list[str]]) -> None:
    texts = [" ".join(words) for words in said]
    candidates = [d for d in REGISTRY.definitions if d.keyword == "then"][:40] + [
        d for d in REGISTRY.definitions if d.pattern == "I reconcile"
    ]
    for definition in candidates:
        for text in texts + texts[::-1]:
            assert answer(definition._fullmatch(text)) == answer(definition.first_form(text))


def pieces() -> list[tuple[str, str]]:
    """Every clause the lines' list readings offer, under their own keyword and the other."""
    found: dict[tuple[str, str], None] = {}
    for keyword, text in LINES:
        for reading in distribute.readings(text, keyword != "then"):
            for options in reading:
                for option in options:
                    found[(keyword, option)] = None
    return list(found)


def test_a_clause_reads_as_it_would_afresh() -> None:
    registry = Registry()
    registry.definitions = list(REGISTRY.definitions)
    chosen = random.Random(25)
    every = [(keyword, text) for _, text in pieces() for keyword in ("given", "when", "then")]
    asked = chosen.sample(every, min(len(every), 400))
    asked += [(k, e) for d, e in chosen.sample(EXAMPLES, 30) for k in ("given", "when", "then")]
    for keyword, text in asked + asked[::-1] + chosen.sample(asked, 100):
        assert shown(registry._quietly(keyword, text)) == shown(registry.quiet_piece(keyword, text))
    assert any(registry._quietly(k, t) for k, t in asked)  # (some clauses read)


def test_what_a_caller_does_to_a_clause_s_arguments_is_not_remembered() -> None:
    text = "a deployment of 4 pods requesting 250m cpu"
    found = REGISTRY._quietly("given", text)
    assert found is not None
    arguments: dict[str, Any] = found[0].arguments
    assert arguments["options"]
    arguments["options"].clear()
    assert shown(REGISTRY._quietly("given", text)) == shown(REGISTRY.quiet_piece("given", text))


def test_a_new_definition_empties_what_a_registry_remembers() -> None:
    registry = Registry()
    registry.definitions = list(REGISTRY.definitions)
    text = "the frobnicator glows"
    assert registry._quietly("then", text) is None

    def glows(world: object) -> None:
        """A step."""

    registry.register("then", "the frobnicator glows", glows, ("the frobnicator glows",))
    found = registry._quietly("then", text)
    assert found is not None and found[0].definition.function is glows


def test_a_registrys_lines_read_as_with_nothing_remembered() -> None:
    """The whole lookup of a sample of lines, each line twice, remembering, against the
    same lookup with every memory emptied before it."""
    registry = Registry()
    registry.definitions = list(REGISTRY.definitions)
    sample = LINES[::5]
    remembered = [shown(registry.quietly(k, t)) for k, t in sample + sample[::-1]]
    afresh = []
    for keyword, text in sample + sample[::-1]:
        _forget(registry)
        afresh.append(shown(registry.quietly(keyword, text)))
    assert remembered == afresh
    assert any(remembered)


def _forget(registry: Registry) -> None:
    """Every answer the registry and its definitions remember, forgotten."""
    for definition in registry.definitions:
        definition._answers.clear()
    registry._seen.clear()
    registry._pieces.clear()
    registry._no_piece.clear()
