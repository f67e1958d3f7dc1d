"""The matches of step texts seen before: a suite says the same few hundred steps thousands
of times. Only matches whose arguments are all immutable are kept (a step may not change
another scenario's values), at most ``SIZE`` of them; a new definition empties the cache."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
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


class MatchCache(Generic[M]):
    def __init__(self) -> None:
        self._found: dict[tuple[str, str], tuple[M, ...]] = {}

    def get(self, keyword: str, text: str) -> list[M] | None:
        found = self._found.get((keyword, text))
        return None if found is None else list(found)

    def keep(self, keyword: str, text: str, matches: Sequence[M], arguments: list[Any]) -> None:
        if all(immutable(v) for v in arguments):
            if len(self._found) >= SIZE:
                self._found.clear()
            self._found[(keyword, text)] = tuple(matches)

    def clear(self) -> None:
        self._found.clear()
