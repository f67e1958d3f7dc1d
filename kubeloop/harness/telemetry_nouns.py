"""Lab 03's noun phrases: a service (or its scrape target), its traffic, a share of its
requests, an alert, an SLO's burn alert, and an alert's condition said in words.

"web is getting 100 requests per second", "the web service serves 100 rps", "2% of those
requests fail", "half of all checkout requests fail", "HighErrorRate is pending", "the fast
burn alert on checkout is firing", "an alert HighLatency fires when the p99 latency of web
stays above 500ms": each noun is one parameter type, so every phrase about it reads them all.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubeloop.harness.comparisons import COMPARISONS
from kubeloop.harness.first_use import Later
from kubeloop.harness.nouns import IT, NAME, _strip_groups, unquote
from kubeloop.harness.params import NUMBER, TYPES, ParamType, number

_NOT_SERVICE = (
    r"(?!(?:the|a|an|all|every|it|its|traffic|requests|errors|latency|nobody|someone|then|and|"
    r"when|next|so|everything|happen|occur|run)\b)"
)
_SERVICE = Later(
    f"(?P<it>it)|(?:the )?service (?P<n1>{NAME})|(?:the|our|my|your) (?P<n2>{NAME}) service"
    f"|{_NOT_SERVICE}(?P<n3>{NAME})"
    f"|the (?P<n4>{NAME}) (?:scrape )?target|(?:the )?(?:scrape )?target (?P<n5>{NAME})",
    re.IGNORECASE,
)


def _service(text: str) -> str:
    found = _SERVICE.fullmatch(text)
    assert found is not None
    if found.group("it"):
        return IT
    return unquote(next(g for g in found.group("n1", "n2", "n3", "n4", "n5") if g is not None))


RPS_UNIT = (
    r"(?:(?:requests |calls )?(?:per second|a second)|requests/s|requests per sec|req/s|rps|qps)"
)
_RPS = Later(rf"(?P<n>\d+(?:\.\d+)?) ?{RPS_UNIT}", re.IGNORECASE)


def _rps(text: str) -> float:
    found = _RPS.fullmatch(text)
    assert found is not None
    return float(found.group("n"))


_SHARES = {
    "half": 50.0,
    "a quarter": 25.0,
    "a third": 100 / 3,
    "a tenth": 10.0,
    "a fifth": 20.0,
    "three quarters": 75.0,
    "two thirds": 200 / 3,
    "all": 100.0,
}
_CADENCES = {
    "monthly": "30 days",
    "weekly": "7 days",
    "daily": "1 day",
    "quarterly": "90 days",
    "30-day": "30 days",
    "28-day": "28 days",
    "7-day": "7 days",
}
"""An SLO's period said as an adjective ("a 99.9% monthly availability target")."""
_OUT_OF = {"ten": 10, "a hundred": 100, "a thousand": 1000, "a million": 1_000_000}
SHARE_WORDS = (
    r"half|a quarter|a third|a tenth|a fifth|three quarters|two thirds|all"
    r"|(?:\d+|one) (?:in|out of) (?:\d+|ten|a hundred|a thousand|a million)"
)
"""A share said in words, not as a percentage: half, a third, all, 1 in 10."""
SHARE = rf"\d+(?:\.\d+)?%|{SHARE_WORDS}"


_VAGUE: dict[str, tuple[float, float | None]] = {
    **dict.fromkeys(
        (
            "some",
            "part",
            "a bit",
            "a little",
            "a chunk",
            "a good chunk",
            "a noticeable chunk",
            "a fair bit",
            "a fair amount",
            "a good part",
            "a big chunk",
        ),
        (0.0, 100.0),
    ),
    **dict.fromkeys(("most", "the bulk", "the majority", "the better part"), (50.0, None)),
}
"""A share said vaguely, as the bounds it puts on the percentage, both excluded: "some" is
more than none and less than all, "most" more than half."""


