"""What a step that no phrase matches is told: the phrase of the other keyword it is, the
close phrases in the user's own values, the two steps it says, or the nouns recognised and
phrases about them. Reads the registry only through ``Reader``, the few questions a
registry answers, so the registry's matching and its advice live apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

from kubeloop.harness.definitions import Match, StepDefinition
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.frames import nearby, two_steps
from kubeloop.harness.frames.concept_names import concept_as_name
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.frames.reader import nearest, proposals
from kubeloop.harness.params import TYPES
from kubeloop.harness.suggest import about, close_phrases


class Reader(Protocol):
    """What advice asks of a registry."""

    definitions: list[StepDefinition]

    def match_one(self, keyword: str, text: str) -> list[Match]: ...

    def reading(self, keyword: str, text: str) -> list[Match]: ...

    def accepts(self, keyword: str, text: str) -> bool: ...

    def frames(self) -> FrameIndex: ...


def suggestions(reader: Reader, keyword: str, text: str, count: int = 3) -> list[str]:
    """Phrases close to ``text`` in the user's own values (see suggest.py); a step that
    joins a known phrase to an unknown one by " and " gets the join back, mended; a
    step whose meaning fits several phrases equally (frames/) gets them, and one with a
    word nobody knows gets what it means without it, when that is one phrase exactly."""
    for found in re.finditer(" and ", text):
        left, right = text[: found.start()], text[found.end() :]
        if len(reader.match_one(keyword, left)) == 1:
            # (negated exactly when the clause is: never "… and nothing is pending"
            # for "… and sit in Pending")
            mended = nearby.agreeing(
                reader.frames(),
                right,
                close_phrases(reader.definitions, keyword, right, 1, same_keyword=True),
            )
            if mended and reader.accepts(keyword, f"{left} and {mended[0][1]}"):
                return [f"{keyword.title()} {left} and {mended[0][1]}"]
    index = reader.frames()
    framed = _accepted(
        reader,
        [(keyword, p) for p in proposals(index, reader.match_one, keyword, [text])]
        or [(keyword, p) for p in nearest(index, reader.match_one, keyword, text)],
    )
    if framed:  # what the line means, said in more than one phrase's words
        return [f"{kw.title()} {phrase}" for kw, phrase in framed]
    looks: list[Callable[[], list[tuple[str, str]]]] = [
        lambda: nearby.phrases(index, keyword, text, count),
        lambda: nearby.agreeing(
            index, text, close_phrases(reader.definitions, keyword, text, count)
        ),
    ]
    if any(map(index.lexicon.near, index.chunk(text).unknown)):  # (a slip: by letters)
        looks.reverse()
    for look in looks:  # (by meaning first; the second only when the first finds none)
        close = _accepted(reader, look())
        if close:
            return [f"{kw.title()} {phrase}" for kw, phrase in close]
    return []


def _accepted(reader: Reader, phrases: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Only suggestions a run would take as written (a test feeds every one back)."""
    return [(kw, phrase) for kw, phrase in phrases if reader.accepts(kw, phrase)]


def undefined_message(reader: Reader, keyword: str, text: str) -> str:
    """What no phrase matching ``text`` means, and what to write instead: a phrase of
    the other keyword it is ("this is a check: write Then …"), the close phrases in the
    user's own values, or, when none is close, the nouns recognised and phrases about
    them."""
    message = f'no step matches {keyword.title()} "{text}"' + _uncounted(text)
    hint = _other_keyword(reader, keyword, text)
    if hint is not None:
        return f"{message}\n  {hint}"
    waited = _later(reader, keyword, text)
    if waited is not None:
        return (
            f"{message}\n  a check holds at one moment, and time passes only in a When; as "
            f"two steps:\n    When {waited[0]}\n    Then {waited[1]}"
            "\n  (kubeloop steps lists every phrase)"
        )
    offered = suggestions(reader, keyword, text)
    steps = two_steps.offered(
        reader.frames(),
        reader.accepts,
        keyword,
        text,
        next(iter(offered), None),
        lambda kw, clause: nearby.agreeing(
            reader.frames(),
            clause,
            close_phrases(reader.definitions, kw, clause, 3, same_keyword=True),
        ),
        lambda kw, clause: reads_as_written(reader, kw, clause),
    )
    if steps is not None:
        message += "\n  it says two things; as two steps:\n" + "\n".join(
            f"    {line}" for line in steps.lines()
        )
    if offered:
        message += "\n  did you mean:\n" + "\n".join(f"    {s}" for s in offered)
    elif steps is None:
        nouns, found = about(reader.definitions, keyword, text, 3, _dropping(reader, text))
        # (the first in the line's values; the others as the catalog says them: a sentence
        # never seen costs a run's reading to be offered, and the first is what is read)
        phrases = _accepted(reader, _in_values(reader, text, found[:1]) + found[1:])
        wider = (
            []
            if phrases
            else _accepted(
                reader,
                close_phrases(reader.definitions, keyword, text, 3, wider=True)
                or close_phrases(reader.definitions, keyword, text, 3, nearest=True),
            )
        )
        if phrases:
            message += (
                f"\n  nothing close; it talks about {', '.join(nouns)}; phrases about "
                "them:\n" + "\n".join(f"    {kw.title()} {p}" for kw, p in phrases)
            )
        elif wider:  # no noun of ours: less close, any keyword, the nearest at worst
            message += "\n  nearest:\n" + "\n".join(f"    {kw.title()} {p}" for kw, p in wider)
    message += "\n  (kubeloop steps lists every phrase)"
    return message


