"""The catalog's examples nearest a line by what it means, each said in the line's values:
the suggestions for a line no phrase matches.

Meaning before spelling: an example is near when it is of the mechanism the line's nouns
belong to and says the line's concepts (a rare one counts more than "is" or "have"), with
the same comparisons; it is negated exactly when the line is (by any negation word), never
its opposite; its letters only break ties. The line's values go into the example's slots
of their own type (fill.py): a number where a count goes, a name where a name goes, a
whole query where a query goes.
"""

from __future__ import annotations

import difflib
import functools
import math
from collections import Counter
from dataclasses import dataclass

from kubeloop.harness.frames.chunker import Chunked
from kubeloop.harness.frames.fill import filled, fits
from kubeloop.harness.frames.function_words import COMPARATORS, NEGATIONS
from kubeloop.harness.frames.index import GRAMMAR, Frame, FrameIndex
from kubeloop.harness.frames.postings import Postings
from kubeloop.harness.letters_in_order import at_most
from kubeloop.harness.mechanisms import mechanism_of, of_domain, recognised
from kubeloop.harness.suggest import file_kinds


@dataclass(frozen=True)
class _Known:
    """A frame with what ranking it needs: its content concepts, its grammar (negations,
    comparisons, quantifiers, referents, in order), its value types and its mechanism."""

    frame: Frame
    content: frozenset[str]
    grammar: tuple[str, ...]
    types: frozenset[str]
    mechanism: str
    grams: frozenset[str]
    files: frozenset[bool]
    meaning: tuple[str, ...]


@dataclass(frozen=True)
class _Catalog:
    """Every frame, ready to rank, and how rare each concept is among them."""

    known: tuple[_Known, ...]
    weight: dict[str, float]
    mechanisms: dict[str, Counter[str]]
    near: Postings
    """Each frame under its keyword with each content concept and value type (``_keys``)."""
    said: dict[tuple[str, str], Frame]
    """Each frame by its keyword and example, as a phrase about a line's nouns is offered."""


_SHARED_MECHANISMS = frozenset({"common", "links"})
"""Phrases that join or serve every mechanism: never far from a line's mechanism."""
_OTHER_KEYWORD = {"given": ("when",), "when": ("given",), "then": ()}


@functools.lru_cache(maxsize=2)
def _catalog(index: FrameIndex) -> _Catalog:
    known = []
    said: Counter[str] = Counter()
    mechanisms: dict[str, Counter[str]] = {}
    for frames in index.frames.values():
        for frame in frames:
            concepts, types = frame.chunked.signature()
            content = frozenset(c for c in concepts if c not in GRAMMAR)
            mechanism = of_domain(frame.definition.domain)
            known.append(
                _Known(
                    frame,
                    content,
                    tuple(c for c in concepts if c in GRAMMAR),
                    frozenset(types),
                    mechanism,
                    trigrams(frame.example.lower()),
                    frozenset(file_kinds(frame.example)),
                    _meaning(concepts),
                )
            )
            said.update(content)
            for concept in content:
                mechanisms.setdefault(concept, Counter())[mechanism] += 1
    total = len(known)
    weight = {c: math.log((1 + total) / (1 + n)) for c, n in said.items()}
    known.sort(key=lambda k: (k.frame.definition.keyword, k.frame.example))
    near = Postings.of(_keys((k.frame.definition.keyword,), k.content, k.types) for k in known)
    said_as = {(k.frame.definition.keyword, k.frame.example): k.frame for k in known}
    return _Catalog(tuple(known), weight, mechanisms, near, said_as)


def _keys(
    keywords: tuple[str, ...], content: frozenset[str], types: frozenset[str]
) -> list[tuple[str, str, str]]:
    """What a frame is filed under, or a line looked up by: each keyword with each content
    concept and each value type."""
    return [
        *((keyword, "concept", c) for keyword in keywords for c in content),
        *((keyword, "type", t) for keyword in keywords for t in types),
    ]


def candidates(
    catalog: _Catalog, keywords: tuple[str, ...], content: frozenset[str], shaped: frozenset[str]
) -> list[int]:
    """The frames (places in ``catalog.known``) of ``keywords`` that say one of the line's
    content concepts or have a slot of one of its surely-typed values: ``plain_candidates``
    from the catalog's postings."""
    return catalog.near.holding_any(_keys(keywords, content, shaped))


