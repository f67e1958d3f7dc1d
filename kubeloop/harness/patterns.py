"""Phrase patterns as regular expressions: the step registry's one compiler (the parameter
types it reads are params.TYPES)."""

from __future__ import annotations

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
    """A translated pattern's regex (words match in any case)."""
    return re.compile(source, re.IGNORECASE)


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
            parts.append("(?:" + "|".join(re.escape(c) for c in choice.split("|")) + ")")
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


_GROUP = re.compile(r"\(\?P<([^>]*)>")
"""A named group of a translated pattern: its parameters' and their types' own."""