def vague(text: str) -> tuple[float, float | None]:
    """ "some" → (0.0, 100.0), "most" → (50.0, None): the bounds, both excluded."""
    return _VAGUE[" ".join(text.lower().split())]


def share(text: str) -> float:
    """ "2%", "half", "a quarter", "all", "1 in 100" → the percentage (2.0, 50.0, 25.0,
    100.0, 1.0)."""
    lowered = " ".join(text.lower().split())
    if " in " in lowered or " out of " in lowered:
        some, whole = re.split(r" in | out of ", lowered)
        count = 1 if some == "one" else int(some)
        return 100 * count / (_OUT_OF[whole] if whole in _OUT_OF else int(whole))
    return _SHARES[lowered] if lowered in _SHARES else float(lowered.rstrip("%"))


_CAMEL = (
    r"(?!(?:it|they|everything|nothing|something|all|every|no|the|a|an)\b)[A-Za-z][A-Za-z0-9_]*"
)
"""An alert's name as Prometheus rules spell them (HighErrorRate, one word), said without
"alert", bare or quoted (the check fails, naming the alerts, if there is none of that name)."""
_NOT_SLO_ALERT = (
    r"(?!(?:burn-rate|burn|page|paging|ticket|slo|fast|slow|no|any|every|each|an?|one|\d+)\b)"
)
_NOT_A_VERB = (
    r"(?!(?:never|is|was|has|had|fired|fires|did|does|stays|remains|became|becomes|went|goes|"
    r"should|must|will|not|starts|started|resolved)\b)"
)
"""After "the alert", a verb is the sentence going on, not the alert's name."""
_ALERT = Later(
    f"(?P<it>the alert|it)|(?:the )?alert(?: rule)? {_NOT_A_VERB}(?P<n1>{NAME})"
    f'|(?:the )?{_NOT_SLO_ALERT}(?P<n2>{NAME}) alert|(?P<n3>{_CAMEL})|(?P<n4>"[^"]+")',
    re.IGNORECASE,
)


def _alert(text: str) -> str:
    found = _ALERT.fullmatch(text)
    assert found is not None
    if found.group("it"):
        return IT
    return unquote(next(g for g in found.group("n1", "n2", "n3", "n4") if g is not None))


_KIND_OF = (
    f"(?:the (?P<kind>[a-z][\\w-]*) SLO (?:of|for|on) (?P<of>{NAME})"
    f"|its (?P<kind2>[a-z][\\w-]*) SLO"
    f"|(?P<owner>{NAME})'s (?P<kind3>[a-z][\\w-]*) SLO)"
)
"""An SLO said by its kind and service ("the availability SLO of inventory", "its latency
SLO", "cart's availability SLO"), resolved against the world's SLOs when the step runs."""
_SLO = Later(
    f"{_KIND_OF}"
    f"|(?P<it>(?:the|that|our|this) (?:SLO|objective|promise|target|availability target)|it)"
    f"|the (?P<n2>{NAME}) SLO|the SLO (?:for|of|on) (?P<n3>{NAME})"
    f"|(?:the SLO )?(?!(?:never|not|has|had|did|didn't|hasn't|still|also|just|already)\\b)"
    f"(?P<n>{NAME})",
    re.IGNORECASE,
)


class SloOf(str):
    """An SLO said by its kind on a service; ``service`` is IT for "its" (the subject's)."""

    kind: str
    service: str

    def __new__(cls, kind: str, service: str) -> SloOf:
        said = super().__new__(cls, f"the {kind} SLO of {service or 'it'}")
        said.kind, said.service = kind, service
        return said


def _slo(text: str) -> str:
    found = _SLO.fullmatch(text)
    assert found is not None
    kind = found.group("kind") or found.group("kind2") or found.group("kind3")
    if kind:
        owner = found.group("of") or found.group("owner")
        return SloOf(kind.lower(), IT if owner is None else unquote(owner))
    if found.group("it"):
        return IT
    return unquote(found.group("n2") or found.group("n3") or found.group("n"))