def plain_candidates(
    catalog: _Catalog, keywords: tuple[str, ...], content: frozenset[str], shaped: frozenset[str]
) -> list[int]:
    """``candidates``, every frame asked."""
    return [
        order
        for order, k in enumerate(catalog.known)
        if k.frame.definition.keyword in keywords
        and (not shaped.isdisjoint(k.types) or not content.isdisjoint(k.content))
    ]


def _mechanism(
    catalog: _Catalog, text: str, named: str | None, content: frozenset[str]
) -> str | None:
    """The mechanism the line is about: its nouns' (``named``: ``_named`` of the line), a
    query's, else the one its concepts are said in most, by how rare each is."""
    mine = named or mechanism_of(text)
    if mine is not None:
        return mine
    votes: dict[str, float] = {}
    for concept in sorted(content):
        counts = catalog.mechanisms.get(concept, Counter())
        for mechanism, count in counts.items():
            if mechanism not in _SHARED_MECHANISMS:
                vote = catalog.weight[concept] * count / counts.total()
                votes[mechanism] = votes.get(mechanism, 0.0) + vote
    ranked = sorted(votes.items(), key=lambda v: (-v[1], v[0]))[:2]
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def _named(text: str, line: Chunked) -> str | None:
    """The mechanism the line's nouns name (mechanisms.py), by two of its nouns at least
    (one alone is weak: "traffic … doubles while the autoscaler reacts" is not about the
    autoscaler), or telemetry for a line that gives a query, whatever else it says."""
    if any(v.label == "promql" for v in line.values):
        return "telemetry"
    mine = mechanism_of(text)
    return mine if mine is not None and len(recognised(text)[mine]) >= _NOUNS else None


_NOUNS = 2
"""How many of a mechanism's nouns a line says for its suggestions to be that mechanism's
first."""


_MECHANISM = 3.0
"""How much being of the line's mechanism counts, against a concept's rarity (a few)."""
_EXTRA = 0.25
"""How much each concept an example says beyond the line costs, against its rarity."""
_DISAGREE = 4.0
"""How much an example that disagrees on a comparison costs (one that disagrees on
negation is never offered)."""
_QUANTIFIED = 1.0
"""How much one that says another quantifier or referent ("all", "it") costs."""
_NEGATED = "NEGATED"
"""Every negation word as one class: "never … signed" agrees with "nobody signed"."""
_NEGATIONS = frozenset(NEGATIONS.values())
_COMPARED = frozenset(COMPARATORS.values())
_VALUE = 0.6
"""How much each of the line's values an example finds a slot for counts."""
_KEPT = 0.6
"""How much each value of the example's own, kept where the line gave none, costs."""
_CLOSE = 0.5
"""How much of what a line says (its concepts, by rarity) an example must say to be near
by that alone; one that says less is near when it also takes one of the line's values
that is surely a value ("R1", a number, a quoted name), and never below ``_FAR``."""
_FAR = 0.3
_OTHER = 0.5
"""How much an example of the other keyword (a When for a Given) costs."""
_UNPLACED = 2.0
"""How much each kind of surely-typed value the line gives (a query, a duration, a version)
that an example has no slot for costs: such an example would drop it."""
_FILLED = 8
"""How many of the nearest examples are said in the line's values and compared."""
_DROPPED = 4.0
"""How much each value of the line's that is surely one ("R1", a number, a quoted name, a
known name) and that an example leaves out costs: about a rare concept's worth, so an
example that keeps every value the user gave beats one that says a little more of its
words but drops one."""


def _meaning(concepts: tuple[str, ...]) -> tuple[str, ...]:
    """What must agree for a sentence not to say the opposite or another bound: its
    comparisons as said, and whether it is negated (by any negation word)."""
    negated = (_NEGATED,) if not _NEGATIONS.isdisjoint(concepts) else ()
    return (*(c for c in concepts if c in _COMPARED), *negated)


def trigrams(text: str) -> frozenset[str]:
    """A text's letter triples, its ends padded (how alike two texts are spelled, cheaply)."""
    padded = f"  {text} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


