"""Suggestions for a step that matches nothing: close phrases in the user's own words.

A suggestion is a catalog example close to the step (same keyword first), with the
example's values replaced by the step's own ("node-2 has 4 pods" makes "node-1 has 2 pods"
read "node-2 has 4 pods", and "I promote D1 to staging" read "I promote C1 to staging");
nothing far is suggested, since an unrelated phrase misleads, and a step that names a
promtool unit-test file is offered only phrases that take one (the rule-test runner, not
the rule-file loader), and the other way round.
"""

from __future__ import annotations

import difflib
import functools
import heapq
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kubeloop.harness.frames.function_words import NEGATIONS
from kubeloop.harness.letters_in_order import at_most, places
from kubeloop.harness.mechanisms import mechanism_of, of_domain, recognised
from kubeloop.harness.trigram_bits import TrigramBits

if TYPE_CHECKING:
    from kubeloop.harness.definitions import StepDefinition

_CLOSE = 0.6
_LONGEST = 400
_VALUE = re.compile(r'"[^"]*"|(?<![\w.-])(?:-?\d[\w.%]*|[A-Za-z][\w.]*-[\w.-]+)')
"""A value a step gives: quoted, a number (not the digits inside a name such as ``C1``), or
a hyphenated name; other words in a parameter's place are taken by alignment."""
_YAML_FILE = re.compile(r'"([^"]*\.ya?ml)"', re.IGNORECASE)
_TEST_FILE = re.compile(r"[_.-]tests?\.ya?ml$", re.IGNORECASE)


def _shape(value: str) -> str:
    if value.startswith('"'):
        return "quoted"
    return "number" if value[:1].isdigit() else "name"


def _with_values(definition: StepDefinition, example: str, text: str, align: bool = True) -> str:
    """The example with its parameter values replaced by the user's, where shapes agree
    ("node-2 has 4 pods" turns the example "node-1 has 2 pods" into "node-2 has 4 pods");
    ``align``: the user's other words too, where they stand in a parameter's place (only
    for a close phrase: in a far one, a word there is rarely a name)."""
    values = [v.group(0) for v in _VALUE.finditer(text)]
    replacements: list[tuple[tuple[int, int], str]] = []
    for token in _VALUE.finditer(example):
        for index, candidate in enumerate(values):
            if (_shape(candidate) == "number") == (_shape(token.group(0)) == "number"):
                replacements.append((token.span(), values.pop(index)))
                break
    adapted = example
    for (start, end), value in reversed(replacements):
        adapted = adapted[:start] + value + adapted[end:]
    if replacements and definition.parse(adapted) is None:
        adapted = example
    return _aligned(definition, adapted, text) if align else adapted


_WORD = re.compile(r'"[^"]*"|\S+')


@functools.lru_cache(maxsize=65536)
def _similar(one: str, other: str) -> bool:
    """Whether two words are spelled alike (a misspelling); asked of the same pairs again
    and again while candidates are ranked, so remembered."""
    if abs(len(one) - len(other)) * 4 > len(one) + len(other):
        return False  # (lengths this far apart cannot reach 0.75)
    mine, theirs = one.lower(), other.lower()
    if at_most(mine, theirs) < 0.75:
        return False  # (nor letters shared in order: the ratio is at most that)
    return difflib.SequenceMatcher(None, mine, theirs).ratio() >= 0.75


Opcode = tuple[str, int, int, int, int]


def _word_by_word(opcodes: Sequence[Opcode], mine: list[str], theirs: list[str]) -> list[Opcode]:
    """Replacements of as many words as they replace, one word at a time ("deploy D2" for
    "promote C12": the verb and the alias each stand alone, so the alias can be taken) —
    unless a word of one side spells a word of the other in another place ("a deploymnt
    web" for 'a "cache" deployment': the words do not line up)."""
    split: list[Opcode] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "replace" and i2 - i1 == j2 - j1 and not _crossed(mine[i1:i2], theirs[j1:j2]):
            split.extend((tag, i1 + k, i1 + k + 1, j1 + k, j1 + k + 1) for k in range(i2 - i1))
        else:
            split.append((tag, i1, i2, j1, j2))
    return split


