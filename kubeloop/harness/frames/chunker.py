"""A line as chunks: typed values and concepts, the fillers read away.

"node node-2 is still crashing" → the concept "fail" and a name (of kind node);
"checkout is at 100 rps" → a name, a number (role "in") and the concept "rps". A word the
lexicon does not know and that is not shaped like a name is kept as unknown: a line with
one is never read by a frame, so nothing is misread silently.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from kubeloop.harness.frames.function_words import CONTRACTIONS, KINDS, NEVER_NAMES
from kubeloop.harness.frames.lexicon import Lexicon, concept_of
from kubeloop.harness.frames.stems import stem
from kubeloop.harness.frames.values import NUMBER_WORDS, name_like, quoted_type, typed, unit


@dataclass(frozen=True)
class Chunk:
    """One piece of a line: a value (``kind`` "value", ``label`` its type), a concept
    (``label`` the concept), or an unknown word; where it stands in the line."""

    kind: str
    label: str
    text: str
    start: int
    end: int
    role: str = ""
    """For a value: the preposition before it, as a role ("to", "from", "in", …)."""
    of_kind: str = ""
    """For a name: the noun that said its kind ("node" in "node node-2")."""
    said_from: int = -1
    said_to: int = -1
    """For a value: where the words that go with it start and end, its preposition and kind
    noun included ("to the node node-2"); -1: where the value does."""

    @property
    def phrase(self) -> tuple[int, int]:
        """Where the value and the words that go with it stand in the line."""
        return (
            self.start if self.said_from < 0 else min(self.start, self.said_from),
            self.end if self.said_to < 0 else max(self.end, self.said_to),
        )

    @property
    def plain(self) -> bool:
        """A name that is a plain lowercase word ("web", "prod"; quoted or not): only where
        a frame's example has one may a bare word the lexicon does not know stand."""
        said = self.text.strip('"')
        return self.label == "name" and said.isalpha() and said.islower()

    @property
    def weak(self) -> bool:
        """A name said as a bare plain word, that could as well be a word we do not know."""
        return self.plain and not self.text.startswith('"')