@dataclass(frozen=True)
class _Line:
    """What ranking needs of the line, read once: its content concepts, its grammar (all
    of it, and its negations and comparisons alone), its values' types, its letters, its
    mechanism."""

    content: frozenset[str]
    grammar: tuple[str, ...]
    meaning: tuple[str, ...]
    labels: tuple[str, ...]
    grams: frozenset[str]
    mine: str | None
    named: str | None
    """The mechanism the line's own nouns (or its query) name, if they name one."""


def _rough(catalog: _Catalog, k: _Known, line: _Line, meaning: float) -> float:
    """How near an example is, before it is said in the line's values: its mechanism, the
    concepts it shares (``meaning``: their rarities summed) and adds, its grammar, its
    slots, its spelling."""
    spelled = 2 * len(line.grams & k.grams) / (len(line.grams) + len(k.grams) or 1)
    extra = sum(catalog.weight.get(c, 0.0) for c in k.content - line.content)
    near = 0.0
    if line.mine is not None and (k.mechanism == line.mine or k.mechanism in _SHARED_MECHANISMS):
        near = _MECHANISM if k.mechanism == line.mine else _MECHANISM / 2
    typed = sum(1 for label in line.labels if label in k.types)
    return (
        near
        + meaning
        - _EXTRA * extra
        - (_DISAGREE if line.meaning != k.meaning else 0.0)
        - (_QUANTIFIED if line.grammar != k.grammar else 0.0)
        + _VALUE * typed
        + spelled
    )


def phrases(index: FrameIndex, keyword: str, text: str, count: int) -> list[tuple[str, str]]:
    """(keyword, sentence): the examples nearest ``text`` by meaning, each with the line's
    values in slots of their type; nothing when the line shares no concept and no value
    with any example (then the caller says which nouns it knows)."""
    catalog = _catalog(index)
    chunked = index.chunk(text)
    concepts = chunked.signature()[0]
    content = frozenset(c.label for c in chunked.chunks if c.kind == "concept") - GRAMMAR
    labels = tuple(v.label for v in chunked.values)
    if not content and not labels:
        return []
    named = _named(text, chunked)
    line = _Line(
        content,
        tuple(c for c in concepts if c in GRAMMAR),
        _meaning(concepts),
        labels,
        trigrams(text.lower()),
        _mechanism(catalog, text, named, content),
        named,
    )
    shaped = frozenset(labels) - {"name", "number"}
    keywords = (keyword, *_OTHER_KEYWORD.get(keyword, ()))
    rarest = math.log(1 + len(catalog.known))
    files = file_kinds(text)
    unsaid = [w for w in chunked.unknown if not index.lexicon.near(w)]
    total = sum(catalog.weight.get(c, rarest) for c in content) + rarest * len(unsaid)
    # (a word nobody knows, not a slip of one, says something no example does: "the pods
    # sing loudly" is not near every sentence about pods)
    rough = []
    for order in candidates(catalog, keywords, content, shaped):
        k = catalog.known[order]
        theirs = k.frame.definition.keyword
        typed = not shaped.isdisjoint(k.types)  # (a slot for a query, a duration, …)
        if (_NEGATED in line.meaning) != (_NEGATED in k.meaning):
            continue  # (it would say the opposite of the line: worse than nothing)
        if (files and k.files - files) or (True in files and True not in k.files):
            continue  # (a rule test file goes only where a test file goes, and back)
        covered = sum(catalog.weight.get(c, rarest) for c in content & k.content)
        # (every concept an example says has its rarity: ``covered`` is their shared meaning)
        if covered < _FAR * total and not typed:
            continue  # (says too little of what the line does, and has no slot for its query)
        score = (
            _rough(catalog, k, line, covered)
            - (_OTHER if theirs != keyword else 0.0)
            - _UNPLACED * len(shaped - k.types)
        )
        rough.append((-score, order, covered >= _CLOSE * total, k))
    rough.sort(key=lambda r: (r[0], r[1]))
    lowered = text.lower()
    sure = {v.start for v in chunked.values if not v.weak}
    given = {v.start for v in chunked.values}  # (what else is placed: a capitalised name)
    known = {v.start for v in chunked.values if v.weak and v.text.lower() in index.lexicon.names}
    said_as: list[_Said] = []
    seen: set[str] = set()
    for negative, order, close, k in rough[:_FILLED]:
        said = filled(k.frame, chunked)
        if said is None or said.text in seen or not (close or said.named):
            continue  # (near only by the values it says in the line's own words, if not close)
        seen.add(said.text)
        score = (  # (its letters are added last: ``plain_ranked``)
            -negative
            + _VALUE * said.placed
            - _VALUE * said.dropped
            - _DROPPED * len(sure - said.used)
            + _DROPPED * len(said.used - given)
            - _DROPPED / 2 * len(known - said.used)
            - _KEPT * said.kept
        )
        elsewhere = _elsewhere(line.named, k.mechanism)
        said_as.append((elsewhere, score, order, k.frame.definition.keyword, said.text))
    return _ranked(lowered, said_as, count)


