"""Outlines (kubeloop/harness/outlines.py): a phrase's regex with every parameter taken as
any text. Every text the full regex matches, the outline matches; these tests
hold the shortcut to the plain way, every pattern's full regex tried in turn."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import definitions
from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.gherkin_source import load
from kubeloop.harness.outlines import outline, typed
from kubeloop.harness.patterns import cased_classes
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.plain_forms import plainly, reading

FEATURES = Path(__file__).parent.parent.parent / "features"


def step(world: object, **_: object) -> None:
    """A step."""


TRICKY = [
    "{count:n} pods are running",
    "{node:node} <crashes|dies|stops responding>",
    "I reconcile until stable[ within {passes:n} passes]",
    "a {count:n}-node cluster",
    "{a:name} {b:name}",
    "[the ]alert {name:text} is up[ for {time:duration}]",
    "{count:n} node(s) [<are|is> ]ready",
    "x <go by|elapse(s)> [and [then ]]{what:word}",
    "{names:names} run(s) {version:word}",
]
"""Every kind of token, parameters side by side, optional parts inside optional parts."""

WORDS = [
    "a",
    "pods",
    "are",
    "running",
    "node-1",
    "3",
    "three",
    "crashes",
    "stops",
    "responding",
    "within",
    "passes",
    "the",
    "alert",
    '"x"',
    "is",
    "up",
    "for",
    "5",
    "minutes",
    "node",
    "nodes",
    "ready",
    "x",
    "go",
    "by",
    "elapses",
    "and",
    "then",
    "web",
    "run",
    "runs",
    "v2",
    "cluster",
    "3-node",
    "İ",
    "ſ",
    "RUNNING",
    "",
    "web,",
    "api",
]


def _registered(pattern: str) -> StepDefinition:
    return Registry().register("then", pattern, step, ())


def test_a_parameter_is_any_text_and_every_other_token_stays() -> None:
    source = outline("[the ]alert {name:text} is up[ for {time:duration}] node(s) <a|b c>")
    assert source == (
        r"(?:the\ )?alert\ (?s:.*?)\ is\ up(?:\ for\ (?s:.*?))?\ node(?:s)?\ (?:a|b\ c)"
    )
    regex = re.compile(source, re.IGNORECASE)
    assert regex.fullmatch('ALERT "x y" is up for whatever, really nodes b c')
    assert not regex.fullmatch('alert "x" is down node a')


@pytest.mark.parametrize("pattern", TRICKY)
def test_every_example_of_a_tricky_pattern_passes_its_outline(pattern: str) -> None:
    definition = _registered(pattern)
    for text in [" ".join(WORDS[i : i + n]) for n in range(1, 6) for i in range(len(WORDS))]:
        assert reading(definition._fullmatch(text)) == reading(plainly(definition, text)), text


@given(st.sampled_from(TRICKY), st.lists(st.sampled_from(WORDS), max_size=8), st.booleans())
def test_the_shortcut_reads_what_the_full_regexes_read(
    pattern: str, words: list[str], upper: bool
) -> None:
    definition = _registered(pattern)
    text = " ".join(words)
    text = text.upper() if upper else text
    assert reading(definition._fullmatch(text)) == reading(plainly(definition, text))


def test_a_text_the_screens_refuse_compiles_no_regex(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real, real_phrase = definitions.compiled, definitions.compile_phrase

    def counting(source: str, flags: int) -> re.Pattern[str]:
        compiled.append(source)  # (a typed outline, its classes cased: compile_source's)
        return real(source, flags)

    def counting_phrase(source: str, kinds: Mapping[str, str]) -> re.Pattern[str]:
        compiled.append(source)  # (a full regex, its types' code shared: shared_types.py)
        return real_phrase(source, kinds)

    monkeypatch.setattr(definitions, "compiled", counting)
    monkeypatch.setattr(definitions, "compile_phrase", counting_phrase)
    definition = _registered("{pods:pods} are running on {node:node}")
    assert definition.fullmatch("the build passes its tests") is None
    assert compiled == []  # (it lacks the words the pattern requires)
    assert definition.fullmatch("running are on the build") is None
    assert compiled == []  # (its words, out of order: literal_pieces.py)
    assert definition.fullmatch("all pods are running on node-1") is not None
    narrower = typed(definition.pattern, definition.sources[0])  # (the node spelt out)
    assert compiled == [cased_classes(narrower), definition.sources[0]]
    assert definition.fullmatch("all pods are running on fully") is None
    assert compiled[2:] == []  # (its typed outline refuses it: no node is "fully")


def test_a_pattern_is_compiled_once() -> None:
    definition = _registered("{count:n} pods are running")
    assert definition.fullmatch("3 pods are running")
    assert definition.regex is definition.regexes[0]


@pytest.mark.slow
def test_every_example_and_feature_line_reads_as_the_full_regexes_read_it() -> None:
    """Every phrase's examples and every feature line, whole, cut and with a word more, tried
    against the phrases the index offers, as the registry tries them."""
    texts = {(d.keyword, e) for d in REGISTRY.definitions for e in d.examples}
    for feature in sorted(FEATURES.rglob("*.feature")):
        for pickle in load(feature, str(feature)).pickles:
            texts |= {(k, s["text"]) for s in pickle["steps"] for k in ("given", "when", "then")}
    assert len(texts) > 5000
    for keyword, text in sorted(texts):
        for tried in {text, text.rsplit(" ", 1)[0], f"{text} now", text.split(" ", 1)[-1]}:
            for definition in REGISTRY.candidates(keyword, tried):
                assert reading(definition._fullmatch(tried)) == reading(
                    plainly(definition, tried)
                ), (definition.pattern, tried)
    for definition in REGISTRY.definitions:
        for text in definition.examples:
            found = plainly(definition, text)
            assert found is not None
            outlined = re.compile(outline(definition.patterns[found[0]]), re.IGNORECASE)
            assert outlined.fullmatch(text), (definition.pattern, text)


FORMS = ("I reconcile until stable[ within {passes:n} passes]", "{count:n} pods are running")
"""One phrase in several forms, each requiring other words: a form the text lacks a word of
is skipped (phrase_index.required_words) before its outline is tried."""
VARIANTS = (
    "İ settle <down|again>[ within {passes:n} passes]",
    "[all ]{count:n} pods run",
    "running pods: {count:n}",
    "ſtable after {passes:n} passes",
)
FORM_WORDS = [*WORDS, "reconcile", "until", "stable", "I", "settle", "down", "again", "pods:"]


def _forms() -> StepDefinition:
    return Registry().register("then", FORMS[0], step, (), (FORMS[1], *VARIANTS))


@given(st.lists(st.sampled_from(FORM_WORDS), max_size=8), st.sampled_from(["", "upper", "fold"]))
def test_each_form_is_tried_only_with_the_words_it_requires(words: list[str], case: str) -> None:
    definition = _forms()
    text = " ".join(words)
    text = text.upper() if case == "upper" else text
    text = text.replace("i", "İ").replace("s", "ſ") if case == "fold" else text
    assert reading(definition._fullmatch(text)) == reading(plainly(definition, text))


def test_every_form_of_a_phrase_reads_its_own_texts_as_the_full_regexes_read_them() -> None:
    definition = _forms()
    for text in [
        "İ reconcile until stable within 3 passes",
        "I settle again within 2 passes",
        "İ SETTLE DOWN",
        "all 3 pods run",
        "running pods: 3",
        "ſtable after 2 passes",
        "STABLE AFTER 2 PASSES",
        "3 pods are running",
    ]:
        found = plainly(definition, text)
        assert found is not None, text
        assert reading(definition._fullmatch(text)) == reading(found), text


def test_every_phrase_with_variants_reads_the_library_examples_as_the_full_regexes() -> None:
    examples = [e for d in REGISTRY.definitions for e in d.examples]
    for definition in REGISTRY.definitions:
        if not definition.variants:
            continue
        for text in [*definition.examples, *examples[::151]]:
            assert reading(definition._fullmatch(text)) == reading(plainly(definition, text))
