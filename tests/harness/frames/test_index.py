"""The frame index against reading every frame: the same frames for any line, in order."""

from __future__ import annotations

from collections import Counter

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.frames.index import MORE, Frame, FrameIndex, catalog_words
from kubeloop.harness.registry import REGISTRY

INDEX = FrameIndex(REGISTRY.definitions)
EVERY = [frame for frames in INDEX.frames.values() for frame in frames]
LINES = [
    ("when", "node node-2 is going down"),
    ("given", "web is at 300 requests per second"),
    ("then", "web's error rate stays under 1%"),
    ("when", "I am promoting R1 to staging"),
    ("given", "the unit tests of R2 are green with 85% coverage"),
    ("then", "no alert fired for web"),
    ("given", "checkout is serving 7 requests per second"),
]


def _scanned(keyword: str, text: str) -> list[Frame]:
    wanted = INDEX.chunk(text).signature()
    return [f for f in EVERY if f.definition.keyword == keyword and f.chunked.signature() == wanted]


@pytest.mark.parametrize(("keyword", "text"), LINES)
def test_a_lookup_finds_what_reading_every_frame_finds(keyword: str, text: str) -> None:
    found = INDEX.lookup(keyword, INDEX.chunk(text))
    assert sorted(map(id, found)) == sorted(map(id, _scanned(keyword, text)))


@pytest.mark.parametrize(("keyword", "text"), LINES)
def test_the_wider_frames_are_every_frame_that_says_all_the_line_says(
    keyword: str, text: str
) -> None:
    chunked = INDEX.chunk(text)
    concepts, values = chunked.signature()
    grammar = {"NOT", "NO", "NEVER", "NO LONGER", "WITHOUT", "LT", "LE", "GT", "GE", "EQ"}
    grammar |= {"ALL", "ANY", "IT", "I"}
    expected = []
    for frame in EVERY:
        theirs, their_values = frame.chunked.signature()
        more = len(set(theirs) - set(concepts)) + sum(
            (Counter(their_values) - Counter(values)).values()
        )
        if (
            frame.definition.keyword == keyword
            and [c for c in theirs if c in grammar] == [c for c in concepts if c in grammar]
            and set(concepts) <= set(theirs)
            and not Counter(values) - Counter(their_values)
            and 0 < more <= min(MORE, len(set(concepts)) + len(values))
        ):
            expected.append(frame)
    assert sorted(map(id, INDEX.wider(keyword, chunked))) == sorted(map(id, expected))


def test_the_catalogs_names_are_not_its_words() -> None:
    words, names = catalog_words(REGISTRY.definitions)
    assert {"pods", "running", "promote", "replicas"} <= set(words)
    assert {"prod", "web", "staging"} <= set(names)
    assert not set(words) & set(names)


def test_a_line_that_says_less_has_wider_frames() -> None:
    chunked = INDEX.chunk("checkout is serving 7 requests per second")
    wider = [f.example for f in INDEX.wider("given", chunked)]
    assert 'the service "web" serves 100 requests per second with 2% errors' in wider
    assert all("requests per second" in example for example in wider)
