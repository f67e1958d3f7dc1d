"""Every axis reaches every phrase on it, written for it or not: each example of every
definition in the catalog, moved along one axis (a hedge after its verb, a bound said
another way, a destination said with "into"), is read as the example itself is, or not at
all; never as another phrase or with other arguments (a line grammar.py reads before the
axes are tried is no move of theirs). The catalog's examples are split into shards (the
fast tier runs the first three of each axis)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.grammar import with_readings
from kubeloop.harness.registry import REGISTRY, load_step_library

SHARDS = 8
_AUX = re.compile(r"(?<![\w\"'-])(?:is|are|was|were|has|have) (?!not\b|no\b|never\b)")
_BOUNDS = {
    "at least": "no fewer than",
    "at most": "no more than",
    "more than": "in excess of",
    "fewer than": "lower than",
}
_BOUND = re.compile(r"\b(at least|at most|more than|fewer than)(?= \d)")
_TO_ENV = re.compile(r"\bto (?=(?:prod|staging|dev)\b)")


def _hedged(example: str) -> str | None:
    found = _AUX.search(example)
    if found is None or example.count('"', 0, found.start()) % 2:
        return None
    return f"{example[: found.end()]}already {example[found.end() :]}"


def _bounded(example: str) -> str | None:
    found = _BOUND.search(example)
    if found is None or "no more than" in example:
        return None
    return f"{example[: found.start()]}{_BOUNDS[found.group(1)]}{example[found.end() :]}"


def _into(example: str) -> str | None:
    return _TO_ENV.sub("into ", example, count=1) if _TO_ENV.search(example) else None


AXES: dict[str, Callable[[str], str | None]] = {
    "hedge": _hedged,
    "bound": _bounded,
    "destination": _into,
}


def _examples(shard: int) -> Iterator[tuple[str, str]]:
    load_step_library()
    every = [(d.keyword, e) for d in REGISTRY.definitions for e in d.examples]
    yield from every[shard::SHARDS]


def reading(keyword: str, text: str) -> list[tuple[str, str]]:
    return [
        (m.definition.function.__name__, repr(sorted(m.arguments.items())))
        for m in REGISTRY.quietly(keyword, text)
    ]


def read_before_the_axes(keyword: str, text: str) -> bool:
    """Whether grammar.py's readings read ``text`` (under either keyword), which the
    registry tries before the axes: such a reading is not the axes' doing."""
    for said in {keyword, {"given": "when", "when": "given"}.get(keyword, keyword)}:
        try:
            with_readings(REGISTRY._match, said, text)
        except (UndefinedStepError, AmbiguousStepError):
            continue
        return True
    return False


@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("axis", sorted(AXES))
def test_an_axis_moves_no_phrase_to_another_reading(axis: str, shard: int) -> None:
    read = same = 0
    wrong = []
    for keyword, example in _examples(shard):
        moved = AXES[axis](example)
        if moved is None or moved == example:
            continue
        read += 1
        got, plain = reading(keyword, moved), reading(keyword, example)
        same += got == plain
        if got and got != plain and not read_before_the_axes(keyword, moved):
            wrong.append((example, moved, plain, got))
    assert not wrong, wrong
    assert same >= 0.9 * read, (axis, shard, same, read)