def _crossed(mine: list[str], theirs: list[str]) -> bool:
    return any(
        _similar(one, other)
        for i, one in enumerate(mine)
        for j, other in enumerate(theirs)
        if i != j
    )


def _aligned(definition: StepDefinition, example: str, text: str) -> str:
    """The example with the words that stand where its parameters stand replaced by the
    user's ("an event NodeNotReady was recorded" for "an event Promoted was recorded for R1
    to prod" reads "an event Promoted was recorded"), if that still parses."""
    match = definition.fullmatch(example)
    if match is None:
        return example
    spans = [match.span(name) for name, value in match.groupdict().items() if value is not None]
    mine, theirs = list(_WORD.finditer(example)), _WORD.findall(text)
    words = [m.group(0) for m in mine]
    opcodes = difflib.SequenceMatcher(
        None, [w.lower() for w in words], [w.lower() for w in theirs]
    ).get_opcodes()
    adapted = example
    # from the end, so earlier positions stay; the example's own spacing is kept ('"web":')
    for tag, i1, i2, j1, j2 in reversed(_word_by_word(opcodes, words, theirs)):
        if tag != "replace":
            continue
        start, end = mine[i1].start(), mine[i2 - 1].end()
        said, own = " ".join(theirs[j1:j2]), " ".join(words[i1:i2])
        if _similar(said, own):  # a misspelling of the example's word: keep the right one
            continue
        if any(s <= start and end <= e for s, e in spans) and not _not_a_value(said):
            tried = adapted[:start] + said + adapted[end:]
            if definition.parse(tried) is not None:  # keep only what still reads
                adapted = tried
    return adapted


_NOT_VALUES = frozenset(
    {
        "again",
        "all",
        "back",
        "complete",
        "completed",
        "done",
        "down",
        "end",
        "finish",
        "finished",
        "it",
        "later",
        "more",
        "now",
        "once",
        "out",
        "over",
        "ready",
        "start",
        "stop",
        "them",
        "then",
        "through",
        "up",
    }
)


def _not_a_value(word: str) -> bool:
    """A word that says what happens, never which thing ("finish", "again", "running"; a
    capitalised "Promoted" may be a name): it is not put where a name or a number goes
    ("I undo the rollout of finish")."""
    lowered = word.lower()
    return lowered in _NOT_VALUES or (
        word.isalpha() and word.islower() and len(word) > 4 and word.endswith(("ing", "ed"))
    )


def file_kinds(text: str) -> set[bool]:
    """For each YAML file the text names: is it a promtool rule unit-test file (named
    ``…_test.yml`` as promtool's own examples are)? A phrase that loads rule files is no
    suggestion for a test file, nor the rule-test runner for a rule file."""
    return {_TEST_FILE.search(name) is not None for name in _YAML_FILE.findall(text)}


_OWN_MECHANISM = 0.08
"""How much closer a phrase of the line's own mechanism (by its nouns) counts."""
_OTHER_KEYWORD = 0.15
_WIDER = 0.05
_EXACT = 40
"""How many examples, the closest by their letters, are compared word order and all."""


_Example = tuple["StepDefinition", str, str, frozenset[str], set[bool], str | None]
"""(definition, example, example in lower case, its trigrams, its file kinds, its mechanism);
its letters are counted when it is among the closest (``_counted``)."""
_Group = tuple[str, frozenset[bool], str | None, tuple[int, ...]]
"""(keyword, file kinds, mechanism) and the examples that share them, by their order: what
close_phrases' filters and boosts read of an example, so each group is judged once."""


@dataclass(frozen=True)
class _Compared:
    """Every example with what comparing it needs, computed once per registry state: its
    trigrams as bits (trigram_bits.py) and the examples grouped by ``_Group``."""

    definitions: Sequence[StepDefinition]
    size: int
    """How many definitions there were (a registry adds to its list)."""
    examples: list[_Example]
    bits: TrigramBits
    groups: tuple[_Group, ...]


