"""The pipeline's synonym table: each key is a word the catalog's pipeline phrases use (a
key no phrase says would never be reached), and no value repeats its own key."""

from __future__ import annotations

import re

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.frames.synonyms_pipeline import SYNONYMS
from kubeloop.harness.registry import REGISTRY


def _catalog_words() -> str:
    """Every pipeline (and link) phrase and example, lower case, alternatives as words."""
    texts = []
    for definition in REGISTRY.definitions:
        if not definition.domain.startswith(("pipeline", "links")):
            continue
        texts += [*definition.patterns, *definition.examples]
    return re.sub(r"[<>\[\]|]", " ", " ".join(texts).lower())


def test_every_key_is_a_word_the_pipeline_phrases_use() -> None:
    said = " ".join(_catalog_words().split())
    missing = [key for key in SYNONYMS if not re.search(rf"\b{re.escape(key)}\b", said)]
    assert missing == []


def test_no_value_repeats_its_key_or_is_listed_twice() -> None:
    for key, values in SYNONYMS.items():
        assert key not in values, key
        assert len(set(values)) == len(values), key
        assert all(v == v.lower().strip() and v for v in values), key