class SloAlert(NamedTuple):
    """An SLO's generated alert of one severity; ``slo`` is None for "the SLO said last"."""

    slo: str | None
    severity: str


_SEVERITY = {"fast": "page", "page": "page", "paging": "page", "slow": "ticket", "ticket": "ticket"}
_SLO_ALERT = Later(
    r"(?:the )?(?:(?P<speed>fast|slow)[ -]burn(?:[ -]rate)?|(?P<kind>page|paging|ticket)"
    r"|(?P<rate>burn[ -]rate))(?: alert)?"
    f"(?: (?:on|for|of) (?:the SLO )?(?P<slo>{NAME}))?",
    re.IGNORECASE,
)


def _slo_alert(text: str) -> SloAlert:
    found = _SLO_ALERT.fullmatch(text)
    assert found is not None
    word = (found.group("speed") or found.group("kind") or "page").lower()
    slo = found.group("slo")
    return SloAlert(unquote(slo) if slo else None, _SEVERITY[word])


_EXCEEDS = {"exceeds": ">", "goes over": ">", "goes above": ">", "crosses": ">", "tops": ">"}
"""Verbs that are a comparison of their own in an alert's condition ("the p99 exceeds 1s")."""
_COMPARISON = "|".join([*COMPARISONS, *_EXCEEDS]).replace(" ", " +")
_STAYS = r"(?:stays |is |goes |remains |rises |climbs |gets |has been )?"
_LATENCY_WORDS = r"(?P<value>\d+(?:\.\d+)?) ?(?P<unit>ms|milliseconds?|s|seconds?)"
_CONDITION = Later(
    rf"the (?:p(?P<q>\d+(?:\.\d+)?)|(?P<median>median))(?: latency)? (?:of|for) "
    rf"(?P<s1>{_strip_groups(_SERVICE.pattern)}) {_STAYS}(?P<c1>{_COMPARISON}) {_LATENCY_WORDS}"
    rf"|the (?:(?:5xx|HTTP 5xx|server) (?:error )?|error |failure )(?:rate|ratio) (?:of|for) "
    rf"(?P<s2>{_strip_groups(_SERVICE.pattern)}) {_STAYS}(?P<c2>{_COMPARISON}) "
    rf"(?P<pct>\d+(?:\.\d+)?)%"
    rf"|(?P<s3>{_strip_groups(_SERVICE.pattern)})'s (?:(?P<w3>\d+[smh]) )?"
    rf"(?:5xx |HTTP 5xx |server )?(?:error|failure) (?:rate|ratio) {_STAYS}(?P<c3>{_COMPARISON}) "
    rf"(?P<pct3>\d+(?:\.\d+)?)%",
    re.IGNORECASE,
)


def latency_query(service: str, quantile: float, window: str = "5m") -> str:
    """The PromQL an SRE writes for a service's latency quantile (0.99 for p99)."""
    return (
        f"histogram_quantile({quantile:g}, sum by (le) "
        f'(rate(http_request_duration_seconds_bucket{{job="{service}"}}[{window}])))'
    )


def error_ratio_query(service: str, window: str = "5m") -> str:
    """The PromQL an SRE writes for the share of a service's requests answered with a 5xx."""
    return (
        f'sum(rate(http_requests_total{{job="{service}",code=~"5.."}}[{window}])) / '
        f'sum(rate(http_requests_total{{job="{service}"}}[{window}]))'
    )


def _operator(said: str) -> str:
    words = " ".join(said.lower().split())
    return _EXCEEDS[words] if words in _EXCEEDS else COMPARISONS[words]


