"""Postings (frames/postings.py): the frames nearby.phrases ranks, found from each concept's
and value type's list, are exactly those found by asking every frame."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.frames import nearby, postings
from kubeloop.harness.frames.index import GRAMMAR
from kubeloop.harness.frames.postings import Postings
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines

_KEYWORDS = [("given", "when"), ("when", "given"), ("then",)]


@given(
    st.lists(st.sets(st.integers(0, 12), max_size=5), max_size=30),
    st.sets(st.integers(0, 14), max_size=6),
)
def test_holding_any_is_asking_every_item(items: list[set[int]], keys: set[int]) -> None:
    assert Postings.of(items).holding_any(keys) == postings.plain(items, keys)


def test_the_frames_of_every_unmatched_line_are_those_of_asking_every_frame() -> None:
    catalog = nearby._catalog(REGISTRY.frames())
    index = REGISTRY.frames()
    for _, text in unmatched_lines():
        chunked = index.chunk(text)
        content = frozenset(c.label for c in chunked.chunks if c.kind == "concept") - GRAMMAR
        shaped = frozenset(v.label for v in chunked.values) - {"name", "number"}
        for keywords in _KEYWORDS:
            fast = nearby.candidates(catalog, keywords, content, shaped)
            assert fast == nearby.plain_candidates(catalog, keywords, content, shaped), text


@given(st.data())
def test_any_concepts_and_types_find_the_frames_asking_every_frame(data: st.DataObject) -> None:
    catalog = nearby._catalog(REGISTRY.frames())
    concepts = sorted(catalog.weight)
    types = sorted({t for k in catalog.known for t in k.types} | {"promql", "unknown"})
    content = frozenset(data.draw(st.lists(st.sampled_from(concepts), max_size=4)))
    shaped = frozenset(data.draw(st.lists(st.sampled_from(types), max_size=2)))
    keywords = data.draw(st.sampled_from(_KEYWORDS))
    fast = nearby.candidates(catalog, keywords, content, shaped)
    assert fast == nearby.plain_candidates(catalog, keywords, content, shaped)
