"""How long requests take, in the words SREs use: a latency profile share by share ("90% of
them finish in under 100ms and the slowest 1% take around 2 seconds") and several
percentiles at once ("120ms at p50 and 900ms at p99")."""

from __future__ import annotations

import re

from kubeloop.harness.first_use import Later
from kubeloop.harness.nouns import _strip_groups
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.telemetry_nouns import SHARE, TIME, seconds, share

_WITHIN = r"(?:(?:in )?(?:under|around|about|roughly|within|less than|at most|up to) |in )"
_TAKE = (
    rf"(?:(?:take|takes|finish|complete|are served) {_WITHIN}?"
    rf"|(?:respond|return|are answered|answer|come back) {_WITHIN})"
)
"""The verb and its "in", the "in" _WITHIN's only, so "finish in 40ms" splits one way (two
ways per share made a long list of shares backtrack without end); "return" or "answer" take
an "in" or "within": "10% of requests return 500s" is a status, not 500 seconds."""
_WHO = r"(?: of (?:them|those|those requests|the requests|requests|all requests))?"
_REQUESTS = r"(?: (?:requests|of them|of the requests|of requests|calls))?"
_MOST = (
    r"(?:most|the majority|the vast majority|nearly all|almost all|the bulk|the others|the rest"
    r"|everything else)"
)
_ITEM = (
    rf"(?:the (?:slowest|fastest|other|remaining|last|rest of the) )?(?P<share>{SHARE})"
    rf"(?:{_WHO}| requests) {_TAKE}(?P<lat>{TIME})"
    rf"|{_MOST}{_REQUESTS} {_TAKE}(?P<rest>{TIME})"
    rf"|(?P<lat2>{TIME}) for (?P<share2>{SHARE}){_WHO}"
    rf"|(?P<rest2>{TIME}) for (?:the rest|the others|everything else|the remaining requests"
    r"|all the others)"
)
_ITEM_RE = Later(_ITEM, re.IGNORECASE)
_ONE = _strip_groups(_ITEM)
_LATENCIES = rf"(?:{_ONE})(?:(?:,? and |, |,? but |; |,? while )(?:{_ONE}))*"


def _latencies(text: str) -> tuple[tuple[float | None, float], ...]:
    """(share in percent, or None for "the rest"; seconds) of each part of the profile."""
    return tuple(
        (
            share(said) if (said := found.group("share") or found.group("share2")) else None,
            seconds(next(t for t in found.group("lat", "rest", "lat2", "rest2") if t)),
        )
        for found in _ITEM_RE.finditer(text)
    )


_PERCENTILE = r"p\d+(?:\.\d+)?|(?:the )?\d+(?:\.\d+)?(?:st|nd|rd|th) percentile|(?:the )?median"
_POINT = (
    rf"(?P<t>{TIME}) at (?P<p>{_PERCENTILE})"
    rf"|(?:an? |the |its )?(?P<p2>{_PERCENTILE})(?: latency| response time)? "
    rf"(?:of |at |is |= |stays at |sits at |holds at |is at |stays )?(?P<t2>{TIME})"
)
_POINT_RE = re.compile(_POINT, re.IGNORECASE)
_POINTS = rf"(?:{_strip_groups(_POINT)})(?:(?:,? and |, |,? while |; )(?:{_strip_groups(_POINT)}))+"
"""Two latency percentiles or more: "120ms at p50 and 900ms at p99", "a p50 of 120ms, a p95
of 400ms and a p99 of 900ms", "a median latency of 80ms and a p99 of 420ms", "p99 latency is
800ms while the p50 stays at 120ms" (one alone is a phrase's own, latency_said.py)."""


def _points(text: str) -> tuple[tuple[float, float], ...]:
    """(percentile, seconds) of each point said, in the order said."""
    found = []
    for point in _POINT_RE.finditer(text):
        said = (point.group("p") or point.group("p2")).lower()
        number = re.search(r"\d+(?:\.\d+)?", said)
        percentile = 50.0 if number is None else float(number.group(0))
        found.append((percentile, seconds(point.group("t") or point.group("t2"))))
    return tuple(found)


TYPES.update(
    {
        "percentiles": ParamType(
            _POINTS,
            _points,
            "latency percentiles, two or more: 120ms at p50 and 900ms at p99, a p50 of 120ms "
            "and a p99 of 900ms, 80ms at the median and 1s at the 99th percentile",
        ),
        "latencies": ParamType(
            _LATENCIES,
            _latencies,
            "how long requests take, share by share: 90% of them finish in under 100ms and "
            "the slowest 1% take around 2 seconds; 99% take 100 ms and 1% take 2 s; most "
            "requests finish in 40ms but 1 in 100 take 800ms (most, the rest: what is left)",
        ),
    }
)