@dataclass(frozen=True)
class Chunked:
    """A line's chunks, and the words no concept or value accounts for."""

    chunks: tuple[Chunk, ...]
    unknown: tuple[str, ...] = field(default=())

    @functools.cached_property
    def values(self) -> tuple[Chunk, ...]:
        """``plain_values``, worked out once: ranking and filling ask a line and each
        example for their values again and again (the chunks never change)."""
        return plain_values(self)

    def signature(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``plain_signature``, worked out once (as ``values``)."""
        return self._signature

    @functools.cached_property
    def _signature(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return plain_signature(self)


def plain_values(chunked: Chunked) -> tuple[Chunk, ...]:
    """A line's values, in order."""
    return tuple(c for c in chunked.chunks if c.kind == "value")


def plain_signature(chunked: Chunked) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What the line means, whatever its order: its concepts (each once; negations as
    often as said) and the types of its values (as often as given)."""
    said = {c.label for c in chunked.chunks if c.kind not in ("value", "negation")}
    negated = [c.label for c in chunked.chunks if c.kind == "negation"]
    return tuple(sorted([*said, *negated])), tuple(sorted(v.label for v in plain_values(chunked)))


_PIECE = re.compile(
    r'"(?:[^"\\]|\\.)*"'
    r"|`[^`]*`"
    r"|(?<![\w'])'[^']*'(?![\w])"
    r"|[A-Za-z_:][\w:]*[({]"
    r"|<=|>=|==|<|>"
    r"|'s\b|n't\b"
    r"|(?<![\w-])-\d+(?:\.\d+)?(?![\w.-])"
    r"|[A-Za-z0-9][\w.%:/=+…-]*[\w%…]|[A-Za-z0-9]"
)
_CONTRACTION = re.compile(
    r"\b(?:" + "|".join(re.escape(c) for c in sorted(CONTRACTIONS, key=len, reverse=True)) + r")",
    re.IGNORECASE,
)
_POSSESSIVE = re.compile(r"(?<=[A-Za-z0-9])'s\b|(?<=[A-Za-z0-9]s)'(?=\s)")
_KINDS = frozenset(concept_of(k) for k in KINDS)
_PAIRS = {"(": ")", "{": "}", "[": "]"}
_TIMES = frozenset({"duration"})
_DETERMINERS = frozenset(
    {"a", "an", "this", "that", "these", "those", "some", "any", "our", "my", "your", "his", "her"}
)
"""Words before a common noun, never before a name ("a hurry", "this month")."""


def normalised(text: str) -> str:
    """Curly quotes straight, contractions said in full, a possessive as its own word."""
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    if "'" not in text and "cannot" not in text.lower():
        return text  # (no contraction, no possessive: each has an apostrophe, but "cannot")
    text = _CONTRACTION.sub(lambda m: CONTRACTIONS[m.group(0).lower()], text)
    return _POSSESSIVE.sub(" 's", text)


def _balanced(text: str, start: int) -> int:
    """The end of bare PromQL that opens a bracket at ``start``'s word (brackets matched,
    then any more brackets or words joined to it)."""
    depth: list[str] = []
    position = start
    while position < len(text):
        char = text[position]
        if char in _PAIRS:
            depth.append(_PAIRS[char])
        elif depth and char == depth[-1]:
            depth.pop()
            if not depth and (position + 1 >= len(text) or text[position + 1] not in "[({"):
                return position + 1
        position += 1
    return len(text)


def _pieces(text: str) -> list[tuple[str, int, int]]:
    """``plain_pieces(text)``: a text with no opening bracket has no bare PromQL to run on
    past its match (only a piece that ends in one does), so its pieces are found in one
    pass."""
    if "(" in text or "{" in text:
        return plain_pieces(text)
    return [(m.group(), m.start(), m.end()) for m in _PIECE.finditer(text)]


def plain_pieces(text: str) -> list[tuple[str, int, int]]:
    """Each piece of ``text`` and where it stands: bare PromQL ("rate(x[5m])") to its
    brackets' end."""
    found: list[tuple[str, int, int]] = []
    position = 0
    while True:
        match = _PIECE.search(text, position)
        if match is None:
            return found
        end = match.end()
        if match.group(0)[-1] in "({" and match.group(0)[0] not in "\"'`":
            end = _balanced(text, end - 1)
        found.append((text[match.start() : end], match.start(), end))
        position = end


def _stem(piece: str) -> str:
    """A piece as the lexicon's entries are keyed: a word's stem, else the piece itself."""
    return stem(piece) if piece[0].isalnum() or piece[0] in "<>'n" else piece


def first_stems(text: str) -> frozenset[str]:
    """Every stem a lexicon entry can start at when ``text`` is chunked: each piece's, as
    ``chunk`` stems it, and each word's of a hyphenated piece (``_said_apart``). Each
    concept a chunking says is an entry's that starts at one of these (derived.py screens
    samples by it before chunking them)."""
    pieces = _pieces(normalised(text))
    found = {_stem(p) for p, _, _ in pieces}
    for piece, _, _ in pieces:
        if "-" in piece:
            found.update(stem(w) for w in piece.lower().split("-"))
    return frozenset(found)


def chunk(text: str, lexicon: Lexicon) -> Chunked:
    """The chunks of ``text`` (positions in the normalised text, see ``normalised``)."""
    said = normalised(text)
    pieces = _pieces(said)
    stems = tuple(_stem(p) for p, _, _ in pieces)
    raw: list[Chunk] = []
    unknown: list[str] = []
    index = 0
    while index < len(pieces):
        piece, start, end = pieces[index]
        kind = _value_type(piece)
        if kind == "number" and index + 1 < len(pieces) and unit(pieces[index + 1][0]):
            end = pieces[index + 1][2]
            raw.append(Chunk("value", "duration", said[start:end], start, end))
            index += 2
            continue
        words = _compound(lexicon, piece) if kind == "name" else None
        if words is not None:  # ("burn-rate", "on-call": words, not a name)
            raw.extend(_said_apart(lexicon, words, start))
            index += 1
            continue
        if kind is not None and (kind != "name" or not _known(lexicon, stems, index)):
            raw.append(Chunk("value", kind, piece, start, end))
            index += 1
            continue
        found = lexicon.longest(stems, index)
        if found is not None and found[0] == 1 and _auxiliary(pieces, index, lexicon):
            raw.append(Chunk("filler", "", piece, start, end))
            index += 1
            continue
        if found is not None:
            length, entry = found
            last = pieces[index + length - 1][2]
            raw.append(Chunk(entry.kind, entry.concept, said[start:last], start, last))
            index += length
            continue
        lowered = piece.lower()
        after_article = index > 0 and pieces[index - 1][0].lower() in _DETERMINERS
        if lowered in lexicon.names:
            raw.append(Chunk("value", "name", piece, start, end))
        elif (
            lowered in NEVER_NAMES
            or (len(lowered) > 4 and lowered.endswith(("ly", "ing", "ed")))
            or (after_article and piece.isalpha() and piece.islower())
            or (piece.isalpha() and piece.islower() and lexicon.near(piece))
        ):
            unknown.append(piece)
        else:
            raw.append(Chunk("value", "name", piece, start, end))
        index += 1
    return Chunked(tuple(_roles(_kinds(raw))), tuple(unknown))


