"""What a line says beyond what any phrase needs, left out so the rest can be read.

A story sets the scene ("checkout was down for 5 minutes last week", "one of the servers
dies on Tuesday night") and says who someone is ("Dana, the release manager, approves R2");
the world has one clock and knows its people, so the when and the description add nothing
a step could check. Only those two are left out: a name the line gives is always kept
("one server, node-2, dies" is "node-2 dies"), and a window with a number ("for 5 minutes",
"over 30 days") is never touched, nor a day some parameter reads ("last week" is 7 days ago
to an outage said then): those say what is measured.
"""

from __future__ import annotations

import re

from kubeloop.harness.params import TYPES

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_PART = r"(?:morning|afternoon|evening|night)"
_WHEN = re.compile(
    r"(?<![\s,]),?\s+(?:"
    r"last\s+(?:week|night|month|year|time)"
    r"|yesterday(?:\s+" + _PART + r")?"
    r"|this\s+(?:" + _PART + r"|week|month)"
    r"|tonight|overnight|all\s+(?:week|day|night|month)"
    r"|on\s+(?:a\s+)?" + _DAY + r"(?:\s+" + _PART + r")?"
    r"|at\s+any\s+(?:point|time)(?:\s+(?:that|this)\s+(?:week|day|month|night))?"
    r")(?=\s|,|$)",
    re.IGNORECASE,
)
"""A time of the story that no number measures: "last week", "on Tuesday night"."""
_AGAIN = re.compile(r"(?<!\s)\s+(?:once\s+)?again\s*$", re.IGNORECASE)
"""A closing "again": what the step checks or does is the same the second time."""
_NAME = r"(?:\"[^\"]+\"|[A-Z][\w.-]*|[\w.-]*\d[\w.-]*)"
_DESCRIPTION = r"(?:the|a|an|one|our|their|my|your)\s+[a-z][a-z -]*?"
_APPOSITION = (
    re.compile(rf"^(?P<name>{_NAME}),\s+{_DESCRIPTION},\s+(?P<rest>\S.*)$"),
    re.compile(rf"^{_DESCRIPTION},\s+(?P<name>{_NAME}),\s+(?P<rest>\S.*)$"),
)
"""A name and what it is, either way round, as the subject: the name is kept."""


def left_out(text: str) -> str | None:
    """``text`` without its scene-setting (time of the story, a closing "again", a
    description beside a name); None when it has none."""
    shorter = _AGAIN.sub("", _WHEN.sub(_unless_measured, text)).strip()
    for apposition in _APPOSITION:
        found = apposition.match(shorter)
        if found is not None:
            shorter = f"{found['name']} {found['rest']}"
            break
    return shorter if shorter != text and shorter else None


def _unless_measured(found: re.Match[str]) -> str:
    """Nothing for a time of the story; the time itself when a day type reads it."""
    day = TYPES.get("ago")
    said = found.group().strip(" ,")
    return found.group() if day is not None and re.fullmatch(day.regex, said, re.I) else ""
