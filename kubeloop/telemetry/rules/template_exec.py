"""Executing alert templates: Prometheus' template functions over the alert's data.

The data is Prometheus' ``AlertTemplateData`` (``.Labels``, ``.ExternalLabels``,
``.ExternalURL``, ``.Value``) with the usual ``$labels``, ``$externalLabels``,
``$externalURL`` and ``$value``. Missing map keys read as "" (``missingkey=zero``).
Functions follow template/template.go: humanize, humanize1024, humanizeDuration,
humanizePercentage, humanizeTimestamp, toTime, toDuration, parseDuration, printf, toUpper,
toLower, title, match, reReplaceAll, stripPort, stripDomain, query/first/label/value, and Go's
builtins.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import re2  # type: ignore[import-untyped]

from kubeloop.telemetry.rules import gotime
from kubeloop.telemetry.rules import humanize as hz
from kubeloop.telemetry.rules.gofmt import sprintf, to_text
from kubeloop.telemetry.rules.templates import Block, Node, Operand, Pipeline, TemplateError
from kubeloop.telemetry.series.matchers import MAX_REGEX_LENGTH

_RE2: Any = re2.Options()
_RE2.log_errors = False
_RE2.max_mem = 8 << 20
QueryFn = Callable[[str], list[dict[str, Any]]]
MAX_OUTPUT = 64_000
MAX_RANGE = 10_000
MAX_STEPS = 1_000_000
"""The most nodes and range iterations one template execution may run (nested ranges of
MAX_RANGE items would otherwise run 10^8 times)."""


@dataclass(frozen=True)
class TemplateData:
    labels: dict[str, str]
    external_labels: dict[str, str]
    external_url: str
    value: float
    ts_ms: int
    query: QueryFn | None = None


def _truth(value: Any) -> bool:
    if value is None or value is False:
        return False
    if isinstance(value, int | float | str | dict | list | tuple):
        return bool(value) and not (isinstance(value, float) and value == 0)
    return True


def _compare(op: str) -> Callable[..., bool]:
    def run(a: Any, *rest: Any) -> bool:
        if not rest:
            raise TemplateError(f"missing argument for comparison {op}")
        if op == "eq":
            return any(a == b for b in rest)
        b = rest[0]
        if isinstance(a, str) != isinstance(b, str):
            raise TemplateError(f"incompatible types for comparison {op}")
        return bool({"ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op])

    return run


def _index(item: Any, *keys: Any) -> Any:
    for key in keys:
        if isinstance(item, dict) and isinstance(key, str):
            item = item.get(key, "")
        elif isinstance(item, list | tuple) and isinstance(key, int) and 0 <= key < len(item):
            item = item[key]
        else:
            raise TemplateError(f"error calling index: cannot index {to_text(item)}")
    return item


def _regex(pattern: str) -> Any:
    """Go's regexp is RE2, and so is this: linear time, whatever the pattern."""
    if len(pattern) > MAX_REGEX_LENGTH:
        raise TemplateError(f"error parsing regexp: longer than {MAX_REGEX_LENGTH} characters")
    try:
        return re2.compile(pattern, options=_RE2)
    except re2.error as error:
        reason = error.args[0] if error.args else "invalid"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise TemplateError(f"error parsing regexp: {reason}") from None


