"""The words a regex needs: a rule whose text lacks them is skipped, never run.

The reading rules (grammar.py and the rule chains it calls) rewrite every text no phrase
matched, and each rule's regex almost never finds its trigger words there. ``needs`` reads
the words off the regex itself (the tree CPython's own parser, ``re._parser``, gives;
``needs_of`` has it read by regex_runs.py where it can): a literal run of characters the
regex must match, or one of the literals every alternative of a branch must match, or the
words a lookahead requires. A text in which one of those is missing cannot
match, so ``Screened`` answers as the regex would without running it. Texts are compared
lower-cased; a few non-ASCII characters match an ASCII letter under IGNORECASE ("K", the
Kelvin sign, matches "k"; "ı" matches "i"), so those are read as that letter, as the regex
engine itself says, and every other non-ASCII character as none.
tests/harness/test_needed_words.py holds the screened rules equal to the plain ones.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from kubeloop.harness.regex_runs import compiled, parse

_parser: Any = importlib.import_module("re._parser")
_constants: Any = importlib.import_module("re._constants")

Clause = tuple[str, ...]
"""Literals one of which every match's text holds (lower case)."""

_REPEATS = {_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT}
_ZERO_WIDTH = {_constants.AT}
_MOST = 3
"""The most clauses a screen tests (the longest literals first: rarer words); a clause with
a one-character literal is not tested (nearly every text holds it)."""


def needs(regex: re.Pattern[str]) -> tuple[Clause, ...]:
    """What any text ``regex`` finds a match in holds: every clause has one of its literals
    in the text, lower-cased (none when the regex requires no literal)."""
    return _needed(_parser.parse(regex.pattern, regex.flags))


def needs_of(source: str, flags: int) -> tuple[Clause, ...]:
    """``needs`` of ``re.compile(source, flags)``, read off the source without compiling it
    (the parse is the compiled regex's own: only the verbose flag changes it), read by
    regex_runs.py where it reads the source (the tree re's parser gives, its groups read
    before shared)."""
    tree = parse(source, flags)
    return _needed(_parser.parse(source, flags) if tree is None else tree)


def _needed(tree: Any) -> tuple[Clause, ...]:
    """``needs`` of a parsed regex."""
    found = [c for c in _sequence(tree) if _strength(c)[0] > 1]
    return tuple(sorted(dict.fromkeys(found), key=_strength, reverse=True)[:_MOST])


def _strength(clause: Clause) -> tuple[int, int]:
    """How rare a clause's text is: its shortest literal's length, then fewer literals."""
    return min(map(len, clause)), -len(clause)


def _sequence(items: Any) -> list[Clause]:
    """The clauses of a sequence: each run of adjacent literals, and each part's own."""
    clauses: list[Clause] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            clauses.append(("".join(run),))
            run.clear()

    for op, av in items:
        if op is _constants.LITERAL and av < 128:
            run.append(chr(av).lower())
            continue
        if op in _ZERO_WIDTH:
            continue  # an anchor takes no character: the literals around it are adjacent
        flush()
        clauses += _part(op, av)
    flush()
    return clauses


def _part(op: Any, av: Any) -> list[Clause]:
    """The clauses one non-literal part of a sequence requires."""
    if op is _constants.SUBPATTERN:
        return _sequence(av[3])
    if op is _constants.ATOMIC_GROUP:
        return _sequence(av)
    if op is _constants.ASSERT:  # a lookaround's words are in the text, if not in the match
        return _sequence(av[1])
    if op in _REPEATS:
        return _sequence(av[2]) if av[0] >= 1 else []
    if op is _constants.BRANCH:
        return _branch(av[1])
    return []


def _branch(alternatives: list[Any]) -> list[Clause]:
    """One clause: each alternative's strongest, joined (an alternative that requires no
    literal makes the branch require none)."""
    joined: list[str] = []
    for alternative in alternatives:
        clauses = _sequence(alternative)
        if not clauses:
            return []
        strongest: Clause = max(clauses, key=_strength)
        joined += strongest
    return [_shortest(joined)]


def _shortest(literals: list[str]) -> Clause:
    """The literals none of the others is part of: a text holding "right now" holds "now"."""
    kept = dict.fromkeys(literals)
    return tuple(k for k in kept if not any(o != k and o in k for o in kept))


_LAST: list[str | None] = ["", ""]
"""The text screened last and its lower case (``_folded``): a chain of rules screens one
text many times over."""
_ASCII = re.compile(r"[\x00-\x7f]", re.IGNORECASE)
_LETTERS = [re.compile(chr(c), re.IGNORECASE) for c in range(ord("a"), ord("z") + 1)]
_FOLDS: dict[str, str] = {}
"""Each non-ASCII character seen, as the ASCII letter it matches under IGNORECASE, NUL
when it matches no ASCII character, "" when it matches one that is no letter."""


def _fold(character: str) -> str:
    if character not in _FOLDS:
        letters = [p.pattern for p in _LETTERS if p.fullmatch(character)]
        ascii_like = _ASCII.fullmatch(character) is not None
        _FOLDS[character] = (letters[0] if letters else "") if ascii_like else "\0"
    return _FOLDS[character]


def _folded(text: str) -> str | None:
    """``text`` lower-cased, each non-ASCII character as the letter it may match (NUL, which
    no literal holds, if none): any literal a regex finds in ``text`` is in it (None: a
    character matches something else, and the text is not screened)."""
    if text.isascii():
        return text.lower()
    folded = [c.lower() if c.isascii() else _fold(c) for c in text]
    return None if "" in folded else "".join(folded)


