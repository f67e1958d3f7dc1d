"""The same meaning in other grammar (frames/looser.py): an action said without who did it
is the user's under Given and When, never under Then; "exactly" and "every" loosen only
where the plain statement says the same."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.frames.chunker import Chunk, Chunked
from kubeloop.harness.frames.looser import signatures
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    ("keyword", "text", "meant", "arguments"),
    [
        ("when", "node-1 got uncordoned", "I uncordon node-1", {"nodes": ("node-1",)}),
        ("when", "node-2 gets cordoned", "I cordon node-2", {"nodes": ("node-2",)}),
        ("when", "node-4 got cordoned", "I cordon node-4", {"nodes": ("node-4",)}),
    ],
)
def test_an_action_said_without_who_did_it_is_mine_under_given_and_when(
    keyword: str, text: str, meant: str, arguments: dict[str, object]
) -> None:
    (match,) = REGISTRY.match(keyword, text)
    assert match.text == meant
    assert match.arguments == arguments


@pytest.mark.parametrize("text", ["node-1 is drained", "node-4 gets drained"])
def test_under_then_it_stays_a_check_never_an_action(text: str) -> None:
    try:
        matches = REGISTRY.match("then", text)
    except UndefinedStepError:
        return
    assert all(not m.text.startswith("I ") for m in matches)


def _line(*concepts: str, values: tuple[str, ...] = ()) -> Chunked:
    chunks = [Chunk("concept", c, c, 0, 0) for c in concepts]
    chunks += [Chunk("value", v, v, 0, 0) for v in values]
    return Chunked(tuple(chunks))


def test_what_is_loosened_and_what_never_is() -> None:
    said = signatures("then", _line("EQ", "histori", values=("name",)))
    assert (("histori",), ("name",)) in said
    assert signatures("then", _line("ALL", "pod", values=("number",))) == []
    assert (("pod",), ()) in signatures("then", _line("ALL", "pod"))
    assert all("I" not in concepts for concepts, _ in signatures("then", _line("drain")))
    assert (("I", "drain"), ("name",)) in signatures("when", _line("drain", values=("name",)))
    assert signatures("when", _line("I", "drain")) == []
    for negated in ("NOT", "NEVER", "NO", "LT", "GE"):
        for concepts, _ in signatures("given", _line(negated, "EQ", "fail")):
            assert negated in concepts


@pytest.mark.parametrize(
    "text", ["commit a1b2c3d gets built as I1", "our commit a1b2c3d is built as I1"]
)
def test_a_commit_built_without_who_built_it_stays_a_commit(text: str) -> None:
    """The kind noun "commit" types its value: it never becomes a manifest's name in
    "I built X as I1"."""
    (match,) = REGISTRY.match("given", text)
    assert match.arguments == {"commit": "a1b2c3d", "alias": "I1"}, match.text
