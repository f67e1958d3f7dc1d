"""Recording many events of one type and reason in one pass, as ``EventLog._record`` would
one by one (``EventLog``'s part).

A pass whose many Pending pods each get a new FailedScheduling message records an event
for each; through ``_record`` that is a handful of calls each and most of the pass. Here the
cases a pass meets — an object the reason has not named, a repeat of an object's only
message, its second message, another one while its window has room — are done inline, and
a message folded into an object's ``(combined from similar events)`` event only counts
(its count and message are written once, at the end).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kubeloop.core.clock import Clock
    from kubeloop.core.event import Event
    from kubeloop.core.event_columns import Columns, Kind, Render

_Similar = tuple[str, str, str]

SIMILAR_LIMIT = 10
"""client-go's defaultAggregateMaxEvents."""
SIMILAR_WINDOW = 600
"""client-go's defaultAggregateIntervalInSeconds."""
COMBINED = "(combined from similar events): "


@dataclass(slots=True)
class _Many:
    """An object and reason that has had more than one message."""

    last_time: int
    positions: dict[str, int]
    """Where each message's event is, for folding identical repeats."""
    window: set[str]
    """The distinct messages of the current similarity window."""
    combined: int | None = None


class EventMany:
    if TYPE_CHECKING:  # EventLog's, set by its __init__
        _clock: Clock
        _columns: Columns
        _made: list[Event | None]
        _seen: dict[_Similar, tuple[int, str, int] | _Many]

        def _expire(self) -> None: ...

        def _kind(self, type_: str, reason: str, render: Render | None = None) -> Kind: ...

        def _repeat(self, position: int, now: int, message: str, times: int = 1) -> None: ...

    def _many(self, type_: str, reason: str, entries: Iterable[tuple[str, str]]) -> None:
        self._expire()
        now = self._clock.now
        seen, columns, made = self._seen, self._columns, self._made
        append, update = columns.append, columns.update
        kind = self._kind(type_, reason)
        folded: dict[int, tuple[int, str]] = {}
        for obj, message in entries:
            key = (type_, reason, obj)
            found = seen.get(key)
            if found is None:
                seen[key] = (now, message, append(now, kind, obj, message))
                made.append(None)
            elif type(found) is tuple:
                last, first, position = found
                if message == first:
                    update(position, now, message, 1)
                    made[position] = None
                    seen[key] = (now, first, position)
                else:  # its second message: a window of both, or of this one if it lapsed
                    window = {first, message} if now - last <= SIMILAR_WINDOW else {message}
                    added = append(now, kind, obj, message)
                    made.append(None)
                    seen[key] = _Many(now, {first: position, message: added}, window)
            else:
                assert isinstance(found, _Many)
                if now - found.last_time > SIMILAR_WINDOW:
                    found.window = set()
                found.last_time = now
                window = found.window
                window.add(message)
                if len(window) < SIMILAR_LIMIT:
                    place = found.positions.get(message)
                    if place is None:
                        found.positions[message] = append(now, kind, obj, message)
                        made.append(None)
                    else:
                        update(place, now, message, 1)
                        made[place] = None
                elif found.combined is None:
                    found.combined = append(now, kind, obj, COMBINED + message)
                    made.append(None)
                else:
                    count, _ = folded.get(found.combined, (0, ""))
                    folded[found.combined] = (count + 1, message)
        for position, (repeats, message) in folded.items():
            self._repeat(position, now, COMBINED + message, repeats)
