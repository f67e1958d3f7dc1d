"""The matches of step texts seen before: a suite says the same few hundred steps thousands
of times. A match is kept only when no scenario could change another's values through it:
its arguments are immutable, or plain dicts and lists of immutable values (a declaration's
clauses), which every lookup gets as fresh copies (a step may ``pop`` from its options).
At most ``SIZE`` texts are kept; a new definition empties the cache."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

M = TypeVar("M")
SIZE = 4096


def immutable(value: Any) -> bool:
    if value is None or isinstance(value, str | int | float | bool | frozenset):
        return True
    if isinstance(value, tuple):
        return all(immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = getattr(value, "__dataclass_params__", None)
        return bool(params is not None and params.frozen) and all(
            immutable(getattr(value, f.name)) for f in dataclasses.fields(value)
        )
    return False


def copyable(value: Any) -> bool:
    """Immutable, or a plain dict or list of copyable values (copied whole by ``fresh``)."""
    if type(value) is dict:
        return all(immutable(k) and copyable(v) for k, v in value.items())
    if type(value) is list:
        return all(copyable(v) for v in value)
    return immutable(value)


def fresh(value: Any) -> Any:
    """A copy of a copyable value that shares nothing mutable with it."""
    if type(value) is dict:
        return {k: fresh(v) for k, v in value.items()}
    if type(value) is list:
        return [fresh(v) for v in value]
    return value


class MatchCache(Generic[M]):
    """``renew(match)`` copies a match with fresh copies of its arguments."""

    def __init__(self, renew: Callable[[M], M]) -> None:
        self._renew = renew
        self._found: dict[tuple[str, str], tuple[tuple[M, ...], bool]] = {}

    def get(self, keyword: str, text: str) -> list[M] | None:
        found = self._found.get((keyword, text))
        if found is None:
            return None
        matches, copied = found
        return [self._renew(m) for m in matches] if copied else list(matches)

    def keep(self, keyword: str, text: str, matches: Sequence[M], arguments: list[Any]) -> None:
        """Keep ``matches`` (whose argument values are ``arguments``) if that is safe; the
        caller goes on using its own ``matches``, so copied ones are kept as copies."""
        if all(immutable(v) for v in arguments):
            kept, copied = tuple(matches), False
        elif all(copyable(v) for v in arguments):
            kept, copied = tuple(self._renew(m) for m in matches), True
        else:
            return
        if len(self._found) >= SIZE:
            self._found.clear()
        self._found[(keyword, text)] = (kept, copied)

    def clear(self) -> None:
        self._found.clear()
