"""An example said again with as many of a line's values as fit, each in a slot of its type.

Unlike rebuild.py (a reading, where every value must pair), a suggestion keeps the
example's own value where the line gives none, and leaves out a value with no slot of its
type. Each value is put in only where the phrase then takes it as one whole parameter, or
one item of a list: never a number into a query's range, never a fragment of a quoted
query into a name. A value is quoted as the example quotes its slot ("web" for web, a
query in backticks where single quotes would clash).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.frames.chunker import Chunk, Chunked, normalised
from kubeloop.harness.frames.index import Frame
from kubeloop.harness.frames.slot_kinds import environment, takes
from kubeloop.harness.frames.values import unit


@dataclass(frozen=True)
class Filled:
    """The sentence; how many of the line's values it says, leaves out, and how many of
    the example's own it keeps where the line gave none."""

    text: str
    placed: int
    dropped: int
    kept: int
    named: int
    """How many of those placed are surely values (quoted, numbered, shaped as names)."""
    used: frozenset[int] = frozenset()
    """Where each of the line's values placed starts in the line."""


_VERSION = re.compile(r'"?v\d+(?:\.\d+)*"?')
_ALIAS = re.compile(r'"?[A-Z][A-Za-z]?\d+"?')


def _numbered(text: str) -> bool:
    """Whether a name is a build's alias ("R1") or a version ("v2")."""
    return _ALIAS.fullmatch(text) is not None or _VERSION.fullmatch(text) is not None


def _kind(value: Chunk) -> str:
    """The kind a name's noun says ("node node-2"), or its own first word does ("node-2");
    none for a name said before "pods" ("5 orders pods"): that names the pods' deployment."""
    if value.of_kind == "pod" and value.said_to > value.end:
        return ""
    head = value.text.strip('"').split("-", 1)[0].lower()
    return value.of_kind or (head if head in _NAMED_KINDS and "-" in value.text else "")


_NAMED_KINDS = frozenset({"node", "pod"})


def _agree(slot: Chunk, value: Chunk) -> bool:
    """A value fits a slot of its type; a name of a kind (said, or "node-2") only a slot
    of that kind or of none; where the example names an environment ("prod"), only an
    environment; a build's alias ("R1") or a version ("v2") only where the
    example has one, and a plain or capitalised word ("coverage", "Friday") never there; a
    bare plain word ("checkout") only where the example has one too, or where both say the
    same preposition before it."""
    if (
        _kind(value)
        and _kind(slot) != _kind(value)
        and (_kind(slot) or _kind(value) in _NAMED_KINDS)
    ):
        return False  # (a node is never a service's name: "node-2" goes where a node goes)
    if _numbered(value.text) != _numbered(slot.text) and (
        value.plain or _numbered(value.text) or _CAPITAL.fullmatch(value.text)
    ):
        return False  # (an alias or a version is never a service's name, nor a word an alias)
    if environment(slot.text) and not environment(value.text):
        return False  # (where the example names an environment, only an environment goes)
    return not value.weak or slot.plain or (bool(slot.role) and slot.role == value.role)


def fits(slot: Chunk, value: Chunk) -> bool:
    """Whether a value may stand in an example's value, by type and shape alone (its phrase
    not asked): of the same type, or a quoted name where a quoted text is, and agreeing
    (``_agree``)."""
    same = slot.label == value.label or (slot.label == "text" and _quoted_name(value))
    return same and _agree(slot, value)


def _capitals(line: Chunked) -> list[Chunk]:
    """Words the lexicon knows, said capitalised inside the line ("an event Promoted"): the
    name of a reason or an event, offered where the example has one ("NodeNotReady")."""
    return [
        Chunk("value", "name", c.text, c.start, c.end)
        for c in line.chunks[1:]
        if c.kind == "concept" and _CAPITAL.fullmatch(c.text)
    ]


_CAPITAL = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*")
_CAMEL = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+")
"""A reason's or an event's name ("NodeNotReady"): more than one hump, so a person's name
("Dana") is no slot for a capitalised word of the line."""


def _alike(slot: Chunk, value: Chunk, said: list[Chunk]) -> bool:
    """Whether a value is shaped as the slot is: an alias or a version ("M2") where the
    example has one ("B3"), when the line gives one ("build M2 of "mobile-api"")."""
    if not _numbered(slot.text):
        return True
    return _numbered(value.text) or not any(_numbered(v.text) for v in said)


def _quoted_name(value: Chunk) -> bool:
    """A name said in double quotes ("coverage"): a text of one word."""
    return value.label == "name" and value.text.startswith('"')


