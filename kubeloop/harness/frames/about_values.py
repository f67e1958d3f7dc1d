"""Phrases about a line's nouns said in the line's own values: the suggestions for a line
no example is near by meaning (suggest.py's ``about``), each example with the line's sure
values ("R1", a number, a quoted name, a known name) in slots of their type (fill.py).
"""

from __future__ import annotations

from kubeloop.harness.frames.chunker import Chunked
from kubeloop.harness.frames.fill import filled, fits
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.frames.nearby import catalog_said


def in_values(
    index: FrameIndex, text: str, offered: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """(keyword, sentence): each of the catalog's examples offered about a line's nouns,
    said in the line's values that are surely values ("R1", a number, a quoted name, a
    known name) where they fit a slot of their type (fill.py); a plain word of a line no
    example is near is rarely a name ("the purple elephant dances"). An example the
    chunker cannot read, or with no slot that fits one of them (``unplaced``), stays as it
    is."""
    said_as = catalog_said(index)
    chunked = _sure(index, text)
    said = []
    for keyword, example in offered:
        frame = said_as.get((keyword, example))
        if frame is None or unplaced(index, text, keyword, example) == len(chunked.values):
            said.append((keyword, example))
            continue
        done = filled(frame, chunked)
        said.append((keyword, example if done is None else done.text))
    return said


def _sure(index: FrameIndex, text: str) -> Chunked:
    """The line's chunks with only the values that are surely values."""
    line = index.chunk(text)
    return Chunked(
        tuple(
            c
            for c in line.chunks
            if c.kind != "value" or not c.weak or c.text.lower() in index.lexicon.names
        ),
        line.unknown,
    )


def unplaced(index: FrameIndex, text: str, keyword: str, example: str) -> int:
    """How many of the line's sure values an example has no value of their type and shape
    for (fill.fits): what saying it in the line's values would drop at least, learnt
    without reading it by its phrase (a phrase is compiled the first time it reads:
    ranking a dozen that way costs more than it tells)."""
    values = _sure(index, text).values
    frame = catalog_said(index).get((keyword, example))
    if frame is None:
        return len(values)
    free = list(frame.chunked.values)
    left = 0
    for value in values:
        slot = next((s for s in free if fits(s, value)), None)
        if slot is None:
            left += 1
        else:
            free.remove(slot)
    return left
