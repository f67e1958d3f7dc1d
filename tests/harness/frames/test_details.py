"""Scene-setting left out so the rest of a line reads: the time of the story, a closing
"again", a description beside a name; never a name, never a window or a day a step measures."""

from __future__ import annotations

import time

import pytest

import kubeloop.steps  # noqa: F401  (registers the library, and the day type)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.frames.details import left_out
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    ("text", "shorter"),
    [
        ("Dana, the release manager, approves R2", "Dana approves R2"),
        ("one server, node-2, dies", "node-2 dies"),
        ("one of the servers dies on Tuesday night", "one of the servers dies"),
        ("no alert went off at any point that week", "no alert went off"),
        ("checkout runs v2 all week with 1% failing", "checkout runs v2 with 1% failing"),
        ("all 8 copies are running again", "all 8 copies are running"),
        ("checkout was down for 5 minutes last week", None),
        ("a waiver that expired yesterday", None),
        ("checkout fails 2% of requests for 10 minutes", None),
        ("the node, node-2, dies", "node-2 dies"),
        ("node-2, node-3, dies", None),
        ("again", None),
    ],
)
def test_only_the_scene_is_left_out(text: str, shorter: str | None) -> None:
    assert left_out(text) == shorter


@pytest.mark.parametrize(
    ("keyword", "text", "meant", "kept"),
    [
        ("when", "Dana, the release manager, approves R2", "Dana approves R2", "Dana"),
        ("when", "our flaky node, node-2, dies", "node-2 dies", ("node-2",)),
        ("when", "node-2 dies this morning", "node-2 dies", ("node-2",)),
    ],
)
def test_a_line_with_its_scene_reads_as_the_rest(
    keyword: str, text: str, meant: str, kept: object
) -> None:
    (match,) = REGISTRY.match(keyword, text)
    assert (match.text, match.offset) == (meant, -1)
    if kept is not None:
        assert kept in match.arguments.values()


def test_what_is_left_must_still_read() -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("when", "Dana, the release manager, frobnicates R2 on Tuesday night")


@pytest.mark.parametrize("text", [" " * 20000 + "x", " " * 20000 + "again", "x" + " ," * 10000])
def test_a_long_run_of_spaces_is_read_in_linear_time(text: str) -> None:
    started = time.process_time()
    left_out(text)
    assert time.process_time() - started < 1.0  # (a quadratic scan takes about 20 s here)
