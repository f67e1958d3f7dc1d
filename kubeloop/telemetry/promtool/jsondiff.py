"""``--diff``: nsf/jsondiff's ``Compare`` with its console options, as promtool prints an
alert test's expected and received alerts (github.com/nsf/jsondiff at 8e8d90c, the version
Prometheus pins; MIT License, Copyright nsf).

Values are what ``json.Marshal`` gives for promtool's alerts: objects of strings, lists.
The output is pretty-printed JSON-like text with ANSI colours: added in green, removed in
red, changed in yellow (``old => new``); objects print their keys sorted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from kubeloop.telemetry.series.labels import quote

FULL_MATCH: Final = 0
SUPERSET_MATCH: Final = 1
NO_MATCH: Final = 2


@dataclass(frozen=True)
class Tag:
    begin: str
    end: str


@dataclass(frozen=True)
class Style:
    """jsondiff's ``Options`` (without the skip ones ``DefaultConsoleOptions`` leaves off)."""

    normal: Tag
    added: Tag
    removed: Tag
    changed: Tag
    indent: str
    separator: str


CONSOLE: Final = Style(
    Tag("", ""),
    Tag("\033[0;32m", "\033[0m"),
    Tag("\033[0;31m", "\033[0m"),
    Tag("\033[0;33m", "\033[0m"),
    "    ",
    " => ",
)
"""``DefaultConsoleOptions()``: what promtool's ``--diff`` uses."""


@dataclass
class _Context:
    style: Style
    level: int = 0
    last: Tag | None = None
    diff: int = FULL_MATCH
    out: list[str] = field(default_factory=list)

    def tag(self, buf: list[str], tag: Tag) -> None:
        if self.last is tag:
            return
        if self.last is not None:
            buf.append(self.last.end)
        buf.append(tag.begin)
        self.last = tag

    def newline(self, buf: list[str], text: str) -> None:
        buf.append(text)
        if self.last is not None:
            buf.append(self.last.end)
        buf.append("\n" + self.style.indent * self.level)
        if self.last is not None:
            buf.append(self.last.begin)

    def finalize(self, buf: list[str]) -> str:
        if self.last is not None:
            buf.append(self.last.end)
            self.last = None
        return "".join(buf)

    def result(self, found: int) -> None:
        if found == NO_MATCH:
            self.diff = NO_MATCH
        elif found == SUPERSET_MATCH and self.diff != NO_MATCH:
            self.diff = SUPERSET_MATCH
        elif self.diff not in (NO_MATCH, SUPERSET_MATCH):
            self.diff = FULL_MATCH

    def write_value(self, buf: list[str], value: Any, full: bool) -> None:
        if isinstance(value, bool):
            buf.append("true" if value else "false")
        elif isinstance(value, str):
            buf.append(quote(value))
        elif isinstance(value, int | float):
            buf.append(repr(value))
        elif isinstance(value, list):
            self._write_list(buf, value, full)
        elif isinstance(value, dict):
            self._write_dict(buf, value, full)
        else:
            buf.append("null")

    def _write_list(self, buf: list[str], value: list[Any], full: bool) -> None:
        if not full:
            buf.append("[]")
            return
        if not value:
            buf.append("[")
        else:
            self.level += 1
            self.newline(buf, "[")
        for i, item in enumerate(value):
            self.write_value(buf, item, True)
            if i != len(value) - 1:
                self.newline(buf, ",")
            else:
                self.level -= 1
                self.newline(buf, "")
        buf.append("]")

    def _write_dict(self, buf: list[str], value: dict[str, Any], full: bool) -> None:
        if not full:
            buf.append("{}")
            return
        if not value:
            buf.append("{")
        else:
            self.level += 1
            self.newline(buf, "{")
        keys = sorted(value)
        for i, key in enumerate(keys):
            buf.append(quote(key) + ": ")
            self.write_value(buf, value[key], True)
            if i != len(keys) - 1:
                self.newline(buf, ",")
            else:
                self.level -= 1
                self.newline(buf, "")
        buf.append("}")

    def mismatch(self, a: Any, b: Any) -> str:
        buf: list[str] = []
        self.tag(buf, self.style.changed)
        self.write_value(buf, a, False)
        buf.append(self.style.separator)
        self.write_value(buf, b, False)
        self.result(NO_MATCH)
        return self.finalize(buf)

    def print_diff(self, a: Any, b: Any) -> str:
        if a is None or b is None:
            if a is None and b is None:
                buf: list[str] = []
                self.tag(buf, self.style.normal)
                self.write_value(buf, a, False)
                self.result(FULL_MATCH)
                return self.finalize(buf)
            return self.mismatch(a, b)
        if _kind(a) != _kind(b):
            return self.mismatch(a, b)
        if isinstance(a, list):
            return self._collection(a, b, "[", "]", None)
        if isinstance(a, dict):
            keys = sorted(set(a) | set(b))
            return self._collection(a, b, "{", "}", keys)
        if a != b:
            return self.mismatch(a, b)
        buf = []
        self.tag(buf, self.style.normal)
        self.write_value(buf, a, True)
        self.result(FULL_MATCH)
        return self.finalize(buf)

    def _collection(self, a: Any, b: Any, open_: str, close: str, keys: list[str] | None) -> str:
        items = _pairs(a, b, keys)
        self.level += 1
        diffs = [self.print_diff(x, y) if ok_a and ok_b else "" for _, x, ok_a, y, ok_b in items]
        self.level -= 1
        buf: list[str] = []
        self.tag(buf, self.style.normal)
        if not items:
            buf.append(open_ + close)
            return self.finalize(buf)
        self.level += 1
        self.newline(buf, open_)
        for i, (key, x, ok_a, y, ok_b) in enumerate(items):
            shown = "" if key is None else quote(key) + ": "
            if ok_a and ok_b:
                if diffs[i]:
                    buf.append(shown + diffs[i])
            elif ok_a:
                self.tag(buf, self.style.removed)
                buf.append(shown)
                self.write_value(buf, x, True)
                self.result(SUPERSET_MATCH)
            else:
                self.tag(buf, self.style.added)
                buf.append(shown)
                self.write_value(buf, y, True)
                self.result(NO_MATCH)
            if i < len(items) - 1:
                self.tag(buf, self.style.normal)
                self.newline(buf, ",")
            else:
                self.level -= 1
                self.tag(buf, self.style.normal)
                self.newline(buf, "")
        buf.append(close)
        return self.finalize(buf)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def _pairs(a: Any, b: Any, keys: list[str] | None) -> list[tuple[str | None, Any, bool, Any, bool]]:
    if keys is not None:
        return [(k, a.get(k), k in a, b.get(k), k in b) for k in keys]
    n = max(len(a), len(b))
    return [
        (None, a[i] if i < len(a) else None, i < len(a), b[i] if i < len(b) else None, i < len(b))
        for i in range(n)
    ]


def compare(a: Any, b: Any, style: Style = CONSOLE) -> tuple[int, str]:
    """``jsondiff.Compare(a, b, options)`` over decoded JSON values: (FULL_MATCH,
    SUPERSET_MATCH or NO_MATCH, the text)."""
    context = _Context(style)
    text = context.print_diff(a, b)
    return context.diff, text
