"""Accepted risks: a versioned waiver list, judged on the logical clock.

A waiver names one finding id, says why, and may expire. Expiry follows Trivy's
``IgnoreFindings.Prune``: the date means 00:00 UTC that day, and the waiver no longer
applies from that instant on, so the expiry date itself is not covered. The list has
a version; every gate decision cites it. Lists only move forward: a lower version is
refused, and the same version may only grow (a scenario may declare it line by line).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from kubeloop.core.excerpt import excerpt
from kubeloop.pipeline.errors import InvalidEvidenceError
from kubeloop.pipeline.evidence import FINDING_ID

DEFAULT_EPOCH = "2026-01-01"
"""The calendar date at logical time 0, unless the pipeline definition says otherwise."""
MAX_WAIVERS = 10_000
MAX_VERSION = 1_000_000_000
MAX_REASON = 1000


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)
"""Go's ``time.Parse("2006-01-02", …)``, which Trivy uses: never an ISO week or ordinal date."""


def parse_date(text: str, what: str = "date") -> datetime.date:
    """A calendar date exactly as ``YYYY-MM-DD`` (Python's fromisoformat also reads
    ``2027-W01-1`` and ``20270101``, which Trivy does not)."""
    try:
        return datetime.date.fromisoformat(text) if _DATE.fullmatch(text) else _bad(text, what)
    except (TypeError, ValueError):
        return _bad(text, what)


def _bad(text: object, what: str) -> datetime.date:
    raise InvalidEvidenceError(f"{what} {excerpt(text)} is not a calendar date YYYY-MM-DD")


def seconds_since(epoch: str, date: str) -> int:
    """Logical seconds from 00:00 UTC of ``epoch`` to 00:00 UTC of ``date`` (may be < 0)."""
    return (parse_date(date) - parse_date(epoch, "epoch")).days * 86_400


def date_at(epoch: str, seconds: int) -> str:
    """The calendar date (UTC) at logical time ``seconds``."""
    moment = datetime.datetime.combine(parse_date(epoch, "epoch"), datetime.time())
    try:
        return (moment + datetime.timedelta(seconds=seconds)).date().isoformat()
    except OverflowError:  # past 9999-12-31: no calendar date, but still a moment
        return f"{parse_date(epoch, 'epoch').isoformat()} + {seconds // 86_400} days"


@dataclass(frozen=True, order=True)
class Waiver:
    """``id`` accepted ``because`` reason; ``expires_at`` is logical seconds (None: never)."""

    id: str
    reason: str
    expires: str | None = None
    expires_at: int | None = None
    source: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not FINDING_ID.fullmatch(self.id):
            raise InvalidEvidenceError(f"waiver id {excerpt(self.id)} is not a vulnerability id")
        if not isinstance(self.reason, str) or not self.reason.strip():
            raise InvalidEvidenceError(f"the waiver of {self.id} needs a reason")
        if len(self.reason) > MAX_REASON:
            raise InvalidEvidenceError(f"the reason of {self.id} is over {MAX_REASON} characters")
        if (self.expires is None) != (self.expires_at is None):
            raise InvalidEvidenceError(f"the waiver of {self.id} has half an expiry")

    def active(self, now: int) -> bool:
        return self.expires_at is None or now < self.expires_at


@dataclass(frozen=True)
class WaiverList:
    version: int
    waivers: tuple[Waiver, ...] = ()

    def __post_init__(self) -> None:
        version = self.version
        if isinstance(version, bool) or not isinstance(version, int):
            raise InvalidEvidenceError(f"waiver list version {version!r} is not a whole number")
        if not 0 <= version <= MAX_VERSION:
            raise InvalidEvidenceError(f"waiver list version {version} is out of range")
        if len(self.waivers) > MAX_WAIVERS:
            raise InvalidEvidenceError(f"more than {MAX_WAIVERS} waivers")
        seen: set[str] = set()
        for waiver in self.waivers:
            if waiver.id in seen:
                raise InvalidEvidenceError(
                    f"waiver list version {version} accepts {waiver.id} twice; keep one entry"
                )
            seen.add(waiver.id)

    def find(self, finding_id: str) -> Waiver | None:
        return next((w for w in self.waivers if w.id == finding_id), None)

    def accept(self, version: int, waiver: Waiver) -> WaiverList:
        """This list with one more waiver, at ``version`` (the same or a newer one)."""
        check_successor(self, WaiverList(version))
        kept = tuple(w for w in self.waivers if w.id != waiver.id)
        if version == self.version and len(kept) != len(self.waivers):
            raise InvalidEvidenceError(
                f"waiver list version {version} already accepts {waiver.id}; "
                "changing an entry needs a new version"
            )
        return WaiverList(version, tuple(sorted((*kept, waiver))))


NO_WAIVERS = WaiverList(0)


def check_successor(current: WaiverList, new: WaiverList) -> None:
    """A list may replace ``current`` only at a newer version, or the same version grown."""
    if new.version < current.version:
        raise InvalidEvidenceError(
            f"waiver list version {new.version} is older than the current version "
            f"{current.version}; lists only move forward"
        )
    if new.version == current.version and new.waivers:
        missing = set(current.waivers) - set(new.waivers)
        if missing:
            raise InvalidEvidenceError(
                f"waiver list version {new.version} differs from the list already at that "
                "version; give the changed list a new version"
            )
