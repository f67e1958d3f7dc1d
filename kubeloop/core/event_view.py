"""A pass's events, read from the log's columns only when wanted."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from kubeloop.core.event import Event
from kubeloop.core.event_columns import Columns


class EventSlice(Sequence[Event]):
    """Events as they stood when the slice was taken, made into ``Event``s only when read.

    A reconcile pass that binds many pods records as many events; its result keeps
    them as a copy of the log's columns (cheap) rather than as built Events (most of the
    pass's cost, for a list nobody may read). Compares equal to a tuple of its events.
    """

    __slots__ = ("_columns", "_first", "_numbers")
    if TYPE_CHECKING:  # set by _of: the log's internal columns are no part of the public API
        _first: int
        _columns: Columns
        _numbers: list[int] | None
        """Each event's number, when they do not follow on from ``_first`` (some expired)."""

    def __init__(self) -> None:
        raise TypeError("an EventSlice is taken from an EventLog (frozen_since), not built")

    @classmethod
    def _of(cls, first: int, columns: Columns, numbers: list[int] | None = None) -> EventSlice:
        """The events in ``columns``, numbered from ``first`` + 1 on, or by ``numbers`` when
        they do not follow on (some between them expired)."""
        taken = object.__new__(cls)
        taken._first, taken._columns, taken._numbers = first, columns, numbers
        return taken

    def __len__(self) -> int:
        return len(self._columns)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        position = range(len(self._columns))[index]  # IndexError past either end
        if self._numbers is not None:
            return self._columns.event(position, self._numbers[position])
        return self._columns.event(position, self._first + position + 1)

    def __iter__(self) -> Iterator[Event]:
        if self._numbers is not None:
            return self._columns.events(self._numbers)
        first = self._first + 1
        return self._columns.events(range(first, first + len(self._columns)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventSlice | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))