def functions(data: TemplateData) -> dict[str, Callable[..., Any]]:
    """The template functions for ``data`` (only its query, time and URL matter, so one
    set serves every sample of an evaluation)."""

    def query(text: str) -> list[dict[str, Any]]:
        if data.query is None:
            raise TemplateError("query() is not available here")
        return data.query(text)

    def first(result: list[dict[str, Any]]) -> dict[str, Any]:
        if not result:
            raise TemplateError("first() called on vector with no elements")
        return result[0]

    return {
        "humanize": hz.humanize,
        "humanize1024": hz.humanize1024,
        "humanizeDuration": hz.humanize_duration,
        "humanizePercentage": hz.humanize_percentage,
        "humanizeTimestamp": hz.humanize_timestamp,
        "toTime": gotime.to_time,
        "toDuration": gotime.to_duration,
        "parseDuration": gotime.parse_template_duration,
        "printf": lambda fmt, *args: sprintf(fmt, list(args)),
        "print": lambda *args: "".join(to_text(a) for a in args),
        "println": lambda *args: " ".join(to_text(a) for a in args) + "\n",
        "toUpper": lambda s: str(s).upper(),
        "toLower": lambda s: str(s).lower(),
        "title": lambda s: re.sub(r"\b[a-z]", lambda m: m.group().upper(), str(s)),
        "match": lambda pattern, s: _regex(pattern).search(s) is not None,
        "reReplaceAll": lambda pattern, repl, s: _regex(pattern).sub(
            re.sub(r"\$\{?(\w+)\}?", r"\\g<\1>", repl), s
        ),
        "stripPort": hz.strip_port,
        "stripDomain": hz.strip_domain,
        "query": query,
        "first": first,
        "label": lambda name, sample: sample["Labels"].get(name, ""),
        "value": lambda sample: sample["Value"],
        "strvalue": lambda sample: sample["Labels"].get("__value__", ""),
        "now": lambda: data.ts_ms / 1000.0,
        "externalURL": lambda: data.external_url,
        "pathPrefix": lambda: re.sub(r"^[a-z]+://[^/]*", "", data.external_url),
        "safeHtml": lambda s: s,
        "urlQueryEscape": hz.url_query_escape,
        "len": len,
        "index": _index,
        "not": lambda v: not _truth(v),
        "and": lambda *vs: next((v for v in vs if not _truth(v)), vs[-1]),
        "or": lambda *vs: next((v for v in vs if _truth(v)), vs[-1]),
        **{op: _compare(op) for op in ("eq", "ne", "lt", "le", "gt", "ge")},
    }


FUNCTION_NAMES = frozenset(functions(TemplateData({}, {}, "", 0.0, 0)).keys())


def check(nodes: list[Node]) -> None:
    """Fail as Go's parser does on a function that is not defined."""
    for node in nodes:
        if isinstance(node, Pipeline):
            _check_pipeline(node)
        elif isinstance(node, Block):
            for pipe, body in node.branches:
                _check_pipeline(pipe)
                check(body)
            check(node.otherwise)


def _check_pipeline(pipe: Pipeline) -> None:
    for command in pipe.commands:
        for operand in command:
            if operand.kind == "ident" and operand.value not in FUNCTION_NAMES:
                raise TemplateError(f'function "{operand.value}" not defined')
            if operand.kind == "sub":
                assert isinstance(operand.value, Pipeline)
                _check_pipeline(operand.value)


