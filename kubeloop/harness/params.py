"""Typed parameters shared by every step phrase: how each is written and what it becomes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from kubeloop.harness.comparisons import COMPARISONS
from kubeloop.harness.promql_words import BARE_PROMQL, SERIES, latency

_UNITS = {
    "s": 1,
    "second": 1,
    "m": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
    "w": 604800,
    "week": 604800,
}


@dataclass(frozen=True)
class ParamType:
    regex: str
    """A regular expression without capturing groups; matched case-insensitively."""
    convert: Callable[[str], Any]
    description: str
    refers_to: str | None = None
    """The kind of object the value names ("node", "deployment", …): the world resolves
    "it" to the one mentioned last and, in a Then, checks that it exists."""


def _unquote(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def _unquote_text(text: str) -> str:
    return text[1:-1].replace('\\"', '"')


_INSIDE = r'(?:[^"\\\n]|\\.|"(?=\S))'
"""A character inside double-quoted PromQL: anything but a line end, an escaped character
(\\" is a quote), or a quote that a space does not follow (a label value's own quotes, as
in "up{job="web"}", since Gherkin's step text has no escapes)."""
_DOUBLE_QUOTED_PROMQL = (
    rf'"(?={_INSIDE}*?(?:[{{(\[]|[A-Za-z]\w*[_:]\w))'
    rf'{_INSIDE}+"(?!\S)'
)
"""PromQL in double quotes as a sentence's subject: it holds a bracket or a metric's name
with "_" or ":", so a quoted plain name ("web") stays a name."""


def _unquote_promql(text: str) -> str:
    """A quoted query's text: the quotes taken away; in double quotes \\" is a quote."""
    return _unquote_text(text) if text[0] == '"' else text[1:-1]


def _percent(text: str) -> int | float:
    number = float(text.rstrip("%"))
    return int(number) if number.is_integer() else number


def _int_or_percent(text: str) -> int | str:
    return text if text.endswith("%") else int(text)


class TaintText(NamedTuple):
    """A taint as written, ``key[=value]:Effect``, parsed once for every step that takes one."""

    key: str
    value: str
    effect: str
    has_value: bool

    def as_dict(self) -> dict[str, str]:
        return {"key": self.key, "value": self.value, "effect": self.effect}


_TAINT = (
    r"[A-Za-z0-9][-A-Za-z0-9._/]*(?:=[-A-Za-z0-9._]*)?:(?:NoSchedule|PreferNoSchedule|NoExecute)"
)
_EFFECTS = {e.lower(): e for e in ("NoSchedule", "PreferNoSchedule", "NoExecute")}


def parse_taint(text: str) -> TaintText:
    key_value, effect = _unquote(text).rsplit(":", 1)
    key, has_value, value = key_value.partition("=")
    return TaintText(key, value, _EFFECTS[effect.lower()], bool(has_value))


def _digest(text: str) -> str:
    """A digest bare, quoted or in backticks; a trailing "..." is the ellipsis "…"."""
    if text[:1] == '"':
        text = _unquote_text(text)
    elif text[:1] == "`":
        text = text[1:-1]
    return text[:-3] + "…" if text.endswith("...") else text


_ONES = [
    *"zero one two three four five six seven eight nine ten eleven twelve".split(),  # noqa: SIM905
    *"thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(),  # noqa: SIM905
]
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()  # noqa: SIM905
_NUMBER_WORDS = {
    **{word: value for value, word in enumerate(_ONES)},
    **{ten: 20 + 10 * index for index, ten in enumerate(_TENS)},
    **{
        f"{ten}-{unit}": 20 + 10 * index + value
        for index, ten in enumerate(_TENS)
        for value, unit in enumerate(_ONES[1:10], 1)
    },
}
"""Whole numbers said in words, to ninety-nine ("fifteen nodes", "twenty-four replicas")."""
SAID_NUMBERS = frozenset(_NUMBER_WORDS)


def longest_first(words: Iterable[str]) -> str:
    """Number words as one regex that reads what their alternation longest first reads, in
    the same order: each tens word with its units ("twenty(?:-(?:one|two|…))?": "twenty-one"
    before "twenty"), then the other words longest first ("sixteen" before "six"). Spelling
    every word out made the number types most of what compiling a phrase costs;
    tests/harness/test_number_words.py holds the two regexes to each other."""
    said = set(words)
    alike: dict[tuple[tuple[str, ...], bool], list[str]] = {}  # tens with the same units
    for ten in _TENS:
        units = sorted((w[len(ten) + 1 :] for w in said if w.startswith(f"{ten}-")), key=_longer)
        if units:
            alike.setdefault((tuple(units), ten in said), []).append(ten)
    grouped = [
        f"(?:{'|'.join(tens)})(?:-(?:{'|'.join(units)})){'?' if alone else ''}"
        for (units, alone), tens in alike.items()
    ]
    tens = {ten for group in alike.values() for ten in group}
    rest = sorted((w for w in said if w.partition("-")[0] not in tens), key=_longer)
    return "|".join(grouped + rest)


def _longer(word: str) -> tuple[int, str]:
    return -len(word), word


NUMBER = r"-?\d+|" + longest_first(_NUMBER_WORDS)


def number(text: str) -> int:
    """A whole number in digits (a minus kept, for the engine to refuse) or in words."""
    return int(text) if text.lstrip("-").isdigit() else _NUMBER_WORDS[text.lower()]


QUANTITY = r"-?[0-9.]+(?:[eE][-+]?[0-9]+|[a-zA-Z]+)?"


def quantity(text: str) -> str:
    """A Kubernetes quantity as written; "8GiB" and "8GB" (people write them) lose the B."""
    return text[:-1] if text[-1:] in "bB" and text[-2:-1].isalpha() else text


_PHASES = {
    "running": "running",
    "pending": "pending",
    "ready": "ready",
    "scheduled": "running",
    "available": "ready",
    "unscheduled": "pending",
    "unschedulable": "pending",
    "(?:not|never) (?:scheduled|placed)": "pending",
    "waiting for (?:room|space|a node|capacity)": "pending",
    "waiting to be (?:scheduled|placed)": "pending",
}
"""A pod's phase as people say it: a pod "waiting for room" is Pending; the keys are regexes
(read back by ``_phase``)."""


def _phase(text: str) -> str:
    return next(v for k, v in _PHASES.items() if re.fullmatch(k, text, re.IGNORECASE))


_MORE = "(?:more|additional|further|extra) "
_COUNT_WORDS = {
    **{word: n for word, n in _NUMBER_WORDS.items() if n >= 2},
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "forty-five": 45,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
}
"""Amounts of time said in words ("five minutes", "thirty days"); one is "a"/"one" below."""
_COUNT_WORD = longest_first(_COUNT_WORDS)
_DURATION = re.compile(rf"(-?\d+) ?(?:{_MORE})?([a-z]+)", re.IGNORECASE)
_ONE = re.compile(r"(?:an?|one)(?: (?:more|additional|further|extra))? ", re.IGNORECASE)


def _duration(text: str) -> int:
    """30 seconds, 5m, 1h, "4 more minutes" (the time that passes next), "an hour", "half
    an hour" → seconds."""
    if text.lower() == "half an hour":
        return 1800
    text = _ONE.sub("1 ", text, count=1) if _ONE.match(text) else text
    word, _, rest = text.partition(" ")
    text = f"{_COUNT_WORDS[word.lower()]} {rest}" if word.lower() in _COUNT_WORDS else text
    found = _DURATION.fullmatch(text)
    assert found is not None
    amount, unit = found.group(1), found.group(2).lower()
    unit = unit.rstrip("s") if len(unit) > 1 else unit
    return int(amount) * _UNITS[unit]


NAME = r'"[^"]+"|[A-Za-z0-9][-A-Za-z0-9._/]*'


_RATE_PHRASE = re.compile(
    rf"(?:the )?(?:per-second )?(?P<fn>rate|increase|irate) of (?:the counter )?"
    rf"(?P<series>{SERIES}) over (?:the last )?(?P<window>\d+ ?[a-z]+)",
    re.IGNORECASE,
)


def _rate_phrase(text: str) -> str:
    """ "the rate of x_total over 5m" → rate(x_total[300s])."""
    found = _RATE_PHRASE.fullmatch(text)
    assert found is not None
    series = found.group("series").strip("`")
    window = _duration(found.group("window"))
    return f"{found.group('fn').lower()}({series}[{window}s])"


def _every(text: str) -> int:
    """per second, a minute, every 30 seconds, per 5m, /s → the interval in seconds."""
    if text.startswith("/"):
        return _UNITS[text[1:].lower()]
    _, _, rest = text.partition(" ")
    return _duration(rest) if rest[:1].isdigit() else _UNITS[rest.lower().rstrip("s") or "s"]


_NAMES_SEPARATOR = r",? and then |,? then |, and |, | and | → "
"""Between names in a list, an order said with "then" or an arrow as well ("R1 then R3")."""


def _names(text: str) -> list[str]:
    """``D1, D2 and D3`` → ["D1", "D2", "D3"] (each quoted or bare)."""
    return [_unquote(item) for item in re.findall(rf"({NAME})(?:{_NAMES_SEPARATOR}|$)", text)]


_LABEL = r"[A-Za-z0-9][-A-Za-z0-9._/]*=[-A-Za-z0-9._]*"
_LABEL_SAID = r'[A-Za-z0-9][-A-Za-z0-9._/]*=(?:"[-A-Za-z0-9._ ]*"|[-A-Za-z0-9._]*)'


def _labels(text: str) -> tuple[str, ...]:
    """``severity=page and team="web"`` → ("severity=page", "team=web")."""
    found = re.findall(rf"({_LABEL_SAID})(?:,? and |, |$)", text)
    return tuple(key + "=" + _unquote(value) for key, _, value in (f.partition("=") for f in found))


TYPES: dict[str, ParamType] = {
    "n": ParamType(NUMBER, number, "a whole number: 3, or a word up to twelve (three)"),
    "name": ParamType(NAME, _unquote, 'a name, quoted or bare: "web" or web'),
    "text": ParamType(
        r'"(?:[^"\\]|\\.)*"',
        _unquote_text,
        'text in double quotes ("Insufficient cpu"); write \\" for a quote',
    ),
    "quantity": ParamType(QUANTITY, quantity, "a Kubernetes quantity: 500m, 2, 8Gi, 128M"),
    "percent": ParamType(r"\d+(?:\.\d+)?%", _percent, "a percentage: 50%"),
    "intorpercent": ParamType(r"\d+%?", _int_or_percent, "a count or a percentage: 1 or 25%"),
    "duration": ParamType(
        rf"-?\d+ ?(?:{_MORE})?(?:seconds?|minutes?|hours?|days?|weeks?|s|m|h|d|w)"
        rf"|(?:{_COUNT_WORD}) (?:{_MORE})?(?:seconds|minutes|hours|days|weeks)"
        rf"|(?:an?|one) (?:{_MORE})?(?:second|minute|hour|day|week)|half an hour",
        _duration,
        "a duration: 30 seconds, 5 minutes, 5m, 1h, 30 days, 2 weeks (also: five minutes, 4 "
        "more minutes, an hour, a minute, half an hour)",
    ),
    "phase": ParamType(
        "|".join(_PHASES),
        _phase,
        "Running (bound to a node; also: scheduled), Pending (also: waiting for room), or "
        "Ready (also: available); any case",
    ),
    "taint": ParamType(
        f'"{_TAINT}"|{_TAINT}',
        parse_taint,
        "a taint key=value:Effect, bare or quoted: dedicated=gpu:NoSchedule, "
        '"dedicated=gpu:NoSchedule"',
    ),
    "label": ParamType(_LABEL, str, "a label key=value"),
    "labels": ParamType(
        rf"{_LABEL_SAID}(?:(?:,? and |, ){_LABEL_SAID})*",
        _labels,
        'one label key=value or several, a value quoted or not: severity=page and team="web"',
    ),
    "word": ParamType(r"[A-Za-z][A-Za-z0-9-]*", str, "a single word, e.g. an event reason"),
    "priority": ParamType(r"[-+]?\d{1,12}", int, "a pod priority, a whole number: 1000, -100"),
    # Lab 02 (pipeline): calendar dates and lists of names.
    "date": ParamType(r"\d{4}-\d{2}-\d{2}", str, "a calendar date YYYY-MM-DD: 2027-01-31"),
    "names": ParamType(
        rf"(?:{NAME})(?:(?:{_NAMES_SEPARATOR})(?:{NAME}))*",
        _names,
        "one name or several: D1 or D1, D2 and D3 (or D1 then D2 then D3)",
    ),
    # --- telemetry (Lab 03) ---
    "number": ParamType(
        r"[-+]?(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|Inf)|NaN",
        str,
        "a number as Prometheus writes it, kept as written: 0.9, 14.4, 1e-05, NaN, +Inf, -Inf",
    ),
    "decimal": ParamType(r"\d+(?:\.\d+)?", float, "a number: 100, 0.5"),
    "latency": ParamType(
        r"\d+(?:\.\d+)? ?(?:ms|milliseconds?|s|seconds?)?(?![\w.])",
        latency,
        "a latency in seconds unless it says ms: 0.25, 0.25 seconds, 250ms",
    ),
    "digest": ParamType(
        r'"(?:[^"\\]|\\.)*"|`[^`]*`|[A-Za-z0-9][-A-Za-z0-9+._:]*(?:…|\.\.\.)?',
        _digest,
        'a digest as written: sha256:e3b0…, "sha256:e3b0c442…", `sha256:e3b0...` (a trailing '
        "… or ... stands for the rest)",
    ),
    "comparison": ParamType(
        "|".join(COMPARISONS).replace(" ", " +"),
        lambda text: COMPARISONS[" ".join(text.lower().split())],
        "a comparison: below (under, less than, fewer than, lower than, smaller than), above "
        "(over, more than, greater than, higher than), "
        "at least (no lower than, not below), at most (no higher than, not above, less than or "
        "equal to), exactly",
    ),
    "promql": ParamType(
        rf'"{_INSIDE}*"|\'[^\']*\'|`[^`]*`',
        _unquote_promql,
        "a PromQL expression in double quotes (label values in '…' or \"…\"), single quotes "
        "or backticks: 'sum(rate(http_requests_total{job=\"web\"}[5m]))'",
    ),
    "quotedpromql": ParamType(
        rf"'[^']*'|`[^`]*`|{_DOUBLE_QUOTED_PROMQL}",
        _unquote_promql,
        "a PromQL expression in single quotes, backticks or double quotes, as the subject of a "
        "sentence: 'sum(rate(http_requests_total[5m]))' evaluates to 100, \"up{job='web'}\" is "
        "1 (in double quotes it has brackets or a rule's name, so a quoted name is never read "
        "as a query)",
    ),
    "series": ParamType(
        SERIES,
        lambda text: text[1:-1] if text[0] == "`" else text,
        'one series in PromQL notation, bare or in backticks: jobs_total{queue="emails"}',
    ),
    "barepromql": ParamType(
        BARE_PROMQL,
        str.strip,
        "a PromQL expression written bare, starting with a metric or a function: "
        'rate(jobs_total{queue="emails"}[5m]), sum by (le) (…), ALERTS{alertname="X"}',
    ),
    "every": ParamType(
        r"(?:per|a|an|every|each) (?:\d+ ?)?(?:seconds?|minutes?|hours?|s|m|h)|/s|/m|/h",
        _every,
        "how often: per second, a minute, every minute, every 30 seconds, per 5m, /s",
    ),
    "operator": ParamType(
        r"==|>=|<=|>|<|=",
        lambda text: "==" if text == "=" else text,
        "a comparison written as PromQL writes it: ==, >, <, >=, <= (= for ==)",
    ),
    "ratephrase": ParamType(
        rf"(?:the )?(?:per-second )?(?:rate|increase|irate) of (?:the counter )?"
        rf"(?:{SERIES}) over (?:the last )?\d+ ?(?:seconds?|minutes?|hours?|days?|s|m|h|d)",
        _rate_phrase,
        "a rate said in words: the rate of jobs_total over 5m (rate(jobs_total[5m])), the "
        "increase of jobs_total over the last 10 minutes",
    ),
    "alertstate": ParamType(
        r"inactive|pending|firing", str.lower, "inactive, pending or firing; any case"
    ),
    # --- end telemetry ---
    "strategy": ParamType(
        r"first-fit|LeastAllocated|MostAllocated",
        lambda text: {"leastallocated": "LeastAllocated", "mostallocated": "MostAllocated"}.get(
            text.lower(), "first-fit"
        ),
        "first-fit, LeastAllocated or MostAllocated",
    ),
}
