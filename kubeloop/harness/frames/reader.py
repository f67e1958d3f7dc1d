"""A line read by a frame: the sentences it means, each a frame's example in its values.

A line is taken only when the sentences it means name one definition, as the registry's
own matcher reads them (so a frame proposes and the phrases decide); when they name
several, the line is ambiguous and reads as none.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from kubeloop.harness.definitions import Match
from kubeloop.harness.frames import looser
from kubeloop.harness.frames.chunker import Chunked, normalised
from kubeloop.harness.frames.derived import Derived
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.frames.kinds import fits
from kubeloop.harness.frames.lexicon import words
from kubeloop.harness.frames.rebuild import Rebuilt, rebuilt

_EXACT, _LIGHT, _LOOSER, _SHORTER, _DERIVED = "exact", "light", "looser", "shorter", "derived"
"""The ways a line is tried, in turn: its own frames; theirs but for a light verb; the
frames of what it says in other grammar (looser.py); wider frames with what the line does
not say left out; the frames of forms no example says (derived.py)."""
_WAYS = (_EXACT, _LIGHT, _LOOSER, _SHORTER, _DERIVED)
_WEAK = 2
"""The most bare plain words one line may give as names ("checkout v1 is live in prod"):
more, and the line is likelier words we do not know than names."""


def _readable(chunked: Chunked) -> bool:
    """Whether a line says enough to be read by its meaning: no word unknown, something
    said besides names and grammar ("R1", "the R1 of prod" say too little; a query says
    what it is about), and no
    more bare plain words than could all be names."""
    return (
        not chunked.unknown
        and any(c.kind == "concept" or c.label == "promql" for c in chunked.chunks)
        and sum(v.weak for v in chunked.values) <= _WEAK
    )


def plainly_unfinished(text: str) -> bool:
    """A line that ends on a joining word ("I cordon node-1 and") says it is not done."""
    return _UNFINISHED.search(text) is not None


_UNFINISHED = re.compile(r"(?:^|\s)(?:and|or|but|then|with|,)\s*[,.]?\s*$|,\s*$", re.IGNORECASE)


def _unfinished(text: str) -> bool:
    """``plainly_unfinished``, read from the line's end alone (the regex is searched for
    from every space of the line); a line outside ASCII is searched (case folding outside
    ASCII is re's own). tests/harness/frames/test_reader.py holds the two equal."""
    if not text.isascii():
        return plainly_unfinished(text)
    end = text.rstrip()
    if end.endswith(","):
        return True
    if end.endswith("."):
        end = end[:-1].rstrip()
    word = end.rsplit(None, 1)[-1].lower() if end else ""
    return word in _JOINING and (len(word) == len(end) or end[-len(word) - 1].isspace())


_JOINING = frozenset({"and", "or", "but", "then", "with", ","})


def sentences(index: FrameIndex, keyword: str, text: str, light: bool = False) -> list[Rebuilt]:
    """What ``text`` says as sentences of the catalog, one per frame it fits (maybe none:
    a word the lexicon does not know blocks every frame); ``light``: the frames it fits
    but for a light verb."""
    chunked = index.chunk(text)
    if not _readable(chunked) or _unfinished(text):
        return []
    found: dict[str, Rebuilt] = {}
    for frame in index.lookup(keyword, chunked, light):
        said = rebuilt(frame.example, frame.chunked, chunked)
        if said is not None:
            found.setdefault(said.text, said)
    return list(found.values())


def _looser(index: FrameIndex, keyword: str, text: str) -> list[Rebuilt]:
    """What ``text`` says as the frames of the same meaning said in other grammar
    (looser.py: "exactly" where a plain statement is exact, "every pod" for "pods", an
    action said without who did it)."""
    chunked = index.chunk(text)
    if not _readable(chunked) or _unfinished(text):
        return []
    found: dict[str, Rebuilt] = {}
    for signature in looser.signatures(keyword, chunked):
        for frame in index.frames.get((keyword, signature), []):
            said = rebuilt(frame.example, frame.chunked, chunked)
            if said is not None:
                found.setdefault(said.text, said)
    return list(found.values())


@functools.lru_cache(maxsize=2)
def _forms(index: FrameIndex) -> Derived:
    """The derived frames of an index, built as lines ask for them."""
    return Derived(index)


def _derived(index: FrameIndex, keyword: str, text: str) -> list[Rebuilt]:
    """What ``text`` says as a form of a phrase no example says (an optional part left
    out or put in, another choice's words), in the line's values."""
    chunked = index.chunk(text)
    if not _readable(chunked) or _unfinished(text):
        return []
    found: dict[str, Rebuilt] = {}
    for frame in _forms(index).lookup(keyword, chunked):
        said = rebuilt(frame.example, frame.chunked, chunked)
        if said is not None:
            found.setdefault(said.text, said)
    return list(found.values())


def _shorter(index: FrameIndex, keyword: str, text: str) -> list[Rebuilt]:
    """What ``text`` says as the examples of frames that say a little more, the more left
    out (with its preposition and kind noun): "the service "web" serves 100 requests per
    second with 2% errors" said without its errors, for a line that says none."""
    chunked = index.chunk(text)
    if not _readable(chunked) or _unfinished(text):
        return []
    mine = set(chunked.signature()[0])
    found: dict[str, Rebuilt] = {}
    for frame in index.wider(keyword, chunked)[:_WIDER]:
        for shorter in _left_out(frame.example, frame.chunked, mine, chunked):
            again = index.chunk(shorter)
            if again.unknown or again.signature() != chunked.signature():
                continue
            said = rebuilt(shorter, again, chunked)
            if said is not None:
                found.setdefault(said.text, said)
    return list(found.values())


_WIDER = 6
"""How many of the nearest wider frames a line is tried against."""
_ARTICLE = re.compile(r"(?:\b(?:the|a|an|its|their)\s+)$", re.IGNORECASE)


def _left_out(example: str, chunked: Chunked, mine: set[str], line: Chunked) -> list[str]:
    """The example without the concepts the line does not say, and without the values it
    does not give (each way of choosing which, when a type has more than the line's)."""
    spans = [
        c.phrase if c.kind == "value" else (c.start, c.end)
        for c in chunked.chunks
        if c.kind != "value" and c.label not in mine
    ]
    choices: list[list[tuple[int, int]]] = [[]]
    for kind in sorted({v.label for v in chunked.values}):
        theirs = [v for v in chunked.values if v.label == kind]
        extra = len(theirs) - sum(v.label == kind for v in line.values)
        if extra > 0:
            optional = [v for v in theirs if v.role]  # (a list's items are never optional)
            options = [[v.phrase for v in drop] for drop in combinations(optional, extra)]
            choices = [c + o for c in choices for o in options][:_CHOICES]
    texts = []
    for dropped in choices:
        text = normalised(example)
        for start, end in sorted(spans + dropped, reverse=True):
            head = _ARTICLE.sub("", text[:start])
            text = head.rstrip(" ,") + " " + text[end:].lstrip(" ,")
        text = _DANGLING.sub("", " ".join(text.split()).replace(" 's", "'s"))
        texts.append(_DOUBLED.sub(r" \1 ", text))
    return texts


_CHOICES = 4
_JOIN = r"(?:,|and|then|or|but)"
_LINK = rf"(?:{_JOIN}|with|as|of|to|for|in|on|at|from|by)"
_DANGLING = re.compile(rf"^(?:{_JOIN}\s*)+|(?:\s*\b{_LINK})+$", re.IGNORECASE)
"""Joining words left at either end once what they joined is left out ("… to dev and then")."""
_DOUBLED = re.compile(r"\s(and|then|or|,)(?:\s*(?:and|then|or|,))+\s", re.IGNORECASE)


def read(
    index: FrameIndex,
    match_one: Callable[[str, str], list[Match]],
    keyword: str,
    texts: list[str],
) -> list[Match] | None:
    """The match of the one definition the first of ``texts`` (a line's readings, then the line)
    that fits a frame means, positions dropped (the step shows the line as written), every
    name the line gives kept (a reading that said "Dana approves" as "I approve" loses who
    approved, so it is not taken); None when none fits, or when it fits several
    definitions' frames and none is said in more of the line's own words than the others."""
    said = _sayable(index, texts)
    if not said:
        return None
    names = _names(index, texts[-1])
    for way in _WAYS:
        for text in said:
            found = {
                key: candidate
                for key, candidate in _candidates(index, match_one, keyword, text, way).items()
                if names <= _said(candidate[2].text)
            }
            if found:
                best = max(score for score, _, _ in found.values())
                chosen = [m for score, _, m in found.values() if score == best]
                return [replace(chosen[0], offset=-1)] if len(chosen) == 1 else None
    return None


def _sayable(index: FrameIndex, texts: list[str]) -> list[str]:
    """The ``texts`` some way may read: every way reads nothing of a line it cannot read by
    its meaning (``_readable``) or that is unfinished, so such a text is not asked of each
    way in turn (tests/harness/test_frames_reader.py holds ``read`` to the ways asked of
    every text)."""
    return [t for t in texts if _readable(index.chunk(t)) and not _unfinished(t)]


def _names(index: FrameIndex, line: str) -> set[str]:
    """The names ``line`` gives (the line as written is the last of the texts tried)."""
    return {v.text.strip('"').lower() for v in index.chunk(line).values if v.label == "name"}


def _said(text: str) -> set[str]:
    return {word.strip('",.').lower() for word in text.split()}


def proposals(
    index: FrameIndex,
    match_one: Callable[[str, str], list[Match]],
    keyword: str,
    texts: list[str],
    count: int = 3,
) -> list[str]:
    """The sentences a line that ``read`` refused fits equally (two definitions said as
    close to its words), closest first: what to suggest instead of guessing."""
    said = _sayable(index, texts)
    for way in _WAYS:
        for text in said:
            found = _candidates(index, match_one, keyword, text, way)
            if found:
                ranked = sorted(found.values(), key=lambda f: (-f[0], -f[1]))
                return [match.text for _, _, match in ranked[:count]]
    return []


def nearest(
    index: FrameIndex,
    match_one: Callable[[str, str], list[Match]],
    keyword: str,
    text: str,
) -> list[str]:
    """What a line with one word the lexicon does not know says without it, when that is
    one definition's frame exactly (every concept said, none added, every name kept): a
    suggestion, never a match, since the word may have mattered. A word that cannot go
    without changing what is said (a negation, a comparison) is known, never dropped."""
    unknown = index.chunk(text).unknown
    if len(unknown) != 1 or index.lexicon.near(unknown[0]):
        return []  # (a misspelt word is mended by its letters, suggest.py, not left out)
    shorter = " ".join(
        re.sub(rf"(?<![\w-]){re.escape(unknown[0])}(?![\w-])", " ", text, count=1).split()
    )
    if shorter == text:
        return []
    names = _names(index, text)
    found = {
        key: candidate
        for key, candidate in _candidates(index, match_one, keyword, shorter, _EXACT).items()
        if names <= _said(candidate[2].text)
    }
    return [match.text for _, _, match in found.values()] if len(found) == 1 else []


def _candidates(
    index: FrameIndex,
    match_one: Callable[[str, str], list[Match]],
    keyword: str,
    text: str,
    way: str,
) -> dict[int, tuple[int, int, Match]]:
    """Each definition the frames ``text`` fits name: (how many of the line's words its
    sentence says, its order, the match)."""
    found: dict[int, tuple[int, int, Match]] = {}
    if way == _SHORTER:
        said_as = _shorter(index, keyword, text)
    elif way == _DERIVED:
        said_as = _derived(index, keyword, text)
    elif way == _LOOSER:
        said_as = _looser(index, keyword, text)
    else:
        said_as = sentences(index, keyword, text, way == _LIGHT)
    if not said_as:
        return found
    mine = set(words(text))
    for order, said in enumerate(said_as):
        shared = len(mine & set(words(said.text)))
        for match in match_one(keyword, said.text):
            key = id(match.definition)
            if fits(match, said.placed, index.lexicon) and (
                key not in found or found[key][0] < shared
            ):
                found[key] = (shared, -order, match)
    return found