_Said = tuple[bool, float, int, str, str]
"""An example said in a line's values: (of another mechanism, its score but for its
letters, its order, keyword, sentence)."""


def plain_ranked(lowered: str, said_as: list[_Said], count: int) -> list[tuple[str, str]]:
    """(keyword, sentence) of the first ``count``: its own mechanism's first, then the
    highest score with the letters it shares with the line (difflib's ratio) added."""
    ranked = []
    for elsewhere, score, order, keyword, sentence in said_as:
        letters = difflib.SequenceMatcher(None, lowered, sentence.lower()).ratio()
        ranked.append((elsewhere, -(score + letters), order, keyword, sentence))
    ranked.sort()
    return [(kw, sentence) for _, _, _, kw, sentence in ranked[:count]]


def _ranked(lowered: str, said_as: list[_Said], count: int) -> list[tuple[str, str]]:
    """``plain_ranked``, the letters compared only for a sentence that may be among the
    first ``count``: not one that ``count`` others surely come before, whatever the
    letters of each (at least 0, at most letters_in_order's bound)."""
    if len(said_as) <= count:
        return plain_ranked(lowered, said_as, count)
    kept = []
    for mine in said_as:
        highest = mine[1] + at_most(lowered, mine[4].lower())
        if sum(_before(theirs, mine, highest) for theirs in said_as) < count:
            kept.append(mine)
    return plain_ranked(lowered, kept, count)


def _before(theirs: _Said, mine: _Said, highest: float) -> bool:
    """Whether ``theirs`` comes before ``mine`` whatever their letters, ``mine`` scoring
    ``highest`` at most (a score plus letters is never below the score alone)."""
    if theirs[0] != mine[0]:
        return theirs[0] < mine[0]
    return theirs[1] > highest or (theirs[1] == highest and theirs[2] < mine[2])


def in_values(
    index: FrameIndex, text: str, offered: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """(keyword, sentence): each of the catalog's examples offered about a line's nouns,
    said in the line's values that are surely values ("R1", a number, a quoted name, a
    known name) where they fit a slot of their type (fill.py); a plain word of a line no
    example is near is rarely a name ("the purple elephant dances"). An example the
    chunker cannot read, or with no slot that fits one of them (``unplaced``), stays as it
    is."""
    catalog = _catalog(index)
    chunked = _sure(index, text)
    said = []
    for keyword, example in offered:
        frame = catalog.said.get((keyword, example))
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
    frame = _catalog(index).said.get((keyword, example))
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


def _elsewhere(mine: str | None, theirs: str) -> bool:
    """Whether an example is of another mechanism than the one the line's nouns name
    (the shared phrases of time and links belong to every one): such an example comes
    after every one of the line's own, however well it is spelled or filled. (A mechanism
    only voted for by the line's other concepts is a preference, in ``_rough``.)"""
    return mine is not None and theirs != mine and theirs not in _SHARED_MECHANISMS


def agreeing(index: FrameIndex, text: str, offered: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(keyword, sentence): only those negated when the line is, and not when it is not
    (a sentence found by its letters alone may say the opposite of the line)."""
    negated = _negated(index.chunk(text))
    return [
        (kw, sentence) for kw, sentence in offered if _negated(index.chunk(sentence)) == negated
    ]


def _negated(chunked: Chunked) -> bool:
    """Whether a sentence says any negation word."""
    return any(c.kind == "negation" for c in chunked.chunks)
