"""The event log's storage: one list per field, so an event is a place, not an object.

A pass that binds many pods records an event for each. Kept as rows, each would be a tuple
and two new strings (and as many more objects for the cycle collector to scan after the
pass).
Here an event is a place in six parallel lists; what every event of one kind shares — its
type, its reason and, for events whose text is made only when read, how to make it — is one
``Kind`` that all of them point to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import compress, repeat

from kubeloop.core.event import Event

Render = Callable[[str, str], tuple[str, str]]
"""Makes an event's (object, message) from its subject and detail; must be a pure function."""


@dataclass(frozen=True, slots=True, eq=False)
class Kind:
    """What the events of one type and reason share (compared by identity)."""

    type: str
    reason: str
    render: Render | None = None
    """None: an event's subject and detail are its object and message."""


GONE = Kind("", "", None)
"""The kind of an expired event's place until the log is compacted."""


class Columns:
    """Every event's fields by place: the time of its last update, its kind, subject and
    detail (object and message, or what ``render`` makes them from), count and first time."""

    __slots__ = ("count", "detail", "first", "kind", "last", "subject")

    def __init__(self) -> None:
        self.last: list[int] = []
        self.kind: list[Kind] = []
        self.subject: list[str] = []
        self.detail: list[str] = []
        self.count: list[int] = []
        self.first: list[int] = []

    def __len__(self) -> int:
        return len(self.kind)

    def append(self, now: int, kind: Kind, subject: str, detail: str, count: int = 1) -> int:
        """A new event (``count`` times, first recorded now); returns its place."""
        place = len(self.kind)
        self.last.append(now)
        self.kind.append(kind)
        self.subject.append(subject)
        self.detail.append(detail)
        self.count.append(count)
        self.first.append(now)
        return place

    def extend_object(self, now: int, kind: Kind, subject: str, details: Sequence[str]) -> None:
        """New events of one kind and one subject, one per detail, each field at C speed."""
        times = len(details)
        self.last.extend(repeat(now, times))
        self.kind.extend(repeat(kind, times))
        self.subject.extend(repeat(subject, times))
        self.detail.extend(details)
        self.count.extend(repeat(1, times))
        self.first.extend(repeat(now, times))

    def extend(self, now: int, kind: Kind, subjects: Sequence[str], details: Sequence[str]) -> None:
        """New events of one kind, one per (subject, detail), each field at C speed."""
        if len(subjects) != len(details):
            raise ValueError(
                f"events need one detail per subject: got {len(subjects)} subjects "
                f"and {len(details)} details"
            )
        times = len(subjects)
        self.last.extend(repeat(now, times))
        self.kind.extend(repeat(kind, times))
        self.subject.extend(subjects)
        self.detail.extend(details)
        self.count.extend(repeat(1, times))
        self.first.extend(repeat(now, times))

    def update(self, place: int, now: int, detail: str, times: int) -> None:
        """The event at ``place`` repeated ``times`` more times, its latest detail ``detail``."""
        self.last[place] = now
        self.detail[place] = detail
        self.count[place] += times

    def drop(self, place: int) -> None:
        """Mark the place expired, letting go of its text."""
        self.kind[place] = GONE
        self.subject[place] = self.detail[place] = ""

    def keep(self, places: Iterable[int]) -> None:
        """Keep only the events at ``places`` (ascending), in order."""
        mask = bytearray(len(self.kind))
        for place in places:
            mask[place] = 1
        for name in self.__slots__:
            column = getattr(self, name)
            column[:] = compress(column, mask)

    def since(self, start: int) -> Columns:
        """A copy of the events from ``start`` on."""
        copy = Columns()
        for name in self.__slots__:
            setattr(copy, name, getattr(self, name)[start:])
        return copy

    def picked(self, places: Sequence[int]) -> Columns:
        """A copy of the events at ``places``, in that order."""
        copy = Columns()
        for name in self.__slots__:
            column = getattr(self, name)
            setattr(copy, name, [column[place] for place in places])
        return copy

    def event(self, place: int, number: int) -> Event:
        kind, subject, detail = self.kind[place], self.subject[place], self.detail[place]
        obj, message = (subject, detail) if kind.render is None else kind.render(subject, detail)
        last, count, first = self.last[place], self.count[place], self.first[place]
        return Event(number, last, kind.type, kind.reason, obj, message, count, first)

    def events(self, numbers: Iterable[int]) -> Iterator[Event]:
        """Every event in place order, numbered from ``numbers`` (one per place)."""
        fields = zip(
            numbers,
            self.last,
            self.kind,
            self.subject,
            self.detail,
            self.count,
            self.first,
            strict=True,
        )
        for number, last, kind, subject, detail, count, first in fields:
            if kind.render is None:
                yield Event(number, last, kind.type, kind.reason, subject, detail, count, first)
            else:
                obj, message = kind.render(subject, detail)
                yield Event(number, last, kind.type, kind.reason, obj, message, count, first)
