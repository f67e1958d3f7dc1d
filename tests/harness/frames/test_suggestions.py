"""A line whose meaning fits several phrases equally is refused, and those phrases, in the
line's own values, are suggested: each one a run takes as written."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.frames.reader import nearest
from kubeloop.harness.registry import REGISTRY, Registry


def _noop(world: object, **kwargs: object) -> None: ...


def test_a_tie_is_refused_and_both_phrases_are_suggested_in_the_lines_values() -> None:
    registry = Registry()
    registry.register("when", "{name:name} fails", _noop, ("node-1 fails",))
    registry.register("when", "{name:name} goes down", _noop, ("node-1 goes down",))
    with pytest.raises(UndefinedStepError) as caught:
        registry.match("when", "the server node-7 crashes")
    assert "When node-7 fails" in str(caught.value)
    assert "When node-7 goes down" in str(caught.value)


@pytest.mark.parametrize("text", ["the server node-2 crashes", "the machine node-3 died"])
def test_every_suggestion_of_the_library_matches_as_written(text: str) -> None:
    suggestions = REGISTRY.suggestions("when", text)
    assert suggestions
    for suggestion in suggestions:
        keyword, _, said = suggestion.partition(" ")
        assert REGISTRY.accepts(keyword.lower(), said), suggestion


@pytest.mark.parametrize(
    ("keyword", "text", "meant"),
    [
        ("when", "I cordon node-2 carefully", "I cordon node-2"),
        ("when", "I promote B1 to prod hurriedly", "I promote B1 to prod"),
    ],
)
def test_a_line_with_one_unknown_word_is_offered_what_it_says_without_it(
    keyword: str, text: str, meant: str
) -> None:
    with pytest.raises(UndefinedStepError):  # (a suggestion, never a match)
        REGISTRY.match(keyword, text)
    assert nearest(REGISTRY.frames(), REGISTRY.match_one, keyword, text) == [meant]
    assert REGISTRY.suggestions(keyword, text)[0] == f"{keyword.title()} {meant}"


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "node-2 is not cordoned anymore thankfully"),  # (no frame says it exactly)
        ("when", "I cordon node-2 carefully and quickly"),  # (two words unknown)
        ("when", "I scale web2 to 5 replicaz"),  # (a typo is mended, not left out)
    ],
)
def test_no_nearest_frame_that_changes_or_loses_what_is_said(keyword: str, text: str) -> None:
    assert nearest(REGISTRY.frames(), REGISTRY.match_one, keyword, text) == []
