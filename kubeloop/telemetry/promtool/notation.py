"""promtool's series notation: ``up{job="a"}`` and its expanding values ``0+10x100 _ stale``.

The grammar is Prometheus' ``series_description`` (promql/parser/generated_parser.y):

    a           one sample                  _       a missing sample
    axN         N+1 samples of a            _xN     N missing samples
    a+bxN       a, a+b, …, a+N·b            stale   a staleness marker
    a-bxN       a, a-b, …, a-N·b

Numbers are Go's (``strconv.ParseInt`` base 0 first, so ``010`` is 8 and ``1_000`` is
1000; then ``ParseFloat``; ``Inf``/``NaN`` in any case). Native-histogram values
(``{{…}}``, ``{{…}}xN``, ``{{a}}+{{b}}xN``) are ``kubeloop.telemetry.promql.histogram.notation``'s.
Names may be quoted UTF-8, as in Prometheus 3:
``{"my.metric", "team.name"="a"}``. Expansion is bounded: a count larger than the
caller's budget is an error raised before anything is expanded.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from kubeloop.core.excerpt import excerpt
from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.promql.histogram.notation import (
    HistogramNotationError,
    expand_histogram_item,
    is_histogram_item,
    split_items,
)
from kubeloop.telemetry.series.histogram import FloatHistogram


class NotationError(InvalidSpecError):
    """Bad series or values text; ``column`` is 1-based within that text."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


class _Stale:
    """The staleness marker written by ``stale``."""

    _instance: _Stale | None = None

    def __new__(cls) -> _Stale:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "stale"


STALE = _Stale()
Value = float | _Stale | FloatHistogram


Run = tuple[int, int, Value, float | None]
"""``(first step, how many steps, first value, increment or None)``."""


@dataclass(frozen=True)
class Expanded:
    """The samples of one series as runs of the notation (never one object per sample, so
    a long series costs what its text costs until it is loaded)."""

    runs: tuple[Run, ...]
    steps: int
    """How many steps the notation spans, missing ones included."""

    def iter_points(self) -> Iterator[tuple[int, Value]]:
        """``(step index, value)`` of each sample, missing steps left out, in order."""
        for first, count, start, delta in self.runs:
            if delta is None:
                for k in range(count):
                    yield first + k, start
            else:
                assert isinstance(start, float)
                current = start
                for k in range(count):
                    yield first + k, current
                    current += delta

    @property
    def points(self) -> tuple[tuple[int, Value], ...]:
        return tuple(self.iter_points())

    def last(self) -> tuple[int, Value] | None:
        """The last sample, if any."""
        if not self.runs:
            return None
        first, count, start, delta = self.runs[-1]
        if delta is None:
            return first + count - 1, start
        assert isinstance(start, float)
        current = start
        for _ in range(count - 1):
            current += delta  # the same additions as iter_points, so the same float
        return first + count - 1, current


_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
_LABEL = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def parse_metric(text: str) -> dict[str, str]:
    """``name{l="v",…}`` or ``{…}`` as a label mapping (``__name__`` for the name)."""
    labels, end = _metric(text, 0)
    rest = text[end:].strip()
    if rest:
        raise NotationError(end + 1, f"unexpected {rest[:20]!r} after the labels")
    return labels


def split_series(text: str) -> tuple[dict[str, str], int]:
    """The labels at the start of ``text`` and where they end."""
    return _metric(text, 0)


def _metric(text: str, pos: int) -> tuple[dict[str, str], int]:
    pos = _skip_space(text, pos)
    labels: dict[str, str] = {}
    name = _NAME.match(text, pos)
    if name is not None:
        labels["__name__"] = name.group()
        pos = name.end()
    if pos < len(text) and text[pos] == "{":
        pos = _label_set(text, pos + 1, labels)
    elif name is None:
        found = repr(text[pos]) if pos < len(text) else "end of input"
        raise NotationError(pos + 1, f"expected a metric name or '{{', found {found}")
    return labels, pos


