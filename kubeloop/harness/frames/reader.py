"""A line read by a frame: the sentences it means, each a frame's example in its values.

A line is taken only when the sentences it means name one definition, as the registry's
own matcher reads them (so a frame proposes and the phrases decide); when they name
several, the line is ambiguous and reads as none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from kubeloop.harness.definitions import Match
from kubeloop.harness.frames.chunker import chunk
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.frames.kinds import fits
from kubeloop.harness.frames.lexicon import words
from kubeloop.harness.frames.rebuild import Rebuilt, rebuilt

_ACTORS = frozenset({"i", "we"})
"""Who acts in a sentence that does something ("I cordon node-1"): under Then such a line
is an action written as a check, never read as the state it leads to."""

_JOINING = frozenset({"and", "or", "but", "then", "with"})

_WEAK = 2
"""The most bare plain words one line may give as names ("checkout v1 is live in prod"):
more, and the line is likelier words we do not know than names."""


def sentences(index: FrameIndex, keyword: str, text: str, light: bool = False) -> list[Rebuilt]:
    """What ``text`` says as sentences of the catalog, one per frame it fits (maybe none:
    a word the lexicon does not know blocks every frame); ``light``: the frames it fits
    but for a light verb."""
    if _unfinished(text):
        return []
    chunked = chunk(text, index.lexicon)
    if chunked.unknown or sum(v.weak for v in chunked.values) > _WEAK:
        return []
    if all(c.kind == "value" and not c.of_kind for c in chunked.chunks):
        return []  # values alone ("node-1", a list's item) say nothing to do or check
    found: dict[str, Rebuilt] = {}
    acting = keyword == "then" and _actor(text)
    for frame in index.lookup(keyword, chunked, light):
        if acting and not _actor(frame.example):
            continue
        said = rebuilt(frame.example, frame.chunked, chunked)
        if said is not None:
            found.setdefault(said.text, said)
    return list(found.values())


def _unfinished(text: str) -> bool:
    """A line that stops on a joining word ("I cordon node-1, node-2 and") was cut short."""
    last = text.rstrip(" ,;").rsplit(maxsplit=1)[-1:]
    return bool(last) and last[0].lower() in _JOINING


def _actor(text: str) -> bool:
    first = text.split(maxsplit=1)[:1]
    return bool(first) and first[0].lower() in _ACTORS


def read(
    index: FrameIndex,
    match_one: Callable[[str, str], list[Match]],
    keyword: str,
    texts: list[str],
) -> list[Match] | None:
    """The match of the one definition the first of ``texts`` (a line, then its readings)
    that fits a frame means, positions dropped (the step shows the line as written); None
    when none fits, or when it fits several definitions' frames and none is said in more
    of the line's own words than the others."""
    for light in (False, True):
        for text in texts:
            found = _candidates(index, match_one, keyword, text, light)
            if found:
                best = max(score for score, _, _ in found.values())
                chosen = [m for score, _, m in found.values() if score == best]
                return [replace(chosen[0], offset=-1)] if len(chosen) == 1 else None
    return None


def _candidates(
    index: FrameIndex,
    match_one: Callable[[str, str], list[Match]],
    keyword: str,
    text: str,
    light: bool,
) -> dict[int, tuple[int, int, Match]]:
    """Each definition the frames ``text`` fits name: (how many of the line's words its
    sentence says, its order, the match)."""
    mine = set(words(text))
    found: dict[int, tuple[int, int, Match]] = {}
    for order, said in enumerate(sentences(index, keyword, text, light)):
        shared = len(mine & set(words(said.text)))
        for match in match_one(keyword, said.text):
            key = id(match.definition)
            if fits(match, said.placed) and (key not in found or found[key][0] < shared):
                found[key] = (shared, -order, match)
    return found
