"""A phrase's full regex compiled with each parameter type's code made once, shared by
every phrase that has the type.

Python's ``re`` parses a pattern and generates its code in Python, so compiling costs in
proportion to the source, and a phrase's full regex is mostly its parameters' type regexes
(a pod set or an action list thousands of characters), the same ones in hundreds of
phrases. ``compile_phrase`` parses only the phrase's own words, each parameter standing as
one marker, and generates its code with re's own generator, each parameter's part written
as its type's code, parsed and generated once per type (each read and written by
regex_runs.py, as re's parser and generator do). The result is the pattern
``patterns.compile_source`` gives, code for code (``re.Pattern`` objects compare their
code): tests/harness/test_shared_types.py holds the two equal on every phrase of the
library. The generator is CPython's (``re._parser``, ``re._compiler``); where it is not
the one this was written for (a first phrase compiled both ways differs), or a phrase
does not split into its words and its types, the plain ``compile_source`` compiles it.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from kubeloop.harness import phrase_code, regex_runs
from kubeloop.harness.params import TYPES
from kubeloop.harness.patterns import cased_classes, compile_source, translate

IGNORECASE = int(re.IGNORECASE)
"""``compile_source``'s flag as re's own compiler takes it (a plain int: an enum's ``&`` is
slow, and the generator asks it at every step)."""
MARK = "\ue000"
"""What stands for a parameter in the phrase's own words (a character no phrase says)."""

try:
    _sre: Any = importlib.import_module("_sre")
    _parser: Any = importlib.import_module("re._parser")
    _compiler: Any = importlib.import_module("re._compiler")
except ImportError:  # another Python than CPython 3.11 or later
    _sre = _parser = _compiler = None


class _TypeCode:
    """A type regex parsed and its code generated once (flags: ``compile_source``'s)."""

    def __init__(self, regex: str) -> None:
        self.regex = cased_classes(regex)
        tree = regex_runs.parse(self.regex, IGNORECASE)
        self.tree = _parser.parse(self.regex, IGNORECASE) if tree is None else tree
        self.flags = self.tree.state.flags | IGNORECASE
        self.code: list[int] = []
        regex_runs.generate(self.code, self.tree.data, self.flags)


class _Part:
    """A type's part of one phrase's parsed pattern: what re's info block reads of it (its
    parts and widths) is the type's own; when the generator walks it, it writes the type's
    code, made once, where the parameter's group holds it."""

    def __init__(
        self, code: list[int], typed: _TypeCode, spliced: list[tuple[int, int, str]]
    ) -> None:
        self._code = code
        self._typed = typed
        self._spliced = spliced
        self.data = typed.tree.data

    def getwidth(self) -> tuple[int, int]:
        width: tuple[int, int] = self._typed.tree.getwidth()
        return width

    def __iter__(self) -> Iterator[Any]:
        self._spliced.append((len(self._code), len(self._typed.code), self._typed.regex))
        self._code.extend(self._typed.code)
        return iter(())


_TYPE_CODES: dict[str, _TypeCode | None] = {}
"""Each type regex's code, by the regex (None: it has a group of its own)."""


def _type_code(regex: str) -> _TypeCode | None:
    """A type regex's code, made at its first phrase (None where it cannot be shared)."""
    if regex not in _TYPE_CODES:
        typed = _TypeCode(regex)
        alone = typed.tree.state.groups == 1 and MARK not in typed.regex
        _TYPE_CODES[regex] = typed if alone else None
    return _TYPE_CODES[regex]


def compile_phrase(source: str, kinds: Mapping[str, str]) -> re.Pattern[str]:
    """``compile_source(source)``, ``source`` being a phrase's full regex (patterns.translate)
    and ``kinds`` its parameters' types: the same pattern, read off the library's table
    (phrase_code.py) or compiled with each type's code made once."""
    held = phrase_code.held(source)
    if held is not None:
        return held
    if not _works():
        return compile_source(source)
    return _shared(source, kinds) or compile_source(source)


@dataclass(frozen=True)
class Written:
    """A phrase's pattern as ``re`` makes it (``regex_runs.made``'s arguments), and where
    each type's code was put in its code (phrase_code_table.py files the phrase's own code
    and each type's code once)."""

    source: str
    flags: int
    code: list[int]
    groups: int
    names: dict[str, int]
    spliced: tuple[tuple[int, int, str], ...]
    """Where each type's code stands in ``code`` (its start and length) and the type's
    regex (``cased_classes``)."""