def _condition(text: str) -> str:
    """An alert's condition in words, as the PromQL expression it stands for."""
    found = _CONDITION.fullmatch(text)
    assert found is not None
    if found.group("s1") is not None:
        quantile = 0.5 if found.group("median") else float(found.group("q")) / 100
        seconds = float(found.group("value"))
        if found.group("unit").lower().startswith("m"):
            seconds /= 1000
        operator = _operator(found.group("c1"))
        return f"{latency_query(_service(found.group('s1')), quantile)} {operator} {seconds:g}"
    if found.group("s3") is not None:
        operator = _operator(found.group("c3"))
        ratio = float(found.group("pct3")) / 100
        query = error_ratio_query(_service(found.group("s3")), found.group("w3") or "5m")
        return f"{query} {operator} {ratio:g}"
    operator = _operator(found.group("c2"))
    ratio = float(found.group("pct")) / 100
    return f"{error_ratio_query(_service(found.group('s2')))} {operator} {ratio:g}"


TIME = r"\d+(?:\.\d+)? ?(?:ms|milliseconds?|s|seconds?)"
"""A duration said in ms or seconds: 80ms, 2 seconds, 1.5 s."""


def seconds(text: str) -> float:
    """ "80ms", "2 seconds", "1 s" → seconds."""
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?) ?([a-z]+)", text, re.IGNORECASE).groups()  # type: ignore[union-attr]
    return float(number) / (1000 if unit.lower().startswith("m") else 1)


_TIMES = {"once": 1, "twice": 2, "thrice": 3}


def _times(text: str) -> int:
    """ "once", "twice", "3 times", "three times" → the count."""
    lowered = text.lower()
    return _TIMES[lowered] if lowered in _TIMES else number(lowered.split()[0])


_UNIT = r"(?:seconds?|minutes?|hours?|days?|weeks?|s|m|h|d|w)"
_WINDOW_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_WINDOW = Later(
    r"(?:the (?:last|past) |(?P<one>an? ))?(?P<n>\d+ ?)?"
    r"(?P<unit>seconds?|minutes?|hours?|days?|weeks?|s|m|h|d|w)",
    re.IGNORECASE,
)


def window(text: str) -> int:
    """ "1h", "the last hour", "the past 6 hours", "an hour", "30 days" → seconds."""
    found = _WINDOW.fullmatch(text)
    assert found is not None
    unit = found.group("unit").lower()
    count = int(found.group("n")) if found.group("n") else 1
    return count * _WINDOW_UNITS["m" if unit.startswith("min") else unit[0]]