_HAVE = frozenset({"has", "have", "had", "'ve"})
_PARTICIPLES = frozenset(
    {"run", "come", "become", "set", "put", "cut", "hit", "let", "shut", "spread", "read"}
    | {"built", "gone", "done", "kept", "sent", "found", "paid", "held", "left", "lost"}
    | {"made", "said", "seen", "shown", "got", "gotten", "stood", "spent", "brought"}
)


def _auxiliary(pieces: list[tuple[str, int, int]], index: int, lexicon: Lexicon) -> bool:
    """Whether a "has"/"have"/"had" only makes the next verb perfect ("the autoscaler has
    run", "nobody has approved R2"): the verb says it all, as "ran" or "approved" would;
    a "has" that owns something ("node-1 has 4 pods") is the word itself."""
    if pieces[index][0].lower() not in _HAVE:
        return False
    after = index + 1
    while after < len(pieces):
        word = pieces[after][0].lower()
        entry = lexicon.entries.get((stem(word),))
        if entry is None or entry.kind not in ("filler", "negation") or word == "been":
            break
        after += 1
    if after >= len(pieces):
        return False
    word = pieces[after][0].lower()
    return word.isalpha() and (
        word in _PARTICIPLES or word == "been" or (len(word) > 3 and word.endswith(("ed", "en")))
    )


def _compound(lexicon: Lexicon, piece: str) -> list[str] | None:
    """The words of a hyphenated word made of concepts the lexicon knows ("burn-rate",
    "fast-burn"), none a name; None for a name ("node-2", "checkout-api",
    "system-node-critical", a name the catalog gives) or a word with a preposition in it
    ("on-call", a person)."""
    lowered = piece.lower()
    if "-" not in piece or not piece.replace("-", "").isalpha() or lowered in lexicon.names:
        return None
    words = lowered.split("-")
    entries = [lexicon.entries.get((stem(w),)) for w in words]
    if any(e is None or e.kind != "concept" for e in entries) or any(
        w in lexicon.names for w in words
    ):
        return None
    return words


def _said_apart(lexicon: Lexicon, words: list[str], start: int) -> list[Chunk]:
    """A hyphenated word's chunks, each word (or words the lexicon knows together, "burn
    rate") where it stands in the line."""
    stems = tuple(stem(w) for w in words)
    places = []
    position = start
    for word in words:
        places.append((position, position + len(word)))
        position += len(word) + 1
    chunks: list[Chunk] = []
    index = 0
    while index < len(words):
        found = lexicon.longest(stems, index)
        length, entry = found if found is not None else (1, None)
        first, last = places[index][0], places[index + length - 1][1]
        if entry is not None:
            said = "-".join(words[index : index + length])
            chunks.append(Chunk(entry.kind, entry.concept, said, first, last))
        index += length
    return chunks


@functools.lru_cache(maxsize=8192)
def _value_type(piece: str) -> str | None:
    """``plain_value_type``, remembered: a run chunks thousands of texts (each example, the
    samples of each phrase a line is read against) made of a few thousand words."""
    return plain_value_type(piece)


