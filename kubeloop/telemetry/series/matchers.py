"""Label matchers (``=``, ``!=``, ``=~``, ``!~``) with Prometheus' RE2 regex semantics.

Regexes are compiled by RE2 itself (the ``google-re2`` package), fully anchored and with
``.`` matching a newline, exactly as Prometheus compiles them (``^(?s:…)$``): the same
syntax is accepted and rejected, and matching is linear-time, so no pattern can hang.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import Any, Final

import re2  # type: ignore[import-untyped]

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.series.labels import quote

MAX_REGEX_LENGTH: Final = 4096
"""Longer patterns are rejected before RE2 sees them."""

_OPTIONS: Any = re2.Options()
_OPTIONS.log_errors = False
_OPTIONS.dot_nl = True
_OPTIONS.max_mem = 8 << 20


class MatchOp(enum.Enum):
    EQUAL = "="
    NOT_EQUAL = "!="
    REGEX = "=~"
    NOT_REGEX = "!~"


class InvalidRegexError(InvalidSpecError):
    """A label matcher's regex is not valid RE2."""


@lru_cache(maxsize=4096)
def compile_regex(pattern: str) -> Any:
    """Compile ``pattern`` as Prometheus does, or raise InvalidRegexError saying why."""
    if len(pattern) > MAX_REGEX_LENGTH:
        raise InvalidRegexError(
            f"regex is {len(pattern)} characters long; at most {MAX_REGEX_LENGTH} are allowed"
        )
    try:
        return re2.compile(f"(?:{pattern})", options=_OPTIONS)
    except re2.error as err:
        reason = err.args[0] if err.args else "invalid"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise InvalidRegexError(f"invalid regex {pattern!r}: {reason}") from None
    except (TypeError, ValueError) as err:
        raise InvalidRegexError(f"invalid regex {pattern!r}: {err}") from None


class Matcher:
    """One label matcher; ``matches(value)`` treats a missing label as the empty value."""

    __slots__ = ("_regex", "name", "op", "value")

    def __init__(self, name: str, op: MatchOp, value: str) -> None:
        self.name = name
        self.op = op
        self.value = value
        self._regex: Any = None
        if op in (MatchOp.REGEX, MatchOp.NOT_REGEX):
            self._regex = compile_regex(value)

    def matches(self, value: str) -> bool:
        op = self.op
        if op is MatchOp.EQUAL:
            return value == self.value
        if op is MatchOp.NOT_EQUAL:
            return value != self.value
        found = self._regex.fullmatch(value) is not None
        return found if op is MatchOp.REGEX else not found

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.name, self.op.value, self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Matcher) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"{self.name}{self.op.value}{quote(self.value)}"
