"""Character classes spelt in both cases (patterns.cased_classes): every phrase regex
compiles with its ASCII letter classes matched as spelt, which spares ``re`` a map of every
character per class. These tests hold the rewritten regexes to the plain ones."""

from __future__ import annotations

import re
import sys

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import patterns
from kubeloop.harness.outlines import outline
from kubeloop.harness.registry import REGISTRY

EVERY = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
"""Every character."""
FOLDED = {"\u212a", "\u017f", "\u0131", "\u0130"}
"""The Kelvin sign, long s, dotless i and dotted capital I: they fold to k, s, i and i."""


def _sources() -> list[str]:
    sources: list[str] = []
    for definition in REGISTRY.definitions:
        sources += definition.sources
        sources += [outline(pattern) for pattern in definition.patterns]
    return list(dict.fromkeys(sources))


def _classes() -> dict[str, str]:
    """Every class the library's regexes hold that cased_classes spells anew: its old
    spelling and its new."""
    found: dict[str, str] = {}
    for source in _sources():
        for old in re.findall(r"(?<!\\)\[\]?(?:\\.|[^\]\\\[])*\]", source):
            new = patterns.cased_classes(old)
            if new != old:
                found[old] = new
    return found


def test_only_the_four_folded_characters_stop_matching_a_class() -> None:
    classes = _classes()
    assert "[A-Za-z0-9]" in classes and "[a-z]" in classes
    for old, new in classes.items():
        before = set(re.findall(old, EVERY, re.IGNORECASE))
        after = set(re.findall(new, EVERY, re.IGNORECASE))
        assert after <= before, old
        assert before - after <= FOLDED, old
        assert before & set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == after & set(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        ), old


@pytest.mark.parametrize(
    ("source", "spelt"),
    [
        (r"[a-z]+", r"(?-i:[A-Za-z])+"),
        (r"[eE]x", r"(?-i:[Ee])x"),
        (r"[^a-z]", r"[^a-z]"),  # negated: left
        (r"[\w.]", r"[\w.]"),  # no letter listed: left
        (r"\[a\]", r"\[a\]"),  # escaped brackets: no class
        (r"\\[a]", r"\\(?-i:[Aa])"),  # an escaped backslash, then a class
        (r"[[a][b]", r"[[a][b]"),  # a bracket inside a class: the whole source left
        (r"[é]", r"[é]"),  # beyond ASCII: left
        (r"[a-]", r"(?-i:[\-Aa])"),
        (r"[]a]", r"(?-i:[A\]a])"),
    ],
)
def test_what_is_spelt_anew_and_what_is_left(source: str, spelt: str) -> None:
    assert patterns.cased_classes(source) == spelt


def _readings(sources: list[str], texts: list[str]) -> list[tuple[str, str, object, object]]:
    out: list[tuple[str, str, object, object]] = []
    for source in sources:
        plain = re.compile(source, re.IGNORECASE)
        cased = patterns.compile_source(source)
        assert cased.groupindex == plain.groupindex
        for text in texts:
            a, b = plain.fullmatch(text), cased.fullmatch(text)
            out.append(
                (source, text, a and (a.span(), a.groupdict()), b and (b.span(), b.groupdict()))
            )
    return out


def _examples() -> list[str]:
    return [e for d in REGISTRY.definitions for e in d.examples]


def test_phrases_read_every_example_as_before_a_sample() -> None:
    sources = _sources()[::29]
    examples = _examples()
    for source, text, plain, cased in _readings(
        sources, examples[::7] + [e.upper() for e in examples[::41]]
    ):
        assert plain == cased, (source, text)


@pytest.mark.slow
def test_phrases_read_every_example_as_before() -> None:
    others = _examples()[::97]
    for definition in REGISTRY.definitions:
        sources = list(definition.sources) + [outline(p) for p in definition.patterns]
        texts = [*definition.examples, *(e.upper() for e in definition.examples), *others]
        for source, text, plain, cased in _readings(sources, texts):
            assert plain == cased, (source, text)
