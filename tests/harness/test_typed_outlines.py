"""Typed outlines (kubeloop/harness/outlines.py, ``typed``): the outline with the short
parameter types spelt out. A text the typed outline refuses is never tried against the
full regex, so every text the full regex matches must pass it; these tests hold it to the
full regexes, on the library's phrases and on made-up ones."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import outlines
from kubeloop.harness.outlines import outline, typed
from kubeloop.harness.params import TYPES
from kubeloop.harness.pattern_samples import said_values, samples
from kubeloop.harness.patterns import compile_source, translate
from kubeloop.harness.registry import REGISTRY, Registry


def test_no_type_has_a_group_of_its_own() -> None:
    """What makes a typed outline hold every text the full regex matches: a type's regex
    has no group a backreference could name (its parameter's group is the only one)."""
    for kind, parameter in TYPES.items():
        assert re.compile(parameter.regex).groups == 0, kind
        assert "(?P=" not in parameter.regex, kind


def test_short_types_are_spelt_and_long_ones_any_text() -> None:
    pattern = "{pods:pods} are running on {count:n} nodes for {time:duration}"
    full = translate(pattern)[0]
    source = typed(pattern, full)
    assert source is not None
    assert source.startswith(outlines.ANY) and outlines.ANY not in source[len(outlines.ANY) :]
    assert f"(?:{TYPES['n'].regex})" in source and f"(?:{TYPES['duration'].regex})" in source
    regex = compile_source(source)
    assert regex.fullmatch("whatever you like are running on 3 nodes for 5 minutes")
    assert not regex.fullmatch("whatever you like are running on many nodes for 5 minutes")


def test_no_typed_outline_where_it_says_no_more_or_costs_too_much() -> None:
    assert typed("I reconcile", translate("I reconcile")[0]) is None  # (no parameter)
    assert typed("{pods:pods} are running", translate("{pods:pods} are running")[0]) is None
    small = "{count:n} pods are running"  # (the full regex is the typed outline)
    assert typed(small, translate(small)[0]) is None


def test_a_type_the_full_regex_spells_otherwise_is_any_text() -> None:
    pattern = "{count:n} pods are running"
    assert typed(pattern, translate(pattern)[0].replace("twenty", "twenty?") * 5) is None


def _typed_regexes(every: int) -> list[tuple[str, re.Pattern[str], re.Pattern[str], list[str]]]:
    """(pattern, full regex, typed outline, texts) of each library form with a typed
    outline, the texts being the definition's examples and samples."""
    values = said_values(REGISTRY.definitions)
    found = []
    definitions = [d for d in REGISTRY.definitions if any(map(typed, d.patterns, d.sources))]
    for definition in definitions[::every]:
        texts = [*definition.examples, *(text for _, text in samples(definition, values))]
        for form, (pattern, source) in enumerate(
            zip(definition.patterns, definition.sources, strict=True)
        ):
            narrower = typed(pattern, source)
            if narrower is not None:
                found.append((pattern, definition.regexes[form], compile_source(narrower), texts))
    return found


@pytest.mark.parametrize("every", [9, pytest.param(1, marks=pytest.mark.slow)])
def test_every_text_a_library_phrase_matches_passes_its_typed_outline(every: int) -> None:
    checked = 0
    for pattern, full, narrower, texts in _typed_regexes(every):
        for text in texts:
            if full.fullmatch(text) is not None:
                checked += 1
                assert narrower.fullmatch(text) is not None, (pattern, text)
    assert checked > 20


MADE_UP = [
    "{pods:pods} are running on {count:n} node(s)[ for {time:duration}]",
    "{expr:barepromql} is {bound:comparison} {value:number}",
    "{alias:release}{facts:facts}",
    "[the ]{name:service} has {points:percentiles}[ for [the next ]{duration:duration}]",
    "{nodes:nodes} <is|are> {state:nodestate}",
]
WORDS = [
    "3",
    "three",
    "the",
    "of",
    "pods",
    "web",
    "are",
    "running",
    "on",
    "node",
    "nodes",
    "for",
    "5",
    "minutes",
    "rate(x[5m])",
    "is",
    "above",
    "at least",
    "0.5",
    "R1",
    "1.2.3",
    "v2.0",
    "passes",
    "its",
    "gates",
    "has",
    "p99",
    "200ms",
    "at",
    "ready",
    "cordoned",
    "node-1",
    "and",
    "",
]


def _registered(pattern: str) -> object:
    def step(world: object, **_: object) -> None:
        """A step."""

    return Registry().register("then", pattern, step, ())


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(MADE_UP), st.lists(st.sampled_from(WORDS), max_size=9), st.booleans())
def test_a_made_up_text_the_full_regex_matches_passes_the_typed_outline(
    pattern: str, words: list[str], upper: bool
) -> None:
    text = " ".join(words)
    text = text.upper() if upper else text
    full = compile_source(translate(pattern)[0])
    source = outlines._spelt(pattern, outlines.SHORT, translate(pattern)[0])  # (worth it or not)
    assert source != outline(pattern)
    if full.fullmatch(text) is not None:
        assert compile_source(source).fullmatch(text) is not None, text
    assert compile_source(outline(pattern)).fullmatch(text) or not compile_source(source).fullmatch(
        text
    )  # (the typed outline is narrower than the outline, never wider)


def test_a_made_up_phrases_own_texts_read_as_its_full_regex_reads_them() -> None:
    for pattern, text in [
        (MADE_UP[0], "3 web pods are running on 3 nodes for 5 minutes"),
        (MADE_UP[0], "the pods of web are running on 3 nodes"),
        (MADE_UP[1], "rate(x[5m]) is above 0.5"),
        (MADE_UP[4], "node-1 is cordoned"),
    ]:
        definition = _registered(pattern)
        full = compile_source(translate(pattern)[0]).fullmatch(text)
        assert full is not None, text
        found = definition.fullmatch(text)  # type: ignore[attr-defined]
        assert found is not None and found.groupdict() == full.groupdict(), text
