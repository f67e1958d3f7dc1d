"""A line that says two things, suggested as two steps: one phrase for each clause.

"v2 goes bad and is rolled back to v1" is no one phrase, and the nearest single phrase
keeps only some of its values. Split where a clause ends ("and", "but", "because", "then",
"where", "with", "against", "using", "that", a comma or a semicolon; never inside quotes or
brackets), each part is either a step as written or gets its own nearest phrase in its
values (nearby.py) that keeps every value the part gives and states none it does not; a
part that says no one ("is rolled back to v1") is tried with the first part's subject too
("v2 is rolled back to v1"), or the build it names last ("K7" in "ledger 5.0.2 is built as
K7 with unit tests passing …"), and a check's first part may be an event ("When I roll out
v2", then the check). The pair is offered when it keeps more of the line's values than the
nearest single phrase does, each part a sentence a run takes as written. A part that is
itself a list of clauses is asked of the run's readings first and given its nearest phrase
before it is looked up whole: a whole lookup of a list a run refuses is the dearest look.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kubeloop.harness.frames import nearby
from kubeloop.harness.frames.chunker import Chunked
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.frames.slot_kinds import kind_of
from kubeloop.harness.frames.values import unit

_JOINS = re.compile(
    r",? and then |,? and so |,? and |,? but |,? because |,? since |,? so that |, so |,? then |"
    r",? while |,? where | that | with | against | using |; |, ",
    re.IGNORECASE,
)
"""Where one clause ends and another starts ("X and Y", "X, but Y", "X because Y")."""
_OPEN, _CLOSE = "([{", ")]}"
_SUBJECTS = frozenset(
    {
        "a",
        "all",
        "an",
        "any",
        "each",
        "every",
        "he",
        "her",
        "his",
        "i",
        "it",
        "its",
        "my",
        "no",
        "nobody",
        "none",
        "nothing",
        "our",
        "she",
        "some",
        "someone",
        "the",
        "their",
        "there",
        "they",
        "we",
    }
)
"""Words a clause that says who or what it is about starts with; a clause that starts
otherwise ("is rolled back to v1") borrows the first clause's subject."""
_ARTICLES = frozenset({"the", "a", "an", "its", "their"})
_MOST_SPLITS = 3
"""How many places a line is split at, the first ones said (each costs two looks; a
fourth found no pair the first three missed on any benchmark file)."""
_SHORTEST = 2
"""The fewest words a clause says to stand as a step of its own."""


@dataclass(frozen=True)
class Steps:
    """Consecutive steps, each (keyword, sentence), that together say what the line does;
    and how many of the line's values they keep."""

    steps: tuple[tuple[str, str], ...]
    kept: int

    def lines(self) -> list[str]:
        """The steps as written in a scenario: the keyword, or "And" after the same one."""
        said: list[str] = []
        previous = ""
        for keyword, sentence in self.steps:
            said.append(f"{'And' if keyword == previous else keyword.title()} {sentence}")
            previous = keyword
        return said


def sure_values(index: FrameIndex, chunked: Chunked) -> list[str]:
    """The values a line surely gives ("R1", a number, a quoted name, a name the catalog
    knows), bare and in lower case: what a suggestion should keep."""
    return [
        _bare(v.text) for v in chunked.values if not v.weak or v.text.lower() in index.lexicon.names
    ]


def kept(values: list[str], sentences: list[str]) -> int:
    """How many of ``values`` the sentences say whole (as a word, quotes aside; a duration
    in either spelling, "30 days" or "30d")."""
    said = " ".join(s.lower() for s in sentences)
    count = 0
    for value in values:
        number, _, word = value.partition(" ")
        spellings = {value, number + (unit(word) or " " + word)} if word else {value}
        count += any(_whole_word(spelled, said) for spelled in spellings)
    return count


def _whole_word(value: str, text: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-]|\.\w)", text) is not None


def _bare(text: str) -> str:
    return text.strip("\"'`").lower()