_CACHE: list[_Compared] = []


def _trigrams(text: str) -> frozenset[str]:
    padded = f"  {text} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def _compared(definitions: Sequence[StepDefinition]) -> _Compared:
    """The examples of ``definitions`` ready to compare, computed once per registry state."""
    if not _CACHE or _CACHE[0].definitions is not definitions or _CACHE[0].size != len(definitions):
        examples: list[_Example] = [
            (
                d,
                e,
                e.lower(),
                _trigrams(e.lower()),
                file_kinds(e),
                of_domain(d.domain),
            )
            for d in definitions
            for e in d.examples
        ]
        grouped: dict[tuple[str, frozenset[bool], str | None], list[int]] = {}
        for order, (definition, _, _, _, kinds, domain) in enumerate(examples):
            grouped.setdefault((definition.keyword, frozenset(kinds), domain), []).append(order)
        _CACHE[:] = [
            _Compared(
                definitions,
                len(definitions),
                examples,
                TrigramBits([grams for _, _, _, grams, *_ in examples]),
                tuple((*group, tuple(orders)) for group, orders in grouped.items()),
            )
        ]
    return _CACHE[0]


@functools.lru_cache(maxsize=8192)
def _letters(text: str, example: str) -> float:
    """How alike two texts are letter by letter (difflib's ratio); each look close_phrases
    takes at a text compares it with the same examples, so remembered. The example is the
    matcher's second text, whose index of letters (b2j) is built once per example."""
    matcher = _MATCHERS.get(example)
    if matcher is None:
        matcher = _MATCHERS[example] = difflib.SequenceMatcher(None, "", example)
    matcher.set_seq1(text)
    return matcher.ratio()


_MATCHERS: dict[str, difflib.SequenceMatcher[str]] = {}
"""A matcher per example (lower-cased), its index of letters built."""
_places = functools.lru_cache(maxsize=8192)(places)
"""Each example's letters' places (letters_in_order.py), as each look asks of them again."""


@functools.lru_cache(maxsize=8192)
def _counted(shown: str) -> Counter[str]:
    """An example's letters (lower-cased) counted, for ``_could_reach``: only the closest
    examples of a look are asked, so each is counted at its first need (never changed)."""
    return Counter(shown)


_SHARED: dict[frozenset[str], tuple[_Compared, list[float]]] = {}


def _closeness(compared: _Compared, grams: frozenset[str]) -> list[float]:
    """How many letter trigrams each example shares with a text (Dice's coefficient, counted
    on bits: trigram_bits.py): the same text is compared again by each look close_phrases
    takes, so the last is kept (with the examples it was counted against)."""
    kept = _SHARED.get(grams)
    if kept is None or kept[0] is not compared:
        _SHARED.clear()
        kept = _SHARED[grams] = (compared, compared.bits.dice(grams))
    return kept[1]


_Look = tuple[str, set[bool], str | None, bool, bool, bool]
"""What close_phrases' filters and boosts read of a look: (keyword, the text's file kinds,
its mechanism, same_keyword, wider, nearest)."""
_Candidate = tuple[float, int, float]
"""(minus closeness and boost, the example's order, the boost): the first two rank it."""


def _boost(
    look: _Look, theirs: str, kinds: set[bool] | frozenset[bool], domain: str | None
) -> float | None:
    """How much closer an example of keyword ``theirs``, file kinds ``kinds`` and mechanism
    ``domain`` counts in ``look`` (None: it is not offered at all)."""
    keyword, files, mine, same_keyword, wider, nearest = look
    if same_keyword and theirs != keyword:
        return None
    if (files and kinds - files) or (True in files and True not in kinds):
        return None  # (a test file goes only where a test file goes)
    boost: float = _OWN_MECHANISM if mine is not None and domain == mine else 0
    if nearest and theirs != keyword:
        return None
    if theirs != keyword and not wider and not (True in files and True in kinds):
        boost -= _OTHER_KEYWORD  # (a test file is run by one phrase, whatever its keyword)
    return boost