def _label_set(text: str, pos: int, labels: dict[str, str]) -> int:
    while True:
        pos = _skip_space(text, pos)
        if pos >= len(text):
            raise NotationError(pos + 1, "unclosed '{': expected a label or '}'")
        if text[pos] == "}":
            return pos + 1
        start = pos
        if text[pos] in "\"'`":  # a quoted (UTF-8) name: a label before '=', else the metric
            name, pos = _string(text, pos)
            pos = _skip_space(text, pos)
            if pos < len(text) and text[pos] in ",}":
                if "__name__" in labels:
                    raise NotationError(start + 1, "metric name must not be set twice")
                labels["__name__"] = name
                if text[pos] == ",":
                    pos += 1
                continue
        else:
            label = _LABEL.match(text, pos)
            if label is None:
                raise NotationError(pos + 1, f"unexpected character inside braces: {text[pos]!r}")
            name = label.group()
            pos = _skip_space(text, label.end())
        if not text.startswith("=", pos) or text.startswith("=~", pos):
            raise NotationError(pos + 1, f'expected "=" after the label {excerpt(name)}')
        value, pos = _string(text, _skip_space(text, pos + 1))
        if name in labels:
            raise NotationError(start + 1, f"label {excerpt(name)} appears twice")
        labels[name] = value
        pos = _skip_space(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos += 1
        elif pos < len(text) and text[pos] != "}":
            raise NotationError(pos + 1, f"unexpected character inside braces: {text[pos]!r}")


def _string(text: str, pos: int) -> tuple[str, int]:
    if pos >= len(text) or text[pos] not in "\"'`":
        raise NotationError(pos + 1, "expected a quoted label value")
    quote = text[pos]
    out: list[str] = []
    i = pos + 1
    while i < len(text):
        char = text[i]
        if char == quote:
            return "".join(out), i + 1
        if char == "\\" and quote != "`":
            i += 1
            if i >= len(text):
                break
            esc = text[i]
            if esc in _ESCAPES:
                out.append(_ESCAPES[esc])
            elif esc in "\\\"'":
                out.append(esc)
            elif esc in "xuU":
                width = {"x": 2, "u": 4, "U": 8}[esc]
                digits = text[i + 1 : i + 1 + width]
                if len(digits) != width or not all(c in "0123456789abcdefABCDEF" for c in digits):
                    raise NotationError(i + 1, f"bad escape \\{esc}{digits}")
                out.append(chr(int(digits, 16)))
                i += width
            else:
                raise NotationError(i + 1, f"unknown escape sequence \\{esc}")
        elif char == "\n" and quote != "`":
            break
        else:
            out.append(char)
        i += 1
    raise NotationError(pos + 1, "unterminated quoted string")


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def expand_values(text: str, budget: int) -> Expanded:
    """Expand promtool's value notation; at most ``budget`` steps, or ``NotationError``."""
    runs: list[Run] = []
    step = 0
    for column, item in _items(text):
        if is_histogram_item(item):
            step = _histograms(item, column, step, budget, runs)
            continue
        count, value = _item(item, column)
        if step + count > budget:
            raise NotationError(
                column,
                f"{excerpt(item)} expands the series to more than {budget} samples; "
                "use fewer samples or a longer interval",
            )
        if value is not None and count:
            runs.append((step, count, value[0], value[1]))
        step += count
    return Expanded(tuple(runs), step)


def _items(text: str) -> list[tuple[int, str]]:
    """Each item and its column (a histogram's ``{{…}}`` may hold spaces)."""
    if "{{" not in text:
        return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", text)]
    try:
        items = split_items(text)
    except HistogramNotationError as error:
        raise NotationError(text.find("{{") + 1, str(error)) from None
    found, pos = [], 0
    for item in items:
        pos = text.index(item, pos)
        found.append((pos + 1, item))
        pos += len(item)
    return found


def _histograms(item: str, column: int, step: int, budget: int, runs: list[Run]) -> int:
    """Append the runs of one histogram item; returns the next step."""
    try:
        found = expand_histogram_item(item)
    except HistogramNotationError as error:
        raise NotationError(column, str(error)) from None
    if step + len(found) > budget:
        raise NotationError(
            column,
            f"{excerpt(item)} expands the series to more than {budget} samples; "
            "use fewer samples or a longer interval",
        )
    for described in found:
        h = described.histogram
        if runs and runs[-1][2] == h and runs[-1][0] + runs[-1][1] == step:
            first, count, _, _ = runs[-1]
            runs[-1] = (first, count + 1, h, None)
        else:
            runs.append((step, 1, h, None))
        step += 1
    return step


def _item(item: str, column: int) -> tuple[int, tuple[Value, float | None] | None]:
    """(how many steps, ((first value, step) or None for missing))."""
    if item == "_":
        return 1, None
    if item.startswith("_x"):
        return _count(item[2:], column + 2), None
    if item == "stale":
        return 1, (STALE, None)
    if "x" not in item:
        return 1, (_signed_number(item, column), None)
    head, _, tail = item.rpartition("x")
    if not head:
        raise NotationError(
            column, f'unexpected {excerpt(item)} in series values: want a number, "_" or "stale"'
        )
    count = _count(tail, column + len(head) + 1) + 1
    first, delta = _split_increment(head, column)
    if delta is None:
        return count, (first, None)
    return count, (first, delta)


def _split_increment(head: str, column: int) -> tuple[float, float | None]:
    """``a``, ``a+b`` or ``a-b`` (signs inside an exponent belong to the number)."""
    for i in range(1, len(head)):
        if head[i] in "+-" and head[i - 1] not in "eE":
            return _signed_number(head[:i], column), _signed_number(head[i:], column + i)
    return _signed_number(head, column), None


def _count(text: str, column: int) -> int:
    if not text.isdigit():
        raise NotationError(
            column, f"invalid repetition in series values: {excerpt(text)} is not a whole number"
        )
    if len(text) > 12:
        raise NotationError(column, f"repetition {excerpt(text)} is too large")
    return int(text)


def _signed_number(text: str, column: int) -> float:
    sign = 1.0
    body = text
    if body[:1] in "+-":
        sign = -1.0 if body[0] == "-" else 1.0
        body = body[1:]
    if body.lower() in ("inf", "nan"):
        return sign * (math.inf if body.lower() == "inf" else math.nan)
    if body == "stale":
        raise NotationError(column, '"stale" cannot be signed or repeated')
    if not body or not (body[0].isdigit() or (body[0] == "." and body[1:2].isdigit())):
        raise NotationError(
            column, f'unexpected {excerpt(text)} in series values: want a number, "_" or "stale"'
        )
    return sign * go_number(body, column)


def go_number(text: str, column: int) -> float:
    """Go's ``ParseInt(text, 0, 64)`` falling back to ``ParseFloat``, as PromQL reads numbers."""
    if re.fullmatch(r"[0-9](?:_?[0-9])*", text):
        digits = text.replace("_", "")
        if len(digits) > 1 and digits[0] == "0":
            if all(c in "01234567" for c in digits):
                return float(int(digits, 8))
        elif "_" not in text or not text.startswith("0"):
            value = int(digits)
            if value < 2**63:
                return float(value)
    if "_" in text or not re.fullmatch(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", text):
        raise NotationError(column, f"error parsing number: {excerpt(text)}")
    return float(text)