class _Run:
    def __init__(self, data: TemplateData, funcs: dict[str, Callable[..., Any]]) -> None:
        root = {
            "Labels": data.labels,
            "ExternalLabels": data.external_labels,
            "ExternalURL": data.external_url,
            "Value": data.value,
        }
        self.vars: dict[str, Any] = {
            "$": root,
            "$labels": data.labels,
            "$externalLabels": data.external_labels,
            "$externalURL": data.external_url,
            "$value": data.value,
        }
        self.funcs = funcs
        self.out: list[str] = []
        self.size = 0
        self.steps = 0

    def tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TemplateError(
                f"the template runs more than {MAX_STEPS} steps (nested range?); simplify it"
            )

    def nodes(self, nodes: list[Node], dot: Any) -> None:
        for node in nodes:
            self.tick()
            if isinstance(node, str):
                self.emit(node)
            elif isinstance(node, Pipeline):
                value = self.pipeline(node, dot)
                if not node.declare:
                    self.emit(to_text(value))
            else:
                self.block(node, dot)

    def emit(self, text: str) -> None:
        self.size += len(text)
        if self.size > MAX_OUTPUT:
            raise TemplateError(f"template output longer than {MAX_OUTPUT} characters")
        self.out.append(text)

    def block(self, block: Block, dot: Any) -> None:
        if block.kind == "range":
            pipe, body = block.branches[0]
            items = self.pipeline(Pipeline(pipe.commands), dot)
            pairs = _range_pairs(items)
            ran = False
            for n, (key, item) in enumerate(pairs):
                if n >= MAX_RANGE:
                    raise TemplateError(f"range over more than {MAX_RANGE} items")
                self.tick()
                ran = True
                if len(pipe.declare) == 2:
                    self.vars[pipe.declare[0]], self.vars[pipe.declare[1]] = key, item
                elif pipe.declare:
                    self.vars[pipe.declare[0]] = item
                self.nodes(body, item)
            if not ran:
                self.nodes(block.otherwise, dot)
            return
        for pipe, body in block.branches:
            value = self.pipeline(pipe, dot)
            if _truth(value):
                self.nodes(body, value if block.kind == "with" else dot)
                return
        self.nodes(block.otherwise, dot)

    def pipeline(self, pipe: Pipeline, dot: Any) -> Any:
        value: Any = None
        for n, command in enumerate(pipe.commands):
            value = self.command(command, dot, value, n > 0)
        for name in pipe.declare:
            self.vars[name] = value
        return value

    def command(self, command: tuple[Operand, ...], dot: Any, piped: Any, has_piped: bool) -> Any:
        head = command[0]
        if head.kind == "ident":
            args = [self.operand(a, dot) for a in command[1:]]
            if has_piped:
                args.append(piped)
            try:
                return self.funcs[str(head.value)](*args)
            except TemplateError:
                raise
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
                raise TemplateError(f"error calling {head.value}: {error}") from None
        if len(command) > 1 or has_piped:
            if not head.fields:
                raise TemplateError(f"can't give argument to non-function {_describe(head)}")
            base = self.operand(replace(head, fields=head.fields[:-1]), dot)
            method = getattr(base, "method", lambda _name: None)(head.fields[-1])
            if method is None:
                raise TemplateError(f"can't give argument to non-function {_describe(head)}")
            args = [self.operand(a, dot) for a in command[1:]]
            return method(*args, *([piped] if has_piped else []))
        return self.operand(head, dot)

    def operand(self, operand: Operand, dot: Any) -> Any:
        kind = operand.kind
        if kind in ("str", "num", "bool"):
            return operand.value
        if kind == "nil":
            return None
        if kind == "dot":
            return dot
        if kind == "sub":
            assert isinstance(operand.value, Pipeline)
            base: Any = self.pipeline(operand.value, dot)
            for name in operand.fields:
                base = _field(base, name)
            return base
        if kind == "ident":
            return self.funcs[str(operand.value)]()
        if kind == "var":
            if operand.value not in self.vars:
                raise TemplateError(f"undefined variable: {operand.value}")
            base = self.vars[str(operand.value)]
        else:
            base = dot
        for name in operand.fields:
            base = _field(base, name)
        return base


def _field(base: Any, name: str) -> Any:
    """``.name`` of a map (missing keys read as ""), or a time's or duration's method."""
    if isinstance(base, dict):
        return base.get(name, "")
    method = getattr(base, "method", lambda _name: None)(name)
    if method is None:
        raise TemplateError(f"can't evaluate field {name} in {to_text(base)}")
    return method()


def _range_pairs(items: Any) -> list[tuple[Any, Any]]:
    """What ``range`` walks: a map by sorted key, a list, or (Go 1.22+) 0..n-1 for an int."""
    if isinstance(items, dict):
        return sorted(items.items())
    if isinstance(items, list | tuple):
        return list(enumerate(items))
    if isinstance(items, int) and not isinstance(items, bool):
        if items > MAX_RANGE:
            raise TemplateError(f"range over more than {MAX_RANGE} items")
        return [(i, i) for i in range(items)]
    if items is None:
        return []
    raise TemplateError(f"range can't iterate over {to_text(items)}")


def _describe(operand: Operand) -> str:
    if operand.kind == "var":
        return ".".join([str(operand.value), *operand.fields])
    return "." + ".".join(operand.fields) if operand.kind == "field" else str(operand.value)


def execute(
    nodes: list[Node], data: TemplateData, funcs: dict[str, Callable[..., Any]] | None = None
) -> str:
    """Run a parsed template; raises ``TemplateError`` as Go's ``Execute`` would."""
    run = _Run(data, funcs if funcs is not None else functions(data))
    try:
        run.nodes(nodes, run.vars["$"])
    except RecursionError:
        raise TemplateError("template nested too deeply") from None
    return "".join(run.out)
