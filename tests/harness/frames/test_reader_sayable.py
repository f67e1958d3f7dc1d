"""The frames reader asks its ways only of the texts some way may read (``reader._sayable``):
every way reads nothing of a text it cannot read by its meaning or that is unfinished.
These tests hold that on the corpora's lines, the benchmarks' unmatched lines and their
readings, as written and moved, and hold ``read`` and ``proposals`` to the plain way, each
way asked of every text."""

from __future__ import annotations

from collections.abc import Callable

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.definitions import Match
from kubeloop.harness.frames import reader
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.grammar import readings
from kubeloop.harness.registry import REGISTRY
from tests.harness.test_literal_pieces import corpus_lines, moved
from tests.harness.unmatched_lines import unmatched_lines

KEYWORDS = ("given", "when", "then")
_WAYS: list[Callable[[FrameIndex, str, str], list[object]]] = [
    reader.sentences,
    lambda index, keyword, text: reader.sentences(index, keyword, text, light=True),
    reader._looser,
    reader._shorter,
    reader._derived,
]


def texts() -> list[str]:
    """The benchmarks' lines and every 15th corpus line, moved, with their readings."""
    lines = [*(text for _, text in unmatched_lines()), *corpus_lines(15)]
    said = {t for line in lines for t in moved(line)}
    return sorted(said | {r for t in said for r in readings(t)})


def plain_read(index: FrameIndex, keyword: str, texts: list[str]) -> list[tuple[str, str]] | None:
    """``reader.read``, each way asked of every text (the reference), as what it reads."""
    names = reader._names(index, texts[-1])
    for way in reader._WAYS:
        for text in texts:
            found = {
                key: candidate
                for key, candidate in reader._candidates(
                    index, REGISTRY.match_one, keyword, text, way
                ).items()
                if names <= reader._said(candidate[2].text)
            }
            if found:
                best = max(score for score, _, _ in found.values())
                chosen = [m for score, _, m in found.values() if score == best]
                return _seen(chosen) if len(chosen) == 1 else None
    return None


def plain_proposals(index: FrameIndex, keyword: str, texts: list[str]) -> list[str]:
    """``reader.proposals``, each way asked of every text (the reference)."""
    for way in reader._WAYS:
        for text in texts:
            found = reader._candidates(index, REGISTRY.match_one, keyword, text, way)
            if found:
                ranked = sorted(found.values(), key=lambda f: (-f[0], -f[1]))
                return [match.text for _, _, match in ranked[:3]]
    return []


def _seen(matches: list[Match] | None) -> list[tuple[str, str]] | None:
    return None if matches is None else [(m.definition.pattern, m.text) for m in matches]


def test_no_way_reads_a_text_the_reader_passes_over() -> None:
    index = REGISTRY.frames()
    passed = read = 0
    for text in texts():
        if reader._sayable(index, [text]):
            read += any(way(index, k, text) for way in _WAYS for k in KEYWORDS)
            continue
        passed += 1
        for keyword in KEYWORDS:
            assert all(way(index, keyword, text) == [] for way in _WAYS), (keyword, text)
    assert passed > 600  # (texts passed over: a word nobody knows, or unfinished)
    assert read > 300, read  # (texts some way reads: what a passed-over one could have been)


def test_read_and_proposals_are_the_plain_ways() -> None:
    index = REGISTRY.frames()
    found = 0
    for text in texts()[::4]:
        said = [*readings(text), text]
        for keyword in KEYWORDS:
            seen = _seen(reader.read(index, REGISTRY.match_one, keyword, said))
            assert seen == plain_read(index, keyword, said), (keyword, text)
            found += seen is not None
            offered = reader.proposals(index, REGISTRY.match_one, keyword, said)
            assert offered == plain_proposals(index, keyword, said), (keyword, text)
    assert found > 50
