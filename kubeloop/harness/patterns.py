"""Phrase patterns as regular expressions: the step registry's one compiler (the parameter
types it reads are params.TYPES)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from kubeloop.harness.params import TYPES

TOKEN = re.compile(r"\{(\w+):(\w+)\}|\(s\)|\(es\)|<([^<>]+)>|\[|\]")
"""A parameter, a plural ending, a choice of words or an optional part's bracket."""


def compile_pattern(pattern: str) -> tuple[re.Pattern[str], dict[str, Callable[[str], Any]]]:
    """Turn a phrase pattern into a regex and the converters of its parameters."""
    source, converters = translate(pattern)
    return compile_source(source), converters


def compile_source(source: str) -> re.Pattern[str]:
    """A translated pattern's regex (words match in any case; ``cased_classes``)."""
    return re.compile(cased_classes(source), re.IGNORECASE)


def cased_classes(source: str) -> str:
    """``source`` with each character class of ASCII letters ("[A-Za-z0-9_]", "[a-z]")
    spelt with both cases of its letters and matched as spelt: ``(?-i:[0-9A-Z_a-z])``.

    In any case, ``re`` builds a class with i, k or s as a map of every character, as the
    Kelvin sign, long s, dotless i and dotted capital I fold to k, s, i and i: compiling it
    costs far more than the class is worth. Spelt in both cases, the class matches the
    same ASCII letters, digits and signs; those four characters are the only ones that
    stop matching it (tests/harness/test_cased_classes.py). A class that is negated, holds
    no letter, or holds anything else than ASCII characters, ranges and ``\\d``, ``\\w``,
    ``\\s`` or an escaped sign is left as it is, and so is every class of a source this
    does not read to its end.
    """
    parts: list[str] = []
    position = start = 0
    while (start := source.find("[", start)) >= 0:
        before = source[position:start]
        escapes = len(before) - len(before.rstrip("\\"))
        if escapes % 2:
            start += 1
            continue
        found = _INSIDE.match(source, start + 1)
        if found is None:
            return source
        spelt = _spelt(found.group(1))
        if spelt is not None:
            parts += [source[position:start], spelt]
            position = found.end()
        start = found.end()
    return "".join(parts) + source[position:]


_INSIDE = re.compile(r"(\]?(?:\\.|[^\]\\\[])*)\]", re.DOTALL)
"""A class's inside and its closing bracket."""
_ITEM = re.compile(r"(\\[dws]|\\[^A-Za-z0-9]|[^\\])(?:-(\\[^A-Za-z0-9]|[^\\]))?", re.DOTALL)
"""A class's member: a category, an escaped sign or a character, or a range of two."""


@functools.lru_cache(maxsize=1024)
def _spelt(inside: str) -> str | None:
    """A class's inside spelt in both cases and matched as spelt, or None to leave it."""
    if inside.startswith("^") or not inside.isascii():
        return None
    members: set[str] = set()
    categories: list[str] = []
    position = 0
    while position < len(inside):
        item = _ITEM.match(inside, position)
        if item is None:
            return None
        if item.group(1) in ("\\d", "\\w", "\\s"):
            if item.group(2):
                return None
            categories.append(item.group(1))
        else:
            first, last = item.group(1)[-1], (item.group(2) or item.group(1))[-1]
            if first > last:
                return None
            members.update(chr(c) for c in range(ord(first), ord(last) + 1))
        position = item.end()
    if not any(m.isalpha() for m in members):
        return None
    members |= {m.swapcase() for m in members}
    spelt = "".join(categories)
    for start, end in _runs(sorted(members)):
        spelt += _sign(start) if start == end else f"{_sign(start)}-{_sign(end)}"
    return f"(?-i:[{spelt}])"


def _runs(members: list[str]) -> list[tuple[str, str]]:
    """Sorted characters as runs of consecutive ones (first, last)."""
    runs: list[tuple[str, str]] = []
    for member in members:
        if runs and ord(runs[-1][1]) + 1 == ord(member):
            runs[-1] = (runs[-1][0], member)
        else:
            runs.append((member, member))
    return runs


def _sign(character: str) -> str:
    """A character as a class spells it."""
    return "\\" + character if character in "\\]^-[" else character


def translate(pattern: str) -> tuple[str, dict[str, Callable[[str], Any]]]:
    """A phrase pattern as the source of its regex, and the converters of its parameters.

    Every mistake in the pattern is found here, so compiling the source (most of the cost
    of registering a phrase) can wait until a step is tried against it.

    ``{count:n}`` is a typed parameter, ``(s)``/``(es)`` an optional plural ending,
    ``<is|are>`` a choice of words, ``[ … ]`` an optional part. Words match in any case
    ("Running", "CPU"); a parameter's converter gives the canonical spelling.
    """
    parts: list[str] = []
    converters: dict[str, Callable[[str], Any]] = {}
    position = depth = 0
    for token in TOKEN.finditer(pattern):
        literal = pattern[position : token.start()]
        if "|" in literal:
            raise ValueError(f"a | outside <a|b> in step pattern {pattern!r}")
        parts.append(re.escape(literal))
        name, kind, choice = token.group(1), token.group(2), token.group(3)
        text = token.group(0)
        if name:
            if kind not in TYPES:
                raise ValueError(f"unknown parameter type {kind!r} in step pattern {pattern!r}")
            parts.append(f"(?P<{name}>{TYPES[kind].regex})")
            converters[name] = TYPES[kind].convert
        elif text in ("(s)", "(es)"):
            parts.append(f"(?:{text[1:-1]})?")
        elif choice is not None:
            parts.append(_choice(choice))
        elif text == "[":
            depth += 1
            parts.append("(?:")
        else:
            depth -= 1
            if depth < 0:
                raise ValueError(f"a ] before its [ in step pattern {pattern!r}")
            parts.append(")?")
        position = token.end()
    if depth:
        raise ValueError(f"a [ without its ] in step pattern {pattern!r}")
    parts.append(re.escape(pattern[position:]))
    source = "".join(parts)
    names = _GROUP.findall(source)
    for name in names:
        if not name.isidentifier() or names.count(name) > 1:
            raise ValueError(f"parameter {name!r} is not a name or is repeated in {pattern!r}")
    return source, converters


@functools.cache
def _choice(choice: str) -> str:
    """A choice's regex (``<a|b>``'s inside given): its words escaped, once per choice, as
    many phrases say the same choice of verbs or nouns."""
    return "(?:" + "|".join(re.escape(c) for c in choice.split("|")) + ")"


_GROUP = re.compile(r"\(\?P<([^>]*)>")
"""A named group of a translated pattern: its parameters' and their types' own."""
