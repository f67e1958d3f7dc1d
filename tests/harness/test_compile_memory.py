"""Phrases compiled with re's character-class optimiser answered from memory
(patterns._Charsets): the compiled code is re's own, byte for byte. ``re.Pattern``
equality compares the flags, the source and the compiled code."""

from __future__ import annotations

import re

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import patterns
from kubeloop.harness.outlines import outline
from kubeloop.harness.params import TYPES
from kubeloop.harness.registry import REGISTRY

SOURCES = sorted(
    {s for d in REGISTRY.definitions for s in d.sources}
    | {outline(p) for d in REGISTRY.definitions for p in d.patterns}
    | {t.regex for t in TYPES.values()}
)
"""Every phrase's regex and outline, and every parameter type's."""


def plain(source: str, flags: int) -> re.Pattern[str]:
    return patterns._compiler.compile(source, flags)


def remembered(source: str, flags: int) -> re.Pattern[str]:
    with patterns._CHARSETS:
        return patterns._compiler.compile(source, flags)


def same_code(sources: list[str]) -> None:
    """Case-insensitive and not, interleaved, so the memory serves both kinds."""
    for source in sources:
        for flags in (re.IGNORECASE.value, 0):
            assert remembered(source, flags) == plain(source, flags), source


def test_a_sample_compiles_to_the_same_code() -> None:
    same_code(SOURCES[:: max(1, len(SOURCES) // 150)])


def test_compile_source_uses_the_memory_and_puts_re_back() -> None:
    own = patterns._compiler._optimize_charset
    patterns.compile_source(r"(?:[A-Za-z0-9][-A-Za-z0-9._/:]*) stays")
    assert patterns._compiler._optimize_charset is own
    assert any(key and key[0] for key in patterns._CHARSETS._seen)


@pytest.mark.slow
def test_every_phrase_compiles_to_the_same_code() -> None:
    same_code(SOURCES)