def plain_value_type(piece: str) -> str | None:
    """The type of value a piece is by its own letters (quotes, brackets, a number word, a
    typed shape, a name's shape), else None; it depends on nothing but the piece."""
    if piece in ("'s", "n't"):
        return None
    if piece[0] in "\"'`":
        return quoted_type(piece)
    if piece[-1] in ")}]" and re.match(r"[A-Za-z_:]", piece):
        return "promql"
    if piece.lower() in NUMBER_WORDS:
        return "number"
    found = typed(piece)
    if found is not None:
        return found
    return "name" if name_like(piece) and piece[0].isalnum() else None


def _known(lexicon: Lexicon, stems: tuple[str, ...], index: int) -> bool:
    """A capitalised word the lexicon knows ("The", "Then", "CPU") is that word."""
    return lexicon.longest(stems, index) is not None and not any(c.isdigit() for c in stems[index])


def _next(chunks: list[Chunk], index: int, step: int) -> int | None:
    """The nearest chunk from ``index`` on (``step`` 1 or -1) that is not a filler."""
    position = index + step
    while 0 <= position < len(chunks):
        if chunks[position].kind != "filler":
            return position
        position += step
    return None


_NOUNS = frozenset({*KINDS, *(f"{k}s" for k in KINDS), *(f"{k}es" for k in KINDS)})
_BEFORE_A_VERB = frozenset({"i", "we", "you", "they", "to", "will", "should", "must", "can"})


def _a_noun(chunks: list[Chunk], index: int) -> bool:
    """Whether a kind word is said as a noun ("build M2", not "I build M2" or "built")."""
    before = chunks[index - 1].text.lower() if index else ""
    return chunks[index].text.lower() in _NOUNS and before not in _BEFORE_A_VERB


def _kinds(chunks: list[Chunk]) -> list[Chunk]:
    """A kind noun beside a name is read into it: "node node-2", "the service "web"",
    "web pods" (not "a build of web": that is a build, and web its owner)."""
    out = list(chunks)
    index = 0
    while index < len(out):
        noun = out[index]
        if noun.kind == "concept" and noun.label in _KINDS and _a_noun(out, index):
            after = _next(out, index, 1)
            before = _next(out, index, -1)
            target = next(
                (
                    p
                    for p in (after, before)
                    if p is not None
                    and out[p].kind == "value"
                    and out[p].label == "name"
                    and not out[p].of_kind
                ),
                None,
            )
            if target is not None:
                start, end = out[target].phrase
                out[target] = _changed(
                    out[target],
                    of_kind=noun.label,
                    said_from=min(start, noun.start),
                    said_to=max(end, noun.end),
                )
                out[index] = _changed(noun, kind="filler")
        index += 1
    return out


def _changed(chunk: Chunk, **changes: str | int) -> Chunk:
    """``dataclasses.replace(chunk, **changes)``, without asking the class for its fields
    each time (a chunk's own attributes are exactly its fields): every text chunked
    changes a few."""
    return Chunk(**{**vars(chunk), **changes})


def _roles(chunks: list[Chunk]) -> list[Chunk]:
    """Each value with the preposition before it as its role; "over" before a duration is
    a window, not a comparison; "between 4 and 12" a range, from 4 to 12; fillers and
    spent prepositions read away."""
    out: list[Chunk] = []
    for index, piece in enumerate(chunks):
        if piece.kind != "value":
            continue
        before = _next(chunks, index, -1)
        if before is None:
            continue
        said = chunks[before]
        if said.kind == "role":
            chunks[index] = _changed(piece, role=said.label, said_from=said.start)
        elif said.kind == "comparison" and said.text.lower() == "over" and piece.label in _TIMES:
            chunks[before] = _changed(said, kind="role", label="over")
            chunks[index] = _changed(piece, role="over", said_from=said.start)
        elif said.text.lower() == "between" and not piece.role:
            _between(chunks, index)
    out = [c for c in chunks if c.kind not in ("filler", "role")]
    return out


def _between(chunks: list[Chunk], index: int) -> None:
    """ "between 4 and 12": the first value is where the range starts ("from"), the next
    one of its type, "and" alone between them, where it ends ("to")."""
    low = chunks[index]
    after = _next(chunks, index, 1)
    if after is None or chunks[after].kind != "value" or chunks[after].label != low.label:
        return
    if any(c.text.lower() != "and" for c in chunks[index + 1 : after]):
        return
    chunks[index] = _changed(low, role="from")
    chunks[after] = _changed(chunks[after], role="to")