def _nearest(compared: _Compared, closeness: list[float], look: _Look) -> list[_Candidate]:
    """The ``_EXACT`` examples closest by their trigrams in ``look``, each group of examples
    judged once (``plain_nearest`` judges every example)."""
    candidates: list[_Candidate] = []
    for theirs, kinds, domain, orders in compared.groups:
        boost = _boost(look, theirs, kinds, domain)
        if boost is not None:
            candidates += [(-(closeness[order] + boost), order, boost) for order in orders]
    return heapq.nsmallest(_EXACT, candidates)


def plain_nearest(compared: _Compared, closeness: list[float], look: _Look) -> list[_Candidate]:
    """``_nearest``, every example judged on its own (the reference)."""
    candidates: list[_Candidate] = []
    for order, (definition, _, _, _, kinds, domain) in enumerate(compared.examples):
        boost = _boost(look, definition.keyword, kinds, domain)
        if boost is not None:
            candidates.append((-(closeness[order] + boost), order, boost))
    return heapq.nsmallest(_EXACT, candidates, key=lambda item: item[:2])


def close_phrases(
    definitions: Sequence[StepDefinition],
    keyword: str,
    text: str,
    count: int,
    same_keyword: bool = False,
    wider: bool = False,
    nearest: bool = False,
) -> list[tuple[str, str]]:
    """(keyword, phrase) of the examples close to ``text``, rewritten with its values.

    Phrases of the mechanism the text's nouns belong to come first (mechanisms.py); among
    the close ones (by their letters), each is written with the user's values in its
    slots and ranked by how many of the user's words, in order, it then says (meaning)
    as much as by its spelling. ``wider``: a second look when nothing is close, where a
    phrase of another keyword costs nothing and a little less closeness will do. A step
    several times longer than any example is close to none (and comparing it with every
    example would cost seconds): it gets no suggestion. ``nearest``: the last look, the
    nearest of the same keyword however far (a line with no noun of ours still gets some).
    """
    if len(text) > _LONGEST:
        return []
    files = file_kinds(text)
    lowered = text.lower()
    mine = mechanism_of(text)
    grams = _trigrams(lowered)
    close = 0.0 if nearest else _CLOSE - (_WIDER if wider else 0)
    compared = _compared(definitions)
    examples = compared.examples
    closeness = _closeness(compared, grams)
    look = (keyword, files, mine, same_keyword, wider, nearest)
    nearest_ones = _nearest(compared, closeness, look)
    letters = Counter(lowered)  # (the closest by their letters' trigrams, above)
    said = [w.lower() for w in _WORD.findall(text)]
    values = [v.group(0) for v in _VALUE.finditer(text)]
    scored: list[tuple[float, int, str, str]] = []
    spelt: dict[str, str] = {}
    for _, order, boost in nearest_ones:
        definition, example, shown = examples[order][:3]
        if not _could_reach(letters, _counted(shown), boost, close):
            continue  # (not even its length, or its letters in any order, are close enough)
        if at_most(lowered, shown, _places(shown)) + boost < close:
            continue  # (nor its letters in order: the ratio's matches are a common subsequence)
        ratio = _letters(lowered, shown) + boost
        if ratio < close:
            continue
        phrase = _with_values(definition, example, text, align=not nearest)
        scored.append(
            (
                -(ratio + _meaning(said, values, phrase, spelt)) / 2,
                order,
                definition.keyword,
                phrase,
            )
        )
    scored.sort()
    whole = [entry for entry in scored if all(value in entry[3] for value in values)]
    found: list[tuple[str, str]] = []
    for _, _, kw, phrase in whole or scored:  # (one that keeps every value, if any does)
        if (kw, phrase) not in found:
            found.append((kw, phrase))
        if len(found) == count:
            break
    return found


def _could_reach(mine: Counter[str], theirs: Counter[str], boost: float, close: float) -> bool:
    """Whether two texts' letter ratio plus ``boost`` could be ``close``: difflib's bounds,
    by length (real_quick_ratio) then by letters in any order (quick_ratio, ``_at_most``),
    each at least the ratio, so a pair either refuses would be refused by the ratio too."""
    lengths = mine.total() + theirs.total()
    if lengths and 2 * min(mine.total(), theirs.total()) / lengths + boost < close:
        return False
    return _at_most(mine, theirs) + boost >= close


