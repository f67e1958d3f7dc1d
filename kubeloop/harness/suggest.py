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
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

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


def _with_values(definition: StepDefinition, example: str, text: str) -> str:
    """The example with its parameter values replaced by the user's, where shapes agree
    ("node-2 has 4 pods" turns the example "node-1 has 2 pods" into "node-2 has 4 pods")."""
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
    return _aligned(definition, adapted, text)


_WORD = re.compile(r'"[^"]*"|\S+')


def _similar(one: str, other: str) -> bool:
    return difflib.SequenceMatcher(None, one.lower(), other.lower()).ratio() >= 0.75


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
    # from the end, so earlier indices stay
    for tag, i1, i2, j1, j2 in reversed(_word_by_word(opcodes, words, theirs)):
        if tag != "replace":
            continue
        start, end = mine[i1].start(), mine[i2 - 1].end()
        said, own = " ".join(theirs[j1:j2]), " ".join(words[i1:i2])
        if _similar(said, own):  # a misspelling of the example's word: keep the right one
            continue
        if any(s <= start and end <= e for s, e in spans):
            tried = [*words[:i1], said, *words[i2:]]
            if definition.parse(" ".join(tried)) is not None:  # keep only what still reads
                words = tried
    return " ".join(words)


def _file_kinds(text: str) -> set[bool]:
    """For each YAML file the text names: is it a promtool rule unit-test file (named
    ``…_test.yml`` as promtool's own examples are)? A phrase that loads rule files is no
    suggestion for a test file, nor the rule-test runner for a rule file."""
    return {_TEST_FILE.search(name) is not None for name in _YAML_FILE.findall(text)}


def close_phrases(
    definitions: Sequence[StepDefinition],
    keyword: str,
    text: str,
    count: int,
    same_keyword: bool = False,
) -> list[tuple[str, str]]:
    """(keyword, phrase) of the examples close to ``text``, rewritten with its values.

    A step several times longer than any example is close to none (and comparing it with
    every example would cost seconds): it gets no suggestion.
    """
    if len(text) > _LONGEST:
        return []
    files = _file_kinds(text)
    scored: list[tuple[float, int, str, str]] = []
    lowered = text.lower()
    for order, definition in enumerate(definitions):
        if same_keyword and definition.keyword != keyword:
            continue
        for example in definition.examples:
            kinds = _file_kinds(example)
            if files and kinds - files:
                continue
            ratio = difflib.SequenceMatcher(None, lowered, example.lower()).ratio()
            if definition.keyword != keyword and not (True in files and True in kinds):
                ratio -= 0.15  # (a test file is run by one phrase, whatever its keyword)
            if ratio >= _CLOSE:
                adapted = _with_values(definition, example, text)
                scored.append((-ratio, order, definition.keyword, adapted))
    scored.sort()
    found: list[tuple[str, str]] = []
    for _, _, kw, phrase in scored:
        if (kw, phrase) not in found:
            found.append((kw, phrase))
    return found[:count]
