"""A phrase's full regex with its types' code shared (kubeloop/harness/shared_types.py) is
the pattern the plain compiler gives (patterns.compile_source), code for code: ``re.Pattern``
objects are equal only when their source, flags and code are. These tests hold the shared
way (``_shared`` itself, never behind its fallback) to the plain one on the library's
phrases and on made-up ones, and the texts each reads the same way."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import shared_types
from kubeloop.harness.params import TYPES
from kubeloop.harness.patterns import compile_source, translate
from kubeloop.harness.registry import REGISTRY
from kubeloop.harness.shared_types import compile_phrase


def _kinds(pattern: str) -> dict[str, str]:
    return dict(re.findall(r"\{(\w+):(\w+)\}", pattern))


def test_this_python_shares() -> None:
    """Else every test below would only hold the plain way to itself."""
    assert shared_types._works()


@pytest.mark.parametrize("every", [12, pytest.param(1, marks=pytest.mark.slow)])
def test_every_library_phrase_compiles_to_the_plain_pattern(every: int) -> None:
    """Every phrase with a typed parameter is shared (one without has nothing to share)."""
    forms = [
        (pattern, source)
        for definition in REGISTRY.definitions[::every]
        for pattern, source in zip(definition.patterns, definition.sources, strict=True)
    ]
    for pattern, source in forms:
        kinds = _kinds(pattern)
        found = shared_types._shared(source, kinds)
        assert (found is not None) == any(kind in TYPES for kind in kinds.values()), pattern
        if found is not None:
            assert found == compile_source(source), pattern


def test_the_library_reads_its_own_texts_as_the_plain_patterns_do() -> None:
    read = 0
    for definition in REGISTRY.definitions[::20]:
        texts = definition.examples
        for form, source in enumerate(definition.sources):
            plain = compile_source(source)
            shared = compile_phrase(source, definition.form_kinds(form))
            for text in texts:
                mine, theirs = shared.fullmatch(text), plain.fullmatch(text)
                assert (mine is None) == (theirs is None), text
                if mine is not None and theirs is not None:
                    read += 1
                    assert mine.groupdict() == theirs.groupdict(), text
                    assert mine.regs == theirs.regs, text
    assert read > 30


KINDS = sorted(kind for kind, parameter in TYPES.items() if len(parameter.regex) < 2000)
"""The types of made-up phrases (the longest are the library's own, each tested above)."""
WORDS = ["I", "the", "pods", "of", "are", "running", "on", "for", "is", "web", "3", "5m"]


@st.composite
def _patterns(draw: st.DrawFn) -> str:
    """A phrase pattern: words, parameters of any type, plural endings, choices and
    optional parts (nested), a parameter first or last as often as not."""
    count = 0

    def part(depth: int) -> str:
        nonlocal count
        shape = draw(st.sampled_from(["words", "param", "param", "choice", "optional", "s"]))
        if shape == "param" or (shape == "optional" and depth > 2):
            count += 1
            return f"{{p{count}:{draw(st.sampled_from(KINDS))}}}"
        if shape == "choice":
            return (
                "<" + "|".join(draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=3))) + ">"
            )
        if shape == "optional":
            inner = "".join(part(depth + 1) for _ in range(draw(st.integers(1, 3))))
            return f"[ {inner}]"
        if shape == "s":
            return "pod(s)"
        return " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3)))

    parts = [part(0) for _ in range(draw(st.integers(1, 5)))]
    return " ".join(parts)


@settings(max_examples=40, deadline=None)
@given(_patterns())
def test_a_made_up_phrase_compiles_to_the_plain_pattern(pattern: str) -> None:
    source = translate(pattern)[0]
    found = shared_types._shared(source, _kinds(pattern))
    assert found is not None or "{" not in pattern
    if found is not None:
        assert found == compile_source(source), pattern


def test_what_does_not_split_is_compiled_the_plain_way() -> None:
    pattern = "{count:n} nodes"
    source = translate(pattern)[0]
    marked = source + re.escape(shared_types.MARK)
    assert shared_types._shared(marked, _kinds(pattern)) is None  # (a phrase saying the mark)
    assert shared_types._shared(source, {"count": "nothing"}) is None  # (no such type)
    assert shared_types._shared(translate("I reconcile")[0], {}) is None  # (no parameter)
    assert compile_phrase(marked, _kinds(pattern)) == compile_source(marked)