_UNCOUNTED = re.compile(
    r"\b(?P<said>(?:a handful of|a few|a couple of|a couple|several|a small number of|"
    r"a little|a bit of|a trickle of|the odd|occasional|sporadic|some) (?:\w+ )?"
    r"(?:errors|failures|5xxs|500s|503s|failed requests|server errors))\b",
    re.IGNORECASE,
)
"""Errors counted vaguely ("a handful of errors", "a few 500s"): no share of requests."""


def _uncounted(text: str) -> str:
    """Why a line with errors counted vaguely has no reading, and what to say instead: any
    share read into "a handful" would be invented, and reading it as none would let a wrong
    "no errors" check pass."""
    found = _UNCOUNTED.search(text)
    if found is None:
        return ""
    return (
        f'\n  "{found["said"]}" gives no share of the requests, and kubeloop does not guess '
        'one (any share would be invented; none would let a wrong "no errors" check pass): '
        'say the share ("with 0.5% errors", "0.5% of its requests fail") or, for none worth '
        'counting, "with hardly any errors" (read as none)'
    )


_LATER = re.compile(
    rf"^(?:(?P<d1>{TYPES['duration'].regex}) later|after (?:another |a further )?"
    rf"(?P<d2>{TYPES['duration'].regex})),? (?P<rest>.+)$",
    re.IGNORECASE,
)
"""A check said after a wait ("30 minutes later the error ratio for web is below 0.1%")."""


def _later(reader: Reader, keyword: str, text: str) -> tuple[str, str] | None:
    """(the wait, the check) of a Then said after a wait whose check a run takes as written:
    a Then never moves the clock, so the wait is a When of its own."""
    found = _LATER.match(text) if keyword == "then" else None
    if found is None or not reader.accepts("then", found["rest"]):
        return None
    waited = found["d1"] or found["d2"]
    one = waited.split()[0].lower() in ("a", "an", "one", "1")
    wait = f"{waited} {'passes' if one else 'pass'}"
    return (wait, found["rest"]) if reader.accepts("when", wait) else None


def reads_as_written(reader: Reader, keyword: str, text: str) -> bool:
    """Whether a clause reads as written by the grammar's readings alone, under its keyword
    or, for a Given or When, the other one: what a run tries first, so a run takes every
    clause this takes (two_steps.part_step: a list of clauses it refuses is looked up whole
    only when no nearby phrase says it)."""
    for said in (keyword, *_OTHER.get(keyword, ())):
        try:
            reader.reading(said, text)
        except UndefinedStepError:
            continue
        except AmbiguousStepError:
            return False  # (a run stops at an ambiguity, under either keyword)
        return True
    return False


_OTHER = {"given": ("when",), "when": ("given",)}


def _in_values(reader: Reader, text: str, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each phrase about the line's nouns in the line's own values, where a run takes it so
    (nearby.py), else as its example says it."""
    said = nearby.in_values(reader.frames(), text, found)
    return [
        mine if reader.accepts(*mine) else theirs for mine, theirs in zip(said, found, strict=True)
    ]


def _dropping(reader: Reader, text: str) -> Callable[[str, str], int] | None:
    """How many of the line's sure values a phrase about its nouns has no slot for
    (nearby.py); None for a line that gives none (nothing to rank by)."""
    index = reader.frames()
    if not two_steps.sure_values(index, index.chunk(text)):
        return None
    return lambda keyword, example: nearby.unplaced(index, text, keyword, example)


def _other_keyword(reader: Reader, keyword: str, text: str) -> str | None:
    """ "this is a check: write Then …" for a Given or When that only a Then phrase
    matches (a Then that a Given or When phrase matches: the other way round)."""
    others = ("then",) if keyword != "then" else ("when", "given")
    for other in others:
        try:
            matches = reader.reading(other, text)
        except (UndefinedStepError, AmbiguousStepError):
            continue
        if concept_as_name(reader.frames(), matches):
            continue  # (no node called "verification": the hint would mislead)
        if other == "then":
            return f"this is a check: write Then {text}"
        kind = "an event" if other == "when" else "a situation"
        return f"this is {kind}, not a check: write {other.title()} {text}"
    return None
