"""The chunker's value types, remembered (frames/chunker.py, ``_value_type``): a piece's
type is what ``plain_value_type`` says of it, however often and in whatever order pieces
are asked, and chunking with the memory reads every text as chunking without it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.frames import chunker
from kubeloop.harness.frames.chunker import Chunked, normalised
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines


def _texts() -> list[str]:
    """Every library example and benchmark line, each also in upper and lower case."""
    said = [e for d in REGISTRY.definitions for e in d.examples]
    said += [text for _, text in unmatched_lines()]
    return said + [t.upper() for t in said[::7]] + [t.lower() for t in said[::11]]


def _pieces(texts: list[str]) -> Iterator[str]:
    for text in texts:
        for piece, _, _ in chunker._pieces(normalised(text)):
            yield piece


def test_every_piece_of_the_library_and_the_benchmarks_is_typed_as_plainly() -> None:
    chunker._value_type.cache_clear()
    pieces = list(_pieces(_texts()))
    assert len(set(pieces)) > 1000  # (enough kinds of word to tell the two apart)
    for piece in pieces + pieces[::-1]:  # (each asked first, then again from memory)
        assert chunker._value_type(piece) == chunker.plain_value_type(piece), piece


_WORDS = ["2", "two", "Two", "node-2", "R7", "5m", "5M", "'s", "n't", '"x"', "`up`", "rate(x)"]


@given(st.lists(st.sampled_from(_WORDS) | st.text(min_size=1, max_size=8), max_size=20))
def test_any_pieces_in_any_order_are_typed_as_plainly(pieces: list[str]) -> None:
    for piece in pieces:
        assert chunker._value_type(piece) == chunker.plain_value_type(piece), piece


def _chunked_plainly(monkeypatch: pytest.MonkeyPatch, texts: list[str]) -> list[Chunked]:
    lexicon = REGISTRY.frames().lexicon
    with monkeypatch.context() as patched:
        patched.setattr(chunker, "_value_type", chunker.plain_value_type)
        return [chunker.chunk(text, lexicon) for text in texts]


def test_chunking_with_the_memory_reads_every_text_as_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = _texts()
    lexicon = REGISTRY.frames().lexicon
    plain = _chunked_plainly(monkeypatch, texts)
    chunker._value_type.cache_clear()
    assert [chunker.chunk(text, lexicon) for text in texts] == plain