def _at_most(mine: Counter[str], theirs: Counter[str]) -> float:
    """The most two texts' letter ratio can be: the letters they share in any order (what
    difflib's quick_ratio counts, here from letter counts kept with each example)."""
    shared = sum(min(count, theirs[letter]) for letter, count in mine.items())
    total = mine.total() + theirs.total()
    return 2 * shared / total if total else 1.0  # (two empty texts are alike, as difflib says)


def _meaning(
    said: list[str], values: list[str], phrase: str, spelt: dict[str, str] | None = None
) -> float:
    """How much of what the user said, in order, the phrase says: its words against the
    user's (a misspelling counts as the word), less for each value of the user's it drops.
    ``spelt``: each phrase word's user word found so far for these ``said`` (the phrases
    compared with one line say many of the same words)."""
    spelt = {} if spelt is None else spelt
    words = []
    for word in (w.lower() for w in _WORD.findall(phrase)):
        own = spelt.get(word)
        if own is None:
            own = spelt[word] = next((o for o in said if o == word or _similar(o, word)), word)
        words.append(own)
    dropped = sum(1 for value in values if value not in phrase)
    return difflib.SequenceMatcher(None, said, words).ratio() - _DROPPED * dropped


_DROPPED = 0.2
"""How much a suggestion loses for each of the user's values it leaves out."""


def about(
    definitions: Sequence[StepDefinition],
    keyword: str,
    text: str,
    count: int,
    dropping: Callable[[str, str], int] | None = None,
) -> tuple[list[str], list[tuple[str, str]]]:
    """When nothing is close: the nouns recognised in ``text`` and ``count`` phrases of
    their mechanism, those that use most of them first (same keyword first; among those
    that use as many, one negated exactly when the line is: "no rollout was started" gets
    "the rollout never exceeded 5 pods" before "the rollout stalls"; then one that drops
    fewer of the line's values, by ``dropping`` (keyword, example), asked of the first few
    only), as (keyword, example): a phrase about the mechanism helps more than none."""
    nouns = recognised(text)
    mine = mechanism_of(text) or next(iter(nouns), None)
    if mine is None:
        return [], []
    words = nouns[mine]
    negated = _negated(text)
    compared = difflib.SequenceMatcher(None, "", text.lower())  # (the text's letters counted once)
    scored = []
    for order, definition in enumerate(definitions):
        if of_domain(definition.domain) != mine:
            continue
        using = [e for e in definition.examples if any(w[:6] in e.lower() for w in words)]
        example = next(
            (e for e in using if _negated(e) == negated), next(iter(using), definition.examples[0])
        )
        shared = sum(word[:6] in example.lower() for word in words)
        compared.set_seq1(example.lower())
        ratio = compared.quick_ratio()
        other = definition.keyword != keyword
        disagrees = _negated(example) != negated
        scored.append((other, -shared, disagrees, -ratio, order, definition.keyword, example))
    scored.sort()
    if dropping is not None:
        scored = sorted(scored[:_LOOKED], key=lambda s: (*s[:3], dropping(s[5], s[6]), *s[3:5]))
    return words, [(kw, example) for *_, kw, example in scored[:count]]


_LOOKED = 12
"""How many of the phrases about a line's nouns are asked how many of its values they drop."""


_NEGATION = re.compile(
    r"n't\b|\b(?:"
    + "|".join(re.escape(w) for w in sorted(NEGATIONS, key=len, reverse=True) if w != "n't")
    + r")\b",
    re.IGNORECASE,
)


def _negated(text: str) -> bool:
    """Whether a sentence says a negation word ("no", "never", "isn't", "without"), outside
    its quoted values (a reason "not exploitable here" negates nothing)."""
    return _NEGATION.search(_QUOTED.sub('""', text)) is not None


_QUOTED = re.compile(r'"[^"]*"|`[^`]*`')
