"""Measurements said along an axis the catalog's phrases fix one point of, read as the
phrases say them: a whole unit of time ("for a whole day" is "for 1 day"), a load a service
is under ("is under a load of 800 requests per second" serves them), what one pod can take
("a single catalog pod can handle at most 60 requests per second"), a status code returned
for a share of requests ("returns 503 for every request" fails 100% of them with a 503), a
bound over a drain said with "never" ("never more than 1 api pod was unavailable during the
drain") and what replicas ask for ("5 replicas asking for 2 CPU apiece").

Each rule rewrites words, never meaning, and keeps every name and value the line gives: the
rewritten line must still match exactly one phrase (``grammar.with_readings``).
"""

from __future__ import annotations

import re

_WHOLE_UNIT = re.compile(
    r"\b(?:an?|one) (?:whole|full|entire|complete|single) (second|minute|hour|day|week)\b",
    re.IGNORECASE,
)
"""A whole unit of time ("a whole day", "one full hour"): 1 of that unit."""

_UNDER_LOAD = re.compile(
    r"\bis (?:under|taking|seeing|getting|receiving|handling) (?:a |an )?"
    r"(?:steady |constant |sustained |average )?(?:load|traffic) of ",
    re.IGNORECASE,
)
"""A load a service is under ("is under a load of 800 requests per second"): it serves it."""

_ONE_POD = re.compile(
    r"^(?:a single|a|one|any|any single|each|every) (?P<name>\"[^\"]+\"|[A-Za-z][\w.-]*) "
    r"(?:pod|replica|instance) (?:can handle|can serve|can take|can sustain|handles|takes|"
    r"sustains|can cope with|copes with) (?:at most|up to|no more than|a maximum of) ",
    re.IGNORECASE,
)
"""What one pod can take ("a single catalog pod can handle at most 60 requests per
second"): each pod of the service serves at most that."""

_CODE_FOR_ALL = re.compile(
    r"\b(?:returns|answers|responds with|serves|throws|gives) (?:an? |HTTP )?"
    r"(?P<code>500|503)s? (?:for|to|on) (?:every|each|all) (?:single )?(?:of (?:its|the) )?"
    r"(?:requests?|calls?)\b",
    re.IGNORECASE,
)
"""A status code returned for every request ("returns 503 for every request"): all of them
fail with that code."""

_DRAIN_SCOPE = re.compile(r"\b(?:during|throughout)\b.*\bdrain", re.IGNORECASE)
_NEVER_MORE = re.compile(r"\b(?:never|not|at no point|at no time) more than\b", re.IGNORECASE)
_NEVER_FEWER = re.compile(r"\b(?:never|not|no) (?:fewer|less) than\b", re.IGNORECASE)
"""A bound over a drain said with "never" ("never more than 1 api pod was unavailable during
the drain"): the drain already says the bound held throughout, so "no more than"/"at least"."""

_ASKING = re.compile(
    r"\b(?P<who>replicas|pods|copies) (?:each )?(?:asking for|needing|wanting|that ask for|"
    r"that need|that request) ",
    re.IGNORECASE,
)
_EACH = re.compile(
    r"\b(?P<head>replicas requesting [^,]*?) (?:apiece|each|per pod|a pod|per replica)$",
    re.IGNORECASE,
)
"""What replicas ask for ("5 replicas asking for 2 CPU apiece"): a replica's request is its
own, so "5 replicas requesting 2 CPU"."""


def measures_said(text: str) -> str:
    """``text`` with each measurement said along an axis as the catalog's phrases say it."""
    text = _WHOLE_UNIT.sub(r"1 \1", text)
    text = _UNDER_LOAD.sub("serves ", text)
    text = _ONE_POD.sub(r"each pod of \g<name> serves at most ", text)
    text = _CODE_FOR_ALL.sub(r"fails 100% of its requests with a \g<code>", text)
    if _DRAIN_SCOPE.search(text):
        text = _NEVER_FEWER.sub("at least", _NEVER_MORE.sub("no more than", text))
    return _EACH.sub(r"\g<head>", _ASKING.sub(r"\g<who> requesting ", text))
