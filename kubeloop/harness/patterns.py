"""Phrase patterns as regular expressions: the step registry's one compiler (the parameter
types it reads are params.TYPES)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any

from kubeloop.harness.params import TYPES
from kubeloop.harness.regex_cache import CACHE

TOKEN = re.compile(r"\{(\w+):(\w+)\}|\(s\)|\(es\)|<([^<>]+)>|\[|\]")
"""A parameter, a plural ending, a choice of words or an optional part's bracket."""


def compile_pattern(pattern: str) -> tuple[re.Pattern[str], dict[str, Callable[[str], Any]]]:
    """Turn a phrase pattern into a regex and the converters of its parameters."""
    source, converters = translate(pattern)
    return compile_source(source), converters


def compile_source(source: str) -> re.Pattern[str]:
    """A translated pattern's regex (words match in any case), compiled with ``re``'s own
    compiler, each character class it has seen before read from memory (``_Charsets``), or
    rebuilt from the code an earlier run compiled it to (regex_cache.py)."""
    with _CHARSETS:
        return CACHE.compile(source, re.IGNORECASE.value)


class _Charsets:
    """While compiling, ``re``'s character-class optimiser answered from memory.

    In any case, a class holding i, k or s ("[A-Za-z0-9]") also holds characters beyond
    Latin-1 (ı, ſ, the Kelvin sign), so ``re`` builds it as a 64k-character map: much of
    the cost of compiling a phrase, whose parameter types repeat a few dozen classes. The
    optimiser is a function of its arguments alone (the class, the case functions, the
    table of case exceptions), so the same arguments get the same answer, which nothing
    changes afterwards (tests/harness/test_compile_memory.py compares the compiled code).
    Outside ``compile_source`` the optimiser is ``re``'s own.
    """

    def __init__(self) -> None:
        self._seen: dict[tuple[object, ...], object] = {}
        self._own: Callable[..., Any] | None = getattr(_compiler, "_optimize_charset", None)

    def __enter__(self) -> None:
        if self._own is not None:
            setattr(_compiler, "_optimize_charset", self._remembered)  # noqa: B010

    def __exit__(self, *_: object) -> None:
        if self._own is not None:
            setattr(_compiler, "_optimize_charset", self._own)  # noqa: B010

    def _remembered(self, charset: list[Any], *rest: Any) -> Any:
        assert self._own is not None
        key = (tuple(charset), *(id(r) if isinstance(r, dict) else r for r in rest))
        try:
            found = self._seen.get(key)
        except TypeError:  # (a class this memory cannot key: as re would)
            return self._own(charset, *rest)
        if found is None:
            found = self._seen[key] = self._own(charset, *rest)
        return found


_compiler = importlib.import_module("re._compiler")
"""``re``'s compiler (private, no type stubs): its class optimiser, for ``_Charsets``."""
_CHARSETS = _Charsets()


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