def splits(text: str) -> list[tuple[str, str]]:
    """(first clause, second clause) at each place a clause ends, outside quotes and
    brackets, both long enough to say something: at most a few, the first said first."""
    found: list[tuple[str, str]] = []
    for join in _JOINS.finditer(text):
        if not _outside(text, join.start()):
            continue
        left, right = text[: join.start()].strip(), text[join.end() :].strip()
        if len(left.split()) >= _SHORTEST and len(right.split()) >= _SHORTEST:
            found.append((left, right))
        if len(found) == _MOST_SPLITS:
            break
    return found


def _outside(text: str, at: int) -> bool:
    """Whether ``at`` is outside every quoted text and bracket of ``text``."""
    depth, quote = 0, ""
    for char in text[:at]:
        if quote:
            quote = "" if char == quote else quote
        elif char in '"`':
            quote = char
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(depth - 1, 0)
    return depth == 0 and not quote


def subject(index: FrameIndex, clause: str) -> str | None:
    """Who or what a clause is about, when it starts by saying so: its first value ("v2"
    in "v2 goes bad"), with its article and kind noun ("the node node-2"), or an article
    and the noun after it ("the alert" in "the alert fires")."""
    said = clause.split()
    chunked = index.chunk(clause)
    first = chunked.values[0] if chunked.values else None
    if first is not None and len(clause[: first.phrase[0]].split()) <= 1:
        return clause[: first.end]
    if len(said) >= 2 and said[0].lower() in _ARTICLES:
        return " ".join(said[:2])
    return None


def subjects(index: FrameIndex, clause: str) -> list[str]:
    """What a clause that follows ``clause`` without its own subject may be about: the
    clause's subject, then the last value it names when that is a build's alias or a
    version ("K7" in "ledger 5.0.2 is built as K7", before "unit tests passing at 91%
    coverage")."""
    said = [who for who in [subject(index, clause)] if who is not None]
    values = index.chunk(clause).values
    if values and kind_of(values[-1].text) in ("alias", "version"):
        last = values[-1].text
        if not any(who.endswith(last) for who in said):
            said.append(last)
    return said


def _needs_subject(clause: str) -> bool:
    """Whether a clause starts with its verb ("is rolled back to v1"), not its subject."""
    first = clause.split(maxsplit=1)[0]
    return first.islower() and first.isalpha() and first not in _SUBJECTS


Part = Callable[[str, str], "tuple[str, str] | None"]
"""(keyword, clause) → the step that says it: the clause as written, or its nearest
phrase in its values, as (keyword, sentence); None when nothing fits."""


def two_steps(
    index: FrameIndex, keyword: str, text: str, part: Part, better_than: int
) -> Steps | None:
    """The best pair of steps for a line that says two things, when it keeps more of the
    line's values than ``better_than`` (what the nearest single phrase keeps); None when
    no split does. The line's own words split in two, each taken as written and keeping
    every value, come first whatever a single phrase keeps: they say exactly what the
    user said."""
    values = sure_values(index, index.chunk(text))
    if len(values) <= better_than:
        return None
    best: Steps | None = None
    for left, right in splits(text):
        first = part(keyword, left) or (part("when", left) if keyword == "then" else None)
        if first is None:  # (a check may start from what happened: "When I roll out v2")
            continue
        rights = [right]
        if _needs_subject(right):
            rights += [f"{who} {right}" for who in subjects(index, left)]
        for clause in rights:
            second = part(keyword, clause)
            if second is None:
                continue
            steps = Steps((first, second), kept(values, [first[1], second[1]]))
            if _as_written(steps, left, clause) and steps.kept == len(values):
                return steps
            if steps.kept > (best.kept if best else better_than):
                best = steps
        if best is not None and best.kept == len(values):
            break
    return best


def _as_written(steps: Steps, left: str, right: str) -> bool:
    """Whether the steps are the line's own two clauses, word for word."""
    return [sentence for _, sentence in steps.steps] == [left, right]