def _lowered(text: str) -> str | None:
    """``_folded(text)``, kept for the text asked last."""
    if text is _LAST[0]:
        return _LAST[1]
    low = _LAST[1] = _folded(text)
    _LAST[0] = text
    return low


def _holds(text: str, clauses: tuple[Clause, ...]) -> bool:
    """Whether ``text`` may match: every clause has a literal in it."""
    low = _lowered(text)
    if low is None:
        return True
    for clause in clauses:
        for literal in clause:
            if literal in low:
                break
        else:
            return False
    return True


Replacement = str | Callable[[re.Match[str]], str]


class Screened:
    """A regex that skips a text lacking the words it needs (``needs``, worked out at its
    first use: a check whose every line matches reads none): what it answers is what
    ``plain`` answers, the regex run on every text. The regex is compiled at its first run:
    a chain asks few of its rules of any text, and most rules never run in a check."""

    def __init__(self, source: str, flags: int = 0) -> None:
        self.pattern = source
        self._flags = flags
        self._plain: re.Pattern[str] | None = None
        self._needed: tuple[Clause, ...] | None = None

    @property
    def plain(self) -> re.Pattern[str]:
        """The regex, compiled (``re.compile(pattern, flags)``'s pattern, read and written
        by regex_runs.py)."""
        if self._plain is None:
            self._plain = compiled(self.pattern, int(self._flags))
        return self._plain

    @property
    def needed(self) -> tuple[Clause, ...]:
        if self._needed is None:
            self._needed = needs_of(self.pattern, self._flags)
        return self._needed

    def may_match(self, text: str) -> bool:
        """Whether ``text`` holds what a match needs (False: no match, surely)."""
        return _holds(text, self.needed)

    def search(self, text: str) -> re.Match[str] | None:
        return self.plain.search(text) if _holds(text, self.needed) else None

    def match(self, text: str) -> re.Match[str] | None:
        return self.plain.match(text) if _holds(text, self.needed) else None

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.plain.fullmatch(text) if _holds(text, self.needed) else None

    def sub(self, replacement: Replacement, text: str, count: int = 0) -> str:
        if not _holds(text, self.needed):
            return text
        return self.plain.sub(replacement, text, count=count)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.plain.finditer(text) if _holds(text, self.needed) else iter(())

    def findall(self, text: str) -> list[Any]:
        return self.plain.findall(text) if _holds(text, self.needed) else []


def screened(regex: str, flags: int = 0) -> Screened:
    """``re.compile(regex, flags)``, screened by the words it needs, compiled at its first
    run."""
    return Screened(regex, flags)


Rule = tuple[Screened, Replacement]
"""A rule of a chain: its regex, and what a match is replaced by."""


class _Firsts(NamedTuple):
    """A chain's rules by the literals of their first clauses, built at its first use (as
    each rule's needs are)."""

    literals: tuple[tuple[str, tuple[int, ...]], ...]
    """Each literal, with the places of the rules whose first clause holds it."""
    always: frozenset[int]
    """The places of the rules that need no literal."""


def _firsts(rules: list[Rule]) -> _Firsts:
    """``rules`` by the literals of their first clauses."""
    by_literal: dict[str, list[int]] = {}
    for place, (rule, _) in enumerate(rules):
        for literal in rule.needed[0] if rule.needed else ():
            by_literal.setdefault(literal, []).append(place)
    always = frozenset(p for p, (rule, _) in enumerate(rules) if not rule.needed)
    return _Firsts(tuple((k, tuple(v)) for k, v in sorted(by_literal.items())), always)


class Chain:
    """Rules applied in turn, each to what the one before left (``plainly``). A rule asks
    only of a text holding a literal of its first clause, so ``apply`` looks for each
    first-clause literal of the chain once and runs only the rules whose literal is there
    (and those that need none), looking again after a rule changes the text: most texts a
    chain reads hold the words of few of its rules, and each rule screening the text in
    turn cost more than reading it."""

    def __init__(self, rules: list[Rule], count: int = 0) -> None:
        self.rules = rules
        self.count = count
        """How many matches each rule replaces at most (0: all)."""
        self._firsts: _Firsts | None = None

    def _asking(self, low: str, after: int) -> list[int]:
        """The places of the rules after ``after`` that a text (lower-cased ``low``) may
        set off: a literal of its first clause is in it, or it needs none."""
        if self._firsts is None:
            self._firsts = _firsts(self.rules)
        found = self._firsts.always.union(
            *[at for literal, at in self._firsts.literals if literal in low]
        )
        return sorted(found) if after < 0 else sorted(p for p in found if p > after)

    def plainly(self, text: str) -> str:
        """``text`` with every rule applied in turn, each screened by its own words."""
        for rule, replacement in self.rules:
            text = rule.sub(replacement, text, self.count)
        return text

    def apply(self, text: str) -> str:
        """``plainly(text)``, each rule asked only of a text that may set it off."""
        after = -1
        while True:
            low = _lowered(text)
            if low is None:  # (not screened: every rule left is asked)
                for rule, replacement in self.rules[after + 1 :]:
                    text = rule.sub(replacement, text, self.count)
                return text
            for place in self._asking(low, after):
                rule, replacement = self.rules[place]
                changed = rule.sub(replacement, text, self.count)
                if changed != text:
                    text, after = changed, place
                    break
            else:
                return text