def _shared(source: str, kinds: Mapping[str, str]) -> re.Pattern[str] | None:
    """The phrase's pattern with its types' code shared, or None where the phrase does not
    split into its own words and its types (then nothing is shared)."""
    written = shared_code(source, kinds)
    if written is None:
        return None
    return regex_runs.made(
        written.source, written.flags, written.code, written.groups, written.names
    )


def shared_code(source: str, kinds: Mapping[str, str]) -> Written | None:
    """What ``_shared`` makes its pattern of, or None where the phrase does not split into
    its own words and its types."""
    if MARK in source:
        return None
    words = source
    parts: dict[str, _TypeCode] = {}
    for name, kind in kinds.items():
        parameter = TYPES.get(kind)
        if parameter is None:
            continue
        typed = _type_code(parameter.regex)
        group = f"(?P<{name}>{parameter.regex})"
        if typed is not None and words.count(group) == 1:
            words = words.replace(group, f"(?P<{name}>{MARK})")
            parts[name] = typed
    if not parts:
        return None
    words = cased_classes(words)
    full = cased_classes(source)
    spelt = words
    for name, typed in parts.items():
        spelt = spelt.replace(f"(?P<{name}>{MARK})", f"(?P<{name}>{typed.regex})")
    tree = regex_runs.parse(words, IGNORECASE)
    if tree is None:
        tree = _parser.parse(words, IGNORECASE)
    flags = tree.state.flags | IGNORECASE
    if spelt != full or any(typed.flags != flags for typed in parts.values()):
        return None
    code: list[int] = []
    spliced: list[tuple[int, int, str]] = []
    numbered = {tree.state.groupdict[n]: t for n, t in parts.items()}
    if not _splice(tree, numbered, _Splice(code, spliced)):
        return None
    regex_runs.finish(code, tree, flags)
    names = tree.state.groupdict
    return Written(full, flags, code, tree.state.groups, names, tuple(spliced))


@dataclass(frozen=True)
class _Splice:
    """Where a phrase's code is written, and where each type's code went into it."""

    code: list[int]
    spliced: list[tuple[int, int, str]]


def _splice(tree: Any, parts: dict[int, _TypeCode], into: _Splice) -> bool:
    """Put each type's part in place of its marker in ``tree`` (the phrase's words parsed),
    its code to be written into ``into``; False where a marker is not where it was put."""
    return _spliced(tree, parts, into, [(_compiler.LITERAL, ord(MARK))]) == len(parts)


def _spliced(sub: Any, parts: dict[int, _TypeCode], into: _Splice, marker: list[Any]) -> int:
    """How many markers were put in place in ``sub``; the width of every subtree that
    held one is worked out again (a subtree without one keeps its own: a group read once
    and shared keeps the width worked out at its first use)."""
    found = 0
    for index, (op, av) in enumerate(sub.data):
        if op is _compiler.LITERAL:
            continue  # (most of a phrase's words: nothing inside)
        if op is _compiler.SUBPATTERN and av[0] in parts and list(av[3].data) == marker:
            sub.data[index] = (op, (*av[:3], _Part(into.code, parts[av[0]], into.spliced)))
            found += 1
        elif op is _compiler.SUBPATTERN:
            found += _spliced(av[3], parts, into, marker)
        elif op in (_compiler.MAX_REPEAT, _compiler.MIN_REPEAT):
            found += _spliced(av[2], parts, into, marker)
        elif op is _compiler.BRANCH:
            found += sum(_spliced(branch, parts, into, marker) for branch in av[1])
        elif op is _compiler.ATOMIC_GROUP:
            found += _spliced(av, parts, into, marker)
        elif op is _compiler.ASSERT or op is _compiler.ASSERT_NOT:
            found += _spliced(av[1], parts, into, marker)
    if found:
        sub.width = None
    return found


SAMPLES = ("{count:n} nodes[ for {time:duration}]", "I wait <for|until> {time:duration}")
"""Phrases compiled both ways once, before any other is shared: a parameter first (re's
info block reads into its type), one in an optional part, one after a choice."""
_WORKS: list[bool] = []


def _works() -> bool:
    """Whether re's parser and generator are the ones ``_shared`` was written for: the
    samples compile to the same patterns both ways (asked once)."""
    if not _WORKS:
        _WORKS.append(_sre is not None and _samples_agree())
    return _WORKS[0]


def _samples_agree() -> bool:
    """Whether ``SAMPLES`` compile alike both ways (re's internals not the expected ones:
    no)."""
    try:
        for pattern in SAMPLES:
            source = translate(pattern)[0]
            kinds = dict(re.findall(r"\{(\w+):(\w+)\}", pattern))
            if _shared(source, kinds) != compile_source(source):
                return False
    except (AttributeError, IndexError, KeyError, RuntimeError, TypeError, ValueError):
        return False
    return True
