"""A frame's example said again with a line's values in its slots.

Slots and values are paired by type; within a type, a role said on both sides ("to prod",
"from commit …") pairs them first, the rest keep their order, so two names are never
swapped silently. A name whose kind the frame says ("pod "web-5"") takes only a value of
that kind, or of none when the kind is not a pod (a pod named is not its deployment). A
bare plain word ("checkout") fills only a slot the example fills with one ("web"), never
one shaped like an alias or an id ("D1", "node-2").
"""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.harness.frames.chunker import Chunk, Chunked, normalised

_ONLY_SAID = frozenset({"pod"})
"""Kinds a frame's name keeps only when the line says them too."""


_PLACE = frozenset({"to", "in", "for"})
"""Roles that all say where ("to prod", "in prod", "for prod"): one may stand for another."""


def _roles_agree(slot: Chunk, value: Chunk) -> bool:
    """A name said with a preposition goes only where the frame says one of the same sense
    ("v2 goes back to v1" is not "v2 and v1 fail"); other values, and names said bare, go
    where their type does."""
    if not value.role:
        return True
    if not slot.role:
        return value.label != "name"
    return slot.role == value.role or {slot.role, value.role} <= _PLACE


def _agree(slot: Chunk, value: Chunk) -> bool:
    if (value.weak and not slot.plain) or not _roles_agree(slot, value):
        return False
    if not slot.of_kind or slot.of_kind == value.of_kind:
        return True
    return not value.of_kind and slot.of_kind not in _ONLY_SAID


def pairs(frame: Chunked, line: Chunked) -> list[tuple[Chunk, Chunk]] | None:
    """Each of the frame's slots with the line's value that fills it, or None."""
    paired: list[tuple[Chunk, Chunk]] = []
    for kind in sorted({v.label for v in frame.values}):
        slots = [v for v in frame.values if v.label == kind]
        said = [v for v in line.values if v.label == kind]
        if len(slots) != len(said):
            return None
        left_slots, left_said = list(slots), list(said)
        for slot in slots:
            same = [v for v in left_said if slot.role and v.role == slot.role]
            if len(same) == 1 and sum(s.role == slot.role for s in left_slots) == 1:
                paired.append((slot, same[0]))
                left_slots.remove(slot)
                left_said.remove(same[0])
        paired.extend(zip(left_slots, left_said, strict=True))
    if not all(_agree(slot, value) for slot, value in paired):
        return None
    return paired


def _as_in(slot: Chunk, value: Chunk) -> str:
    """A query said as the example says its own: bare where the example's is bare
    (""up{job=\\"api\\"}" is 1" is the bare "up{job="api"} is 1"), else as the line says it."""
    said = value.text
    if value.label == "promql" and said[:1] == '"' and slot.text[:1] not in "\"'`":
        return said[1:-1].replace('\\"', '"')
    return said


@dataclass(frozen=True)
class Rebuilt:
    """A frame's example in a line's values: the sentence, and where each value went."""

    text: str
    placed: tuple[tuple[int, int, Chunk], ...]


def rebuilt(example: str, frame: Chunked, line: Chunked) -> Rebuilt | None:
    """``example`` with the line's values in its slots (None if they do not pair); the
    example is said as the chunker reads it (contractions in full), possessives joined."""
    paired = pairs(frame, line)
    if paired is None:
        return None
    text = normalised(example)
    for slot, value in sorted(paired, key=lambda p: p[0].start, reverse=True):
        text = text[: slot.start] + "\0" + _as_in(slot, value) + "\0" + text[slot.end :]
    text = text.replace(" 's", "'s")
    placed: list[tuple[int, int, Chunk]] = []
    for _, value in sorted(paired, key=lambda p: p[0].start):
        start = text.index("\0")
        text = text[:start] + text[start + 1 :]
        end = text.index("\0")
        text = text[:end] + text[end + 1 :]
        placed.append((start, end, value))
    return Rebuilt(text, tuple(placed))