def _verbatim(
    accepts: Callable[[str, str], bool], keyword: str, text: str, values: list[str]
) -> Steps | None:
    """The line's own two clauses, when it says exactly two things (one place to split),
    a run takes each as written with the line's keyword and together they keep every
    value (only whether each is taken is asked: no nearest phrase is looked for, and a long
    list is never read again piece by piece)."""
    places = splits(text)
    if len(places) != 1:
        return None
    left, right = places[0]
    if not (accepts(keyword, left) and accepts(keyword, right)):
        return None
    steps = Steps(((keyword, left), (keyword, right)), kept(values, [left, right]))
    return steps if steps.kept == len(values) else None


Spelt = Callable[[str, str], "list[tuple[str, str]]"]
"""(keyword, clause) → the phrases spelt nearest a clause, in its values (suggest.py)."""


def offered(
    index: FrameIndex,
    accepts: Callable[[str, str], bool],
    keyword: str,
    text: str,
    single: str | None,
    spelt: Spelt | None = None,
    written: Callable[[str, str], bool] | None = None,
) -> Steps | None:
    """Two steps for a line, when they keep more of its values than ``single`` (the first
    single suggestion, as "Given …", if any) does, or when they are the line's own two
    clauses word for word. ``spelt``: the phrases nearest a clause by its letters, looked
    at for a clause with a slip of a known word ("3 noeds"); ``written``: a cheaper test
    of a list of clauses as written (``part_step``)."""
    values = sure_values(index, index.chunk(text))
    sentence = single.split(" ", 1)[1] if single else ""
    better_than = kept(values, [sentence]) if sentence else 0
    if len(values) <= better_than:
        return _verbatim(accepts, keyword, text, values)
    return two_steps(
        index,
        keyword,
        text,
        lambda kw, clause: part_step(index, accepts, kw, clause, spelt, written),
        better_than,
    )


def part_step(
    index: FrameIndex,
    accepts: Callable[[str, str], bool],
    keyword: str,
    clause: str,
    spelt: Spelt | None = None,
    written: Callable[[str, str], bool] | None = None,
) -> tuple[str, str] | None:
    """The step one clause says: itself when a run takes it as written, else the nearest
    phrase by meaning that a run takes, keeps every value the clause gives and says none
    it does not (an example's own "30 days" would be a fact the user never stated); for a
    clause with a slip of a known word, by its letters (``spelt``) when by meaning none
    does, as a single suggestion would be. ``written``: a cheaper first test of a clause
    that is itself a list of clauses ("X, and after that, Y"), one a run agrees with
    whenever it says yes: a list it refuses gets its nearest phrase that keeps its values,
    and only when none does is it looked up whole (a whole lookup of a list a run refuses
    is a long line's dearest look)."""
    listed = written is not None and bool(splits(clause))
    if (written if written is not None and listed else accepts)(keyword, clause):
        return keyword, clause
    mine = sure_values(index, index.chunk(clause))
    near = nearby.phrases(index, keyword, clause, _NEAREST)
    found = _keeping(index, accepts, mine, near)
    if found is None and listed and accepts(keyword, clause):
        return keyword, clause
    if (
        found is None
        and spelt is not None
        and any(map(index.lexicon.near, index.chunk(clause).unknown))
    ):
        found = _keeping(index, accepts, mine, spelt(keyword, clause))
    return found


def _keeping(
    index: FrameIndex,
    accepts: Callable[[str, str], bool],
    mine: list[str],
    near: list[tuple[str, str]],
) -> tuple[str, str] | None:
    """The first of ``near`` a run takes that keeps every one of ``mine`` and states no
    value besides."""
    for kw, sentence in near:
        theirs = sure_values(index, index.chunk(sentence))
        if (
            kept(mine, [sentence]) == len(mine)
            and set(theirs) <= set(mine)
            and accepts(kw, sentence)
        ):
            return kw, sentence
    return None


_NEAREST = 3
"""How many of a clause's nearest phrases are looked at for one that keeps its values."""
