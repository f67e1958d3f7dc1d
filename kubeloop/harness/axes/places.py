"""Prepositions: the word before an environment, a build or a service, said the catalog's
way. A destination ("into prod", "onto staging", "through to prod", "over to prod") is
"to"; a place ("on staging", "at prod", "inside prod") is "in"; a build's part or action
("the digest for C1", "the promotion for P5", "unit tests on C3") is "of"; a service's
measure ("the error rate on checkout", "the p99 latency for search") is "of"."""

from __future__ import annotations

import re

from kubeloop.harness.not_names import ENVIRONMENTS

_ENV = "|".join(sorted(ENVIRONMENTS, key=len, reverse=True))
_TO_ENV = re.compile(
    rf"\b(?P<way>all the way )?(?:into|through to|through into|onto|on to|up to|over to|out to)"
    rf"\s+(?=(?:{_ENV})\b)",
    re.IGNORECASE,
)
"""A destination, however said: "to" ("all the way to" when said all the way: a promotion
through every environment before it)."""
_IN_ENV = re.compile(rf"\b(?:on|at|inside|within)\s+(?=(?:{_ENV})\b(?!-))", re.IGNORECASE)
"""A place, however said: "in"."""
_OF_BUILD = re.compile(
    r"\b(?P<part>the (?:[a-z-]+ )?(?:digest|signature|promotion|deploy|deployment|contents|"
    r"history|image|manifest|build|tests|scan|audit trail|audit log|coverage|rollout)) "
    r"(?:for|on|from|against|in) (?=(?-i:[A-Z][\w.-]*\d[\w.-]*)\b|(?-i:[A-Z])-?\d)",
    re.IGNORECASE,
)
"""A build's part said with "for" or "on" ("the digest for C1"): "of"."""
_OF_SERVICE = re.compile(
    r"\b(?P<what>(?:p\d+(?:\.\d+)? |median |average |mean |\d+(?:st|nd|rd|th) percentile )?"
    r"latency|error rate|error ratio|request rate|availability|error budget|traffic) "
    r"(?:for|on|at|in|from|across) (?=(?:the )?(?:service )?(?:\"[^\"]+\"|[a-z][\w-]*)\b)",
    re.IGNORECASE,
)
"""A service's measure said with "for" or "on" ("the error rate on checkout"): "of"."""


_HAS_A = re.compile(
    r'^(?P<owner>"[^"]+"|(?!(?:it|there|this|that|each|every|no|we|you|they|he|she|one|I)\b)[a-z][\w-]*)'
    r" (?:has|have|gets|got) (?P<thing>an? (?!lot\b|few\b|bit\b).+)$",
)
"""A thing declared as its owner's ("search has a 99.5% availability SLO "x" over 28
days"): the thing, for its owner ("a 99.5% availability SLO "x" over 28 days for search")."""


_RELATIVE = re.compile(
    r"^(?:a|an) (?P<thing>[^,]+?) (?:that|which) (?P<rest>(?:was|is|has|had|got) .+)$",
    re.IGNORECASE,
)
"""A thing declared with what it is or was in a relative clause ('a manifest "shop"
version "v2" that was built as S3 and cleared every gate'): the thing, and what it was."""


def related(text: str) -> list[str]:
    """``text`` with a relative clause said as the thing's own sentence."""
    found = _RELATIVE.match(text)
    return [f"{found['thing']} {found['rest']}"] if found else []


def owned(text: str) -> list[str]:
    """``text`` with a thing said as its owner's said as the thing for its owner."""
    found = _HAS_A.match(text)
    if found is None or re.search(r"\bfor\b", found["thing"]):  # (its owner said already)
        return []
    return [f"{found['thing']} for {found['owner']}"]


_OF_ENV = re.compile(
    rf"\b(?P<part>the (?:history|deploy history|release history|audit trail|audit log)) "
    rf"(?:for|in|on|at) (?=(?:{_ENV})\b)",
    re.IGNORECASE,
)
"""An environment's history said with "for" or "in" ("the history for prod"): "of"."""


def place_moves(text: str) -> list[str]:
    """``text`` with each preposition on this axis said the catalog's way (one reading
    with every such preposition moved)."""
    moved = _TO_ENV.sub(r"\g<way>to ", text)
    moved = _IN_ENV.sub("in ", moved)
    moved = _OF_BUILD.sub(r"\g<part> of ", moved)
    moved = _OF_SERVICE.sub(r"\g<what> of ", moved)
    moved = _OF_ENV.sub(r"\g<part> of ", moved)
    return [moved] if moved != text else []