def _pairs(frame: Chunked, line: Chunked, counted: dict[int, str]) -> list[tuple[Chunk, Chunk]]:
    """The example's slots each with a value of the line's: by type; within one, a noun
    counted on both sides first ("2 nodes" where the example says "3 nodes", not "4 cpu";
    ``counted``: the noun after each number of either side, by its chunk), then a role said
    on both sides (an alias's slot an alias first), then in the order said (a capitalised
    word last, and only where the example has one; a quoted name left over where a quoted
    text goes)."""
    paired: list[tuple[Chunk, Chunk]] = []
    capitals = _capitals(line)
    for kind in sorted({v.label for v in frame.values}):
        slots = [v for v in frame.values if v.label == kind]
        said = [v for v in line.values if v.label == kind]
        if kind == "name":
            said += [c for c in capitals if any(_CAMEL.fullmatch(s.text) for s in slots)]
        if kind == "text":  # (any quoted words are a text: a quoted name left over too)
            taken = {id(v) for _, v in paired}
            said += [v for v in line.values if _quoted_name(v) and id(v) not in taken]
        marks: list[Callable[[Chunk], str]] = [
            lambda c: counted.get(id(c), ""),
            lambda c: c.role,
        ]
        for mark in marks:
            for slot in list(slots):
                same = [
                    v
                    for v in said
                    if mark(slot)
                    and mark(v) == mark(slot)
                    and _agree(slot, v)
                    and _alike(slot, v, said)
                ]
                if len(same) == 1 and sum(mark(s) == mark(slot) for s in slots) == 1:
                    paired.append((slot, same[0]))
                    slots.remove(slot)
                    said.remove(same[0])
        for slot in slots:
            capital = _CAMEL.fullmatch(slot.text) is not None
            ordered = sorted(said, key=lambda v: (v in capitals) != capital) if capital else said
            ordered = sorted(ordered, key=lambda v: not _alike(slot, v, said))
            value = next(
                (v for v in ordered if _agree(slot, v) and (capital or v not in capitals)), None
            )
            if value is not None:
                paired.append((slot, value))
                said.remove(value)
    return sorted(paired, key=lambda p: p[0].start)


def _counted(*said: Chunked) -> dict[int, str]:
    """The concept said right after each number ("nodes" in "2 nodes of 8 CPU"), by the
    number's chunk: what it counts, so a count goes where the example counts the same."""
    counted: dict[int, str] = {}
    for chunked in said:
        for value, after in pairwise(chunked.chunks):
            if value.label == "number" and after.kind == "concept" and after.start - value.end <= 1:
                counted[id(value)] = after.label
    return counted


def _renderings(slot: Chunk, value: Chunk) -> list[str]:
    """The ways to write ``value`` in ``slot``, the example's own quoting first."""
    said = value.text
    inner = said[1:-1] if said[:1] in "\"'`" and len(said) > 1 else said
    if said[:1] == '"':
        inner = inner.replace('\\"', '"')
    if value.label == "duration" and " " in said and " " not in slot.text:
        number, _, word = said.partition(" ")
        said = inner = number + (unit(word) or word)
    theirs = slot.text[:1] if slot.text[:1] in "\"'`" else ""
    ways = []
    if theirs and not (theirs == "'" and "'" in inner) and not (theirs == '"' and '"' in inner):
        ways.append(f"{theirs}{inner}{theirs}")
    if not theirs and " " not in inner:
        ways.append(inner)
    ways.append(said)
    if value.label == "promql" and "`" not in inner:
        ways.append(f"`{inner}`")
    return list(dict.fromkeys(ways))


_QUERIES = frozenset({"promql", "quotedpromql", "barepromql", "series", "ratephrase"})
_LIST = re.compile(r",? and then |,? then |, and |, | and | or ")


