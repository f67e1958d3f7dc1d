"""Label sets as Prometheus models them: immutable, sorted by name, empty values absent."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from kubeloop.errors import InvalidSpecError

METRIC_NAME: Final = "__name__"
MAX_LABELS: Final = 256
"""More labels than this on one series is a fixture mistake, not a metric."""


def _is_legacy_name(name: str) -> bool:
    if not name or not (name[0].isascii() and (name[0].isalpha() or name[0] in "_:")):
        return False
    return all(c.isascii() and (c.isalnum() or c in "_:") for c in name)


def quote(value: str) -> str:
    """Quote a label value the way Prometheus prints it (Go's strconv.Quote for text)."""
    out = ['"']
    for c in value:
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append('\\"')
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif c == "\r":
            out.append("\\r")
        elif 0xDC80 <= ord(c) <= 0xDCFF:  # a byte of invalid UTF-8 (surrogateescape)
            out.append(f"\\x{ord(c) - 0xDC00:02x}")
        elif not c.isprintable():
            out.append(f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


_METADATA = frozenset({METRIC_NAME, "__type__", "__unit__"})


class Labels:
    """A frozen, hashable label set, sorted by name; a label with an empty value is absent.

    Sorting two ``Labels`` compares them pair by pair, as Prometheus' ``labels.Compare`` does,
    so vectors sort the way Prometheus prints them.
    """

    __slots__ = ("_hash", "_no_name", "_pairs")

    _pairs: tuple[tuple[str, str], ...]
    _hash: int
    _no_name: Labels | None

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        items: dict[str, str] = {}
        for name, value in pairs:
            if not isinstance(name, str) or not isinstance(value, str):
                raise InvalidSpecError(
                    f"label {name!r}={value!r}: label names and values must be text"
                )
            if not name:
                raise InvalidSpecError(f"a label with value {value!r} has an empty name")
            if name in items:
                raise InvalidSpecError(f'label "{name}" is given twice')
            items[name] = value
        if len(items) > MAX_LABELS:
            raise InvalidSpecError(f"{len(items)} labels on one series; at most {MAX_LABELS}")
        sorted_pairs = tuple(sorted((k, v) for k, v in items.items() if v))
        object.__setattr__(self, "_pairs", sorted_pairs)
        object.__setattr__(self, "_hash", hash(sorted_pairs))
        object.__setattr__(self, "_no_name", None)

    @classmethod
    def of(cls, mapping: Mapping[str, str] | None = None, /, **labels: str) -> Labels:
        """``Labels.of({"__name__": "x", "job": "a"})`` or ``Labels.of(__name__="x", job="a")``.

        ``name=`` is accepted as the metric name (``Labels.of(name="x", job="a")``).
        """
        merged: dict[str, str] = dict(mapping or {})
        for key, value in labels.items():
            real = METRIC_NAME if key == "name" else key
            if real in merged:
                raise InvalidSpecError(f'label "{real}" is given twice')
            merged[real] = value
        return cls(merged.items())

    @classmethod
    def from_sorted(cls, pairs: tuple[tuple[str, str], ...]) -> Labels:
        """Trusted fast path: ``pairs`` are already sorted, unique and non-empty."""
        new = object.__new__(cls)
        object.__setattr__(new, "_pairs", pairs)
        object.__setattr__(new, "_hash", hash(pairs))
        object.__setattr__(new, "_no_name", None)
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Labels are immutable")

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        return self._pairs

    @property
    def name(self) -> str:
        """The metric name, or "" when the set has none."""
        return self.get(METRIC_NAME)

    def get(self, name: str, default: str = "") -> str:
        for key, value in self._pairs:
            if key == name:
                return value
        return default

    def __contains__(self, name: object) -> bool:
        return any(key == name for key, _ in self._pairs)

    def without(self, *names: str) -> Labels:
        drop = set(names)
        return Labels.from_sorted(tuple(p for p in self._pairs if p[0] not in drop))

    def without_name(self) -> Labels:
        """The set minus ``__name__`` and the metadata labels ``__type__``/``__unit__``, as
        PromQL drops them together (``DropReserved(schema.IsMetadataLabel)``); memoized:
        functions and arithmetic ask it every time."""
        cached = self._no_name
        if cached is None:
            cached = Labels.from_sorted(tuple(p for p in self._pairs if p[0] not in _METADATA))
            if len(cached._pairs) == len(self._pairs):
                cached = self
            object.__setattr__(self, "_no_name", cached)
        return cached

    def keep(self, *names: str) -> Labels:
        """Only the given labels (Prometheus' ``Builder.Keep``)."""
        wanted = set(names)
        return Labels.from_sorted(tuple(p for p in self._pairs if p[0] in wanted))

    def with_(self, mapping: Mapping[str, str] | None = None, /, **labels: str) -> Labels:
        """A copy with labels set (an empty value removes the label)."""
        changes = dict(mapping or {})
        changes.update(labels)
        items = dict(self._pairs)
        items.update(changes)
        return Labels.from_sorted(tuple(sorted((k, v) for k, v in items.items() if v)))

    def as_dict(self) -> dict[str, str]:
        return dict(self._pairs)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Labels):
            return NotImplemented
        return self._hash == other._hash and self._pairs == other._pairs

    def __lt__(self, other: Labels) -> bool:
        return self._pairs < other._pairs

    def __le__(self, other: Labels) -> bool:
        return self._pairs <= other._pairs

    def __gt__(self, other: Labels) -> bool:
        return self._pairs > other._pairs

    def __ge__(self, other: Labels) -> bool:
        return self._pairs >= other._pairs

    def __str__(self) -> str:
        name = ""
        parts: list[str] = []
        for key, value in self._pairs:
            if key == METRIC_NAME and not name and _is_legacy_name(value):
                name = value
            elif key == METRIC_NAME:
                parts.insert(0, quote(value))
            else:
                shown = key if _is_legacy_name(key) and ":" not in key else quote(key)
                parts.append(f"{shown}={quote(value)}")
        if name and not parts:
            return name
        return f"{name}{{{', '.join(parts)}}}"

    def __repr__(self) -> str:
        return f"Labels({self})"


EMPTY: Final = Labels.from_sorted(())
