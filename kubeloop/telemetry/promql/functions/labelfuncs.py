"""label_replace and label_join (promql/functions.go), with Go's ``$1``/``${name}`` expansion."""

from __future__ import annotations

import re
from typing import Any, Final

from kubeloop.telemetry.promql.delayed import unmarked
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.series import METRIC_NAME, Labels, compile_regex

_NAME: Final = re.compile(r"[A-Za-z0-9_]+")
Vec = list[tuple[Labels, float]]


def valid_utf8(text: str) -> bool:
    """False when the text holds bytes that are not UTF-8 (kept as surrogate escapes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_label_name(name: str, func: str) -> None:
    if not name or not valid_utf8(name):
        raise PromQLError(f"invalid destination label name in {func}(): {name!r}")


def expand(template: str, match: Any) -> str:
    """Go's regexp.Expand: ``$name``/``${name}`` take the longest name; ``$$`` is ``$``."""
    out: list[str] = []
    i = 0
    while i < len(template):
        c = template[i]
        if c != "$" or i + 1 >= len(template):
            out.append(c)
            i += 1
            continue
        if template[i + 1] == "$":
            out.append("$")
            i += 2
            continue
        if template[i + 1] == "{":
            close = template.find("}", i + 2)
            name = template[i + 2 : close] if close > 0 else ""
            if close < 0 or not _NAME.fullmatch(name):
                out.append(c)
                i += 1
                continue
            i = close + 1
        else:
            m = _NAME.match(template, i + 1)
            if m is None:
                out.append(c)
                i += 1
                continue
            name = m.group()
            i = m.end()
        out.append(_group(match, name))
    return "".join(out)


def _group(match: Any, name: str) -> str:
    try:
        value = match.group(int(name)) if name.isdigit() else match.group(name)
    except (IndexError, KeyError, ValueError, OverflowError):
        return ""
    return value or ""


def label_replace(vec: Vec, dst: str, repl: str, src: str, regex: str) -> Vec:
    try:
        pattern = compile_regex(regex)
    except ValueError:
        raise PromQLError(f"invalid regular expression in label_replace(): {regex}") from None
    _check_label_name(dst, "label_replace")
    out: Vec = []
    for labels, value in vec:
        m = pattern.fullmatch(labels.get(src))
        out.append((labels if m is None else _set(labels, dst, expand(repl, m)), value))
    return out


def _set(labels: Labels, dst: str, value: str) -> Labels:
    """``dst`` set; writing ``__name__`` keeps the name a delayed query would drop."""
    changed = labels.with_({dst: value})
    return unmarked(changed) if dst == METRIC_NAME else changed


def label_join(vec: Vec, dst: str, sep: str, srcs: list[str]) -> Vec:
    _check_label_name(dst, "label_join")
    return [(_set(labels, dst, sep.join(labels.get(s) for s in srcs)), v) for labels, v in vec]
