"""A line that a phrase of the other keyword takes only by reading a word we know as a
concept for a name ("verification fails": a node called "verification" failing) gets no
"write When …" hint; a real name ("node-4", "web") still does."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames.concept_names import concept_as_name
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


@pytest.mark.parametrize("text", ["verification crashes", "approval fails"])
def test_a_concept_read_as_a_name_gets_no_hint(text: str) -> None:
    assert not REGISTRY.accepts("then", text)
    message = REGISTRY.undefined_message("then", text)
    assert "write When" not in message, message
    assert concept_as_name(REGISTRY.frames(), REGISTRY.match("when", text))


def test_a_whole_the_catalog_names_is_no_name_at_all() -> None:
    """ "promotion" is never a node's name (not_names.WHOLES): no keyword reads the line,
    so there is no hint to give."""
    assert not REGISTRY.accepts("then", "promotion dies")
    assert not REGISTRY.accepts("when", "promotion dies")
    assert "write When" not in REGISTRY.undefined_message("then", "promotion dies")


@pytest.mark.parametrize("text", ["node-4 crashes", "node-1 fails", "web fails"])
def test_a_name_read_as_a_name_still_gets_the_hint(text: str) -> None:
    message = REGISTRY.undefined_message("then", text)
    assert f"write When {text}" in message, message
    assert not concept_as_name(REGISTRY.frames(), REGISTRY.match("when", text))