TYPES.update(
    {
        "window": ParamType(
            rf"the (?:last|past) (?:\d+ ?)?{_UNIT}|an? (?:minute|hour|day|week)|\d+ ?{_UNIT}",
            window,
            "a window: 1h, 6 hours, the last hour, the past 5 minutes, a day",
        ),
        "pagetense": ParamType(
            r"goes out|is sent|fires|is raised|is going out|went out|was sent|fired|was raised|"
            r"has gone out|has been sent|has fired",
            lambda text: (
                "is"
                if text.lower() in ("goes out", "is sent", "fires", "is raised", "is going out")
                else "was"
            ),
            "how a page goes: goes out, is sent (now); went out, was sent (at any time so far)",
        ),
        "updown": ParamType(
            r"up|down|being scraped|answering scrapes|reachable|unreachable",
            lambda text: text.lower() not in ("down", "unreachable"),
            "up (being scraped, answering scrapes, reachable) or down (unreachable)",
        ),
        "counterkind": ParamType(
            r"requests?|errors?|failures?|5xx|500",
            lambda text: "errors" if text.lower()[:1] in "ef5" else "requests",
            "which of a service's counters: request (every request), error (5xx responses)",
        ),
        "times": ParamType(
            rf"once|twice|thrice|(?:{NUMBER}) times",
            _times,
            "how many times: once, twice, 3 times, three times",
        ),
        "above": ParamType(
            r"above|over|past|beyond|higher than|more than",
            lambda text: "<=",
            "above, over, past, beyond: what a value never went (so it stayed at most that)",
        ),
        "side": ParamType(
            r"above|over|past|beyond|below|under",
            lambda text: "<" if text.lower() in ("below", "under") else ">",
            "above (over, past, beyond) or below (under)",
        ),
        "nearly": ParamType(
            r"basically|practically|essentially|almost|nearly|mostly|largely|pretty much|"
            r"more or less|virtually|effectively",
            str.lower,
            "basically, practically, almost: a vague word the step gives a stated tolerance",
        ),
        "barely": ParamType(
            r"barely|hardly|scarcely|only just",
            str.lower,
            "barely, hardly: a vague word the step gives a stated tolerance",
        ),
        "pagekind": ParamType(
            r"page|ticket|alert",
            str.lower,
            "page (a page pair of an SLO's windows), ticket (a ticket pair), alert (either)",
        ),
        "timevalue": ParamType(
            rf"(?:{TIME})(?![\w.])",
            seconds,
            "a time with its unit: 100ms, 0.25 seconds, 1.2s",
        ),
        "placename": ParamType(
            rf'(?!"?(?:firing|pending|inactive|resolved)\b)(?:{NAME})',
            unquote,
            "a place something runs in (prod, staging), never an alert's state: \"X never "
            'went to firing" is said of an alert',
        ),
        "alertname": ParamType(
            rf"(?!(?:rules?|file)\b)(?:{NAME})",
            unquote,
            'an alert\'s name after "the alert rule", bare or quoted: HighErrors, "HighErrors"',
        ),
        "service": ParamType(
            _strip_groups(_SERVICE.pattern),
            _service,
            'a service: web, "web", the service web, the web service, the web target; "it" '
            "for the one named last",
            refers_to="service",
        ),
        "rps": ParamType(
            _strip_groups(_RPS.pattern),
            _rps,
            "a request rate: 100 requests per second, 50 requests a second, 200 rps, 80 req/s",
        ),
        "share": ParamType(SHARE, share, "a share of requests: 2%, half, a quarter, all"),
        "shareword": ParamType(SHARE_WORDS, share, "a share in words: half, a third, all, 1 in 10"),
        "vague": ParamType(
            "|".join(_VAGUE).replace(" ", " +"),
            vague,
            "a share said vaguely: some (more than none, less than all), most (more than half)",
        ),
        "cadence": ParamType(
            "|".join(_CADENCES),
            lambda text: _CADENCES[text.lower()],
            "a period said as how often it starts again: monthly (30 days), weekly, daily, "
            "quarterly (90 days), 28-day",
        ),
        "alert": ParamType(
            _strip_groups(_ALERT.pattern),
            _alert,
            'an alert: HighErrorRate, alert "HighErrorRate", the HighErrorRate alert; "the '
            'alert" or "it" for the one named last',
            refers_to="alert",
        ),
        "sloname": ParamType(
            _strip_groups(_SLO.pattern),
            _slo,
            'an SLO: checkout, "checkout", the SLO checkout; "the SLO" (the promise, our '
            'target, that objective) or "it" for the one named last',
            refers_to="slo",  # (the kind; "slo" the type is an SLO's details, clauses.py)
        ),
        "sloof": ParamType(
            _strip_groups(_KIND_OF),
            _slo,
            "an SLO said by its kind and service: the availability SLO of inventory, "
            "cart's latency SLO, its availability SLO (the subject's)",
            refers_to="slo",
        ),
        "sloalert": ParamType(
            _strip_groups(_SLO_ALERT.pattern),
            _slo_alert,
            "an SLO's burn alert: the fast burn alert (pages), the slow burn alert (opens a "
            "ticket), the page alert on checkout, the burn-rate alert",
        ),
        "about": ParamType(
            r"(?:somewhere )?(?:about|around)|roughly|approximately|close to|near",
            str.lower,
            "about, around, roughly, approximately: within a tenth of the value",
        ),
        "tense": ParamType(
            r"is|gets|get|is being|got|was|has been|had been",
            str.lower,
            "is, gets or get (now), was, got or has been (at any time so far)",
        ),
        "condition": ParamType(
            _strip_groups(_CONDITION.pattern),
            _condition,
            "an alert's condition in words: the p99 latency of web stays above 500ms, the "
            "error rate of web is above 5%, web's 5m error ratio is above 5%",
        ),
    }
)