def whole(definition: StepDefinition, text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether ``definition`` takes ``text`` with each span in a parameter that takes its
    kind of name (slot_kinds.py): the whole of it (quotes aside), one item of a list, or a
    part of a noun phrase ("6 "web" pods"), never a part of a query or of a quoted value."""
    found = definition.fullmatch(text)
    if found is None:
        return False
    kinds = definition.kinds(text)
    groups = [
        (found.start(name), found.end(name), kinds.get(name, ""), name)
        for name, said in found.groupdict().items()
        if said is not None
    ]
    for start, end in spans:
        holders = [g for g in groups if g[0] <= start and end <= g[1]]
        if not holders:
            return False
        s, e, kind, name = min(holders, key=lambda g: g[1] - g[0])
        if not takes(definition, name, kind, text[s:e]):
            return False  # (an environment where a deployment's name goes; slot_kinds.py)
        mine = text[start:end].strip("\"'`")
        theirs = text[s:e].strip()
        if theirs.strip("\"'`") == mine or mine in (
            item.strip("\"'` ") for item in _LIST.split(theirs)
        ):
            continue
        if kind in _QUERIES or theirs[:1] in "\"'`":
            return False  # (part of a query, or of a quoted value: a fragment)
    return True


_POSSESSIVE = re.compile(r" 's(?!\w)")
"""A possessive the chunker set apart ("web 's"), not a quote opening ("on 'sum(…)'")."""


def _said(example: str, chosen: list[tuple[Chunk, str]]) -> tuple[str, list[tuple[int, int]]]:
    """The example with each slot's text replaced, a possessive joined ("web 's" → "web's"),
    and where each replacement stands."""
    pieces: list[str] = []
    spans: list[tuple[int, int]] = []
    position = 0
    length = 0
    for slot, rendered in chosen:
        literal = _POSSESSIVE.sub("'s", example[position : slot.start])
        pieces.append(literal)
        length += len(literal)
        spans.append((length, length + len(rendered)))
        pieces.append(rendered)
        length += len(rendered)
        position = slot.end
    pieces.append(_POSSESSIVE.sub("'s", example[position:]))
    return "".join(pieces), spans


def plain_example_slots(frame: Frame, example: str) -> tuple[Chunked, tuple[Chunk, ...]]:
    """The example's values its phrase takes as parameters (its slots), and those it says
    as its own words ("insufficient" in "… because of insufficient cpu"): a line's value
    that is one of those words is that word, not a value to place."""
    found = frame.definition.fullmatch(example)
    if found is None:
        return frame.chunked, ()
    groups = [found.span(g) for g in found.groupdict() if found.group(g)]
    values = frame.chunked.values
    inside = [v for v in values if any(a <= v.start and v.end <= b for a, b in groups)]
    return Chunked(tuple(inside)), tuple(v for v in values if v not in inside)


def example_slots(frame: Frame, example: str) -> tuple[Chunked, tuple[Chunk, ...]]:
    """``plain_example_slots``, read once per frame: every line ranked is filled into
    the same few hundred examples (a frame holds its definition, which hashes no dict:
    kept by its identity, with the frame itself so the identity stays its own)."""
    kept = _SLOTS.get(id(frame))
    if kept is None or kept[0] is not frame:
        if len(_SLOTS) >= _MOST:
            _SLOTS.clear()
        kept = _SLOTS[id(frame)] = (frame, plain_example_slots(frame, example))
    return kept[1]


_SLOTS: dict[int, tuple[Frame, tuple[Chunked, tuple[Chunk, ...]]]] = {}
_MOST = 8192
"""How many frames' slots are kept at most (a registry's examples, a few times over)."""


def filled(frame: Frame, line: Chunked) -> Filled | None:
    """``frame``'s example with the line's values in the slots they fit (None: the example,
    said as the chunker reads it, is not a sentence its phrase takes)."""
    example = normalised(frame.example)
    definition = frame.definition
    chosen: list[tuple[Chunk, str]] = []
    named = 0
    slots, literal = example_slots(frame, example)
    said = {_bare(v) for v in literal}
    used = {v.start for v in line.values if _bare(v) in said}
    line = Chunked(tuple(c for c in line.chunks if c.kind != "value" or c.start not in used))
    for slot, value in _pairs(slots, line, _counted(frame.chunked, line)):
        for rendered in _renderings(slot, value):
            trial = sorted([*chosen, (slot, rendered)], key=lambda c: c[0].start)
            text, spans = _said(example, trial)
            if whole(definition, text, spans):
                chosen = trial
                named += not value.weak and value.kind == "value"
                used.add(value.start)
                break
    placed = len(chosen)
    chosen, dropped = _listed(frame, example, chosen)
    text, _ = _said(example, chosen)
    if definition.fullmatch(text) is None or _twice(frame.chunked, chosen):
        return None
    kept = len(slots.values) - placed - dropped
    return Filled(text, placed, len(line.values) - placed, kept, named, frozenset(used))


def _bare(value: Chunk) -> str:
    """A value's text without its quotes, in lower case."""
    return value.text.strip("\"'`").lower()


def _twice(frame: Chunked, chosen: list[tuple[Chunk, str]]) -> bool:
    """Whether a value of the line's stands where the example's own same value is kept too
    ("prod and prod all run v3"): the sentence would say twice what the line says once."""
    kept = {
        _bare(v)
        for v in frame.values
        if not any(slot.start <= v.start and v.end <= slot.end for slot, _ in chosen)
    }
    return any(said.strip("\"'`").lower() in kept for _, said in chosen if said)


_JOINER = re.compile(r",? and then |,? then |,? and |, | or ")


def _listed(
    frame: Frame, example: str, chosen: list[tuple[Chunk, str]]
) -> tuple[list[tuple[Chunk, str]], int]:
    """The example's list cut to the items the line gives ("the history of prod is O3",
    not "… is O3 then R3"): each item the line left unfilled is left out with the word
    joining it, where the phrase still takes the sentence; and how many were."""
    filled_slots = {id(slot) for slot, _ in chosen}
    values = frame.chunked.values
    dropped = 0
    for before, slot in reversed(list(pairwise(values))):
        if id(slot) in filled_slots or before.label != slot.label:
            continue
        if _JOINER.fullmatch(example[before.end : slot.start]) is None:
            continue
        gone = Chunk("value", slot.label, "", before.end, slot.end)
        trial = sorted([*chosen, (gone, "")], key=lambda c: c[0].start)
        text, spans = _said(example, trial)
        if whole(frame.definition, text, [(a, b) for a, b in spans if a < b]):
            chosen = trial
            dropped += 1
    return chosen, dropped
