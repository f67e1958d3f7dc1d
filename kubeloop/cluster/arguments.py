"""Checks for the public API's arguments, made at the boundary before anything changes.

Each raises ``InvalidSpecError`` naming the argument and what it must be, so a caller's
mistake is never a TypeError, an IndexError or a half-applied operation.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, TypeVar

from kubeloop.errors import InvalidSpecError

INT32_MAX = 2**31 - 1
"""Kubernetes' replica counts and most integer fields are int32."""

MAX_RUN_FOR = 30 * 24 * 3600
"""Longest ``Cluster.run_for`` in one call (30 days): each tick reconciles, so time is bounded."""
MAX_PASSES = 100_000
"""Most passes ``reconcile_until_stable`` may be asked for."""

T = TypeVar("T")


def text(value: object, what: str, nonempty: bool = False) -> str:
    if not isinstance(value, str):
        raise InvalidSpecError(f"{what} must be a string, not {_shown(value)}")
    if nonempty and not value:
        raise InvalidSpecError(f"{what} must not be empty")
    return value


def optional_text(value: object, what: str) -> str | None:
    return None if value is None else text(value, what)


def whole(value: object, what: str, low: int = 0, high: int = INT32_MAX) -> int:
    """An int (never a bool or a float) in [low, high]."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidSpecError(f"{what} must be a whole number, not {_shown(value)}")
    if not low <= value <= high:
        raise InvalidSpecError(f"{what} must be between {low} and {high}, got {value}")
    return value


def optional_whole(value: object, what: str, low: int = 0, high: int = INT32_MAX) -> int | None:
    return None if value is None else whole(value, what, low, high)


def number(value: object, what: str, low: float = 0, high: float = 1e15) -> int | float:
    """A finite int or float (never a bool or a string) in [low, high]."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise InvalidSpecError(f"{what} must be a number, not {_shown(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidSpecError(f"{what} must be a finite number, not {value!r}")
    if not low <= value <= high:
        raise InvalidSpecError(f"{what} must be between {low:g} and {high:g}, got {value!r}")
    return value


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidSpecError(f"{what} must be True or False, not {_shown(value)}")
    return value


def instance(value: object, kind: type[T], what: str) -> T:
    if not isinstance(value, kind):
        raise InvalidSpecError(f"{what} must be a {kind.__name__}, not {_shown(value)}")
    return value


def optional_instance(value: object, kind: type[T], what: str) -> T | None:
    return None if value is None else instance(value, kind, what)


def instances(values: object, kind: type[T], what: str) -> tuple[T, ...]:
    """A tuple of ``kind`` from a list or tuple (a string or a mapping is refused)."""
    if isinstance(values, str | bytes | dict) or not isinstance(values, Iterable):
        raise InvalidSpecError(f"{what} must be a list of {kind.__name__}, not {_shown(values)}")
    items = tuple(values)
    for item in items:
        if not isinstance(item, kind):
            raise InvalidSpecError(
                f"{what} must be a list of {kind.__name__}, but holds {_shown(item)}"
            )
    return items


def _shown(value: Any) -> str:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"{type(value).__name__} {shown}"
