"""The series notation of a native histogram (promql/parser's ``histogram_series_value``).

    {{schema:0 sum:5 count:4 z_bucket:1 z_bucket_w:0.001 buckets:[1 2 1] offset:1
      n_buckets:[1] n_offset:0 custom_values:[1 2] counter_reset_hint:gauge}}
    {{…}}xN          N+1 copies
    {{a}}+{{b}}xN    a, a+b, …, a+N·b (``-`` subtracts)

Used by the promqltest loader and by promtool's ``input_series``/``exp_samples``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final, cast

from kubeloop.telemetry.promql.gofloat import go_g
from kubeloop.telemetry.series.histogram import Buckets, FloatHistogram, Hint, HistogramError, add

_KEYS: Final = frozenset({
    "schema", "sum", "count", "z_bucket", "z_bucket_w", "custom_values", "buckets", "offset",
    "n_buckets", "n_offset", "counter_reset_hint",
})  # fmt: skip
_HINTS: Final = {"unknown": "unknown", "reset": "reset", "not_reset": "not_reset",
                 "gauge": "gauge"}  # fmt: skip
_ITEM: Final = re.compile(r"([a-z_]+)\s*:\s*(\[[^\]]*\]|\S+)")
_TIMES: Final = re.compile(r"x([0-9]+)$")
MAX_COPIES: Final = 1_000_000


class HistogramNotationError(ValueError):
    """Bad histogram notation; the message says which part and how to write it."""


@dataclass(frozen=True, slots=True)
class Described:
    """A histogram from the notation, and whether it named its counter reset hint (results
    are compared on the hint only then)."""

    histogram: FloatHistogram
    hint_set: bool


def _number(text: str) -> float:
    lowered = text.lower().lstrip("+")
    if lowered in ("inf", "-inf", "nan"):
        return float(lowered)
    try:
        return float(int(text, 0)) if re.fullmatch(r"[+-]?(0[xX][0-9a-fA-F]+|[0-9]+)", text) \
            else float(text)  # fmt: skip
    except ValueError:
        raise HistogramNotationError(f"{text!r} is not a number") from None


def _integer(key: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise HistogramNotationError(f"{key}:{text}: {key} takes an integer") from None


def _list(key: str, text: str) -> list[float]:
    if not (text.startswith("[") and text.endswith("]")):
        raise HistogramNotationError(f"{key}: expected a list such as {key}:[1 2 3]")
    return [_number(v) for v in text[1:-1].split()]


def parse_histogram(text: str) -> Described:
    """One ``{{…}}`` description."""
    if not (text.startswith("{{") and text.endswith("}}")):
        raise HistogramNotationError(f"{text[:40]!r}: a histogram is written {{{{key:value …}}}}")
    body = text[2:-2].strip()
    found: dict[str, str] = {}
    pos = 0
    for m in _ITEM.finditer(body):
        if body[pos : m.start()].strip():
            break
        key = m[1]
        if key not in _KEYS:
            raise HistogramNotationError(
                f"unknown histogram key {key!r}; expected one of {', '.join(sorted(_KEYS))}"
            )
        if key in found:
            raise HistogramNotationError(f'duplicate key "{key}" in histogram')
        found[key] = m[2]
        pos = m.end()
    if body[pos:].strip():
        raise HistogramNotationError(
            f"unexpected {body[pos:].strip()[:20]!r} in histogram description; expected a key "
            "such as buckets:[5 10 7]"
        )
    hint = found.get("counter_reset_hint", "unknown")
    if hint not in _HINTS:
        raise HistogramNotationError(
            f"counter_reset_hint:{hint}: expected unknown, reset, not_reset or gauge"
        )
    offset = _integer("offset", found.get("offset", "0"))
    n_offset = _integer("n_offset", found.get("n_offset", "0"))
    positive = _list("buckets", found["buckets"]) if "buckets" in found else []
    negative = _list("n_buckets", found["n_buckets"]) if "n_buckets" in found else []
    h = FloatHistogram(
        schema=_integer("schema", found.get("schema", "0")),
        zero_threshold=_number(found.get("z_bucket_w", "0")),
        zero_count=_number(found.get("z_bucket", "0")),
        count=_number(found.get("count", "0")),
        sum=_number(found.get("sum", "0")),
        positive=tuple((offset + i, c) for i, c in enumerate(positive)),
        negative=tuple((n_offset + i, c) for i, c in enumerate(negative)),
        custom_values=tuple(_list("custom_values", found["custom_values"]))
        if "custom_values" in found
        else (),
        hint=cast("Hint", _HINTS[hint]),
    )
    return Described(h, "counter_reset_hint" in found)


def is_histogram_item(item: str) -> bool:
    return item.startswith("{{")


def expand_histogram_item(item: str) -> list[Described]:
    """``{{a}}``, ``{{a}}xN``, ``{{a}}+{{b}}xN`` or ``{{a}}-{{b}}xN`` as its histograms."""
    times = _TIMES.search(item)
    body = item[: times.start()] if times else item
    n = int(times[1]) if times else None
    if n is not None and n > MAX_COPIES:
        raise HistogramNotationError(f"x{n}: at most x{MAX_COPIES} per item")
    close = body.find("}}")
    if close < 0:
        raise HistogramNotationError(f"{item[:40]!r}: missing '}}}}'")
    first = parse_histogram(body[: close + 2])
    rest = body[close + 2 :]
    if not rest:
        return [first] if n is None else [first] * (n + 1)
    if rest[0] not in "+-" or n is None:
        raise HistogramNotationError(
            f"{item[:40]!r}: expected {{{{a}}}}xN, {{{{a}}}}+{{{{b}}}}xN or {{{{a}}}}-{{{{b}}}}xN"
        )
    step = parse_histogram(rest[1:])
    sign = 1.0 if rest[0] == "+" else -1.0
    current = first.histogram
    if current.schema > step.histogram.schema and not current.custom:
        raise HistogramNotationError(
            f"error combining histograms: cannot merge from schema {step.histogram.schema} to "
            f"{current.schema}"
        )
    out = [replace(first, hint_set=step.hint_set)]
    for _ in range(n):
        try:
            current = add(current, step.histogram, sign).histogram
        except HistogramError as err:
            raise HistogramNotationError(str(err)) from None
        out.append(Described(current, step.hint_set))
    return out


def split_items(text: str) -> list[str]:
    """The values text split at spaces outside ``{{…}}``."""
    items: list[str] = []
    depth, start = 0, None
    i = 0
    while i < len(text):
        if text.startswith("{{", i):
            depth += 1
            start = i if start is None else start
            i += 2
            continue
        if text.startswith("}}", i):
            depth -= 1
            i += 2
            continue
        c = text[i]
        if c.isspace() and depth == 0:
            if start is not None:
                items.append(text[start:i])
                start = None
        elif start is None:
            start = i
        i += 1
    if start is not None:
        items.append(text[start:])
    if depth:
        raise HistogramNotationError("a histogram's '{{' is not closed with '}}'")
    return items


def _span(buckets: Buckets) -> tuple[int, list[float]]:
    """``Compact(MaxInt)``: one span from the first to the last populated bucket."""
    filled = [(i, c) for i, c in buckets if c != 0]
    if not filled:
        return 0, []
    first, last = filled[0][0], filled[-1][0]
    counts = dict(buckets)
    return first, [counts.get(i, 0.0) for i in range(first, last + 1)]


def histogram_text(h: FloatHistogram) -> str:
    """``FloatHistogram.TestExpression``: the notation that reads back as ``h`` (how promtool
    prints and compares histogram samples)."""
    parts = []
    if h.schema != 0:
        parts.append(f"schema:{h.schema}")
    for key, value in (("count", h.count), ("sum", h.sum), ("z_bucket", h.zero_count),
                       ("z_bucket_w", h.zero_threshold)):  # fmt: skip
        if value != 0:
            parts.append(f"{key}:{go_g(value)}")
    if h.custom:
        parts.append(f"custom_values:[{' '.join(go_g(v) for v in h.custom_values)}]")
    if h.hint != "unknown":
        parts.append(f"counter_reset_hint:{h.hint}")
    for buckets, offset_key, key in ((h.positive, "offset", "buckets"),
                                     (h.negative, "n_offset", "n_buckets")):  # fmt: skip
        offset, counts = _span(buckets)
        if counts and offset != 0:
            parts.append(f"{offset_key}:{offset}")
        if counts:
            parts.append(f"{key}:[{' '.join(go_g(c) for c in counts)}]")
    return "{{" + " ".join(parts) + "}}"


def _bucket_text(lower: float, upper: float, count: float, lower_in: bool, upper_in: bool) -> str:
    return (f"{'[' if lower_in else '('}{go_g(lower)},{go_g(upper)}{']' if upper_in else ')'}"
            f":{go_g(count)}")  # fmt: skip


def histogram_string(h: FloatHistogram) -> str:
    """``FloatHistogram.String``: count, sum and each populated bucket with its bounds (the
    label ``count_values`` gives a histogram)."""
    parts = [f"{{count:{go_g(h.count)}, sum:{go_g(h.sum)}"]
    for b in reversed([b for b in h.negative_buckets() if b.count != 0]):
        parts.append(_bucket_text(b.lower, b.upper, b.count, b.lower < 0, b.upper > 0))
    if h.zero_count != 0:
        zt = h.zero_threshold
        parts.append(_bucket_text(-zt, zt, h.zero_count, True, True))
    for b in h.positive_buckets():
        if b.count != 0:
            inclusive = (b.index == 0, True) if h.custom else (b.lower < 0, b.upper > 0)
            parts.append(_bucket_text(b.lower, b.upper, b.count, *inclusive))
    return ", ".join(parts) + "}"
