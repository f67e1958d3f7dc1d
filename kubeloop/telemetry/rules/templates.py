"""The part of Go's text/template that alert labels and annotations use.

Text and ``{{ … }}`` actions with ``{{-``/``-}}`` trimming and ``{{/* comments */}}``;
pipelines (``{{ $value | humanize }}``), variables (``$labels.instance``, ``$x := …``),
fields of the data (``.Labels.job``), string/number/bool literals, parenthesised
pipelines, the methods of the times and durations ``toTime``/``toDuration`` give
(``(now | toTime).Format "2006"``), and ``if``/``else if``/``else``, ``range`` and ``with``
blocks. Anything else (``define``, ``template``, ``block``) is a parse error naming it.
Execution lives in ``template_exec``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

from kubeloop.core.excerpt import excerpt
from kubeloop.errors import InvalidSpecError

MAX_TEMPLATE = 64_000


class TemplateError(InvalidSpecError):
    """A template that does not parse or cannot be executed."""


@dataclass(frozen=True)
class Operand:
    kind: str  # field, var, str, num, bool, nil, ident, sub, dot
    value: object = None
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pipeline:
    commands: tuple[tuple[Operand, ...], ...]
    declare: tuple[str, ...] = ()
    assign: bool = False


@dataclass
class Block:
    kind: str  # if, range, with
    branches: list[tuple[Pipeline, list[Node]]] = field(default_factory=list)
    otherwise: list[Node] = field(default_factory=list)


Node = Union[str, Pipeline, Block]  # noqa: UP007 (a recursive alias)

_ACTION = re.compile(r"\{\{(-\s)?(.*?)(\s-)?\}\}", re.S)
_TOKEN = re.compile(
    r"""\s*(?:
      (?P<str>"(?:[^"\\\n]|\\.)*")|(?P<raw>`[^`]*`)
     |(?P<assign>:=)|(?P<eq>=)|(?P<pipe>\|)|(?P<open>\()|(?P<close>\))|(?P<comma>,)
     |(?P<var>\$[A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)
     |(?P<field>(?:\.[A-Za-z0-9_]+)+)|(?P<dot>\.)
     |(?P<num>[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?))
     |(?P<ident>[A-Za-z_][A-Za-z0-9_]*)
    )""",
    re.X,
)
_ESC = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "a": "\a", "b": "\b"}


def parse(text: str) -> list[Node]:
    """Parse a template; raises ``TemplateError`` naming the first problem."""
    if len(text) > MAX_TEMPLATE:
        raise TemplateError(f"template longer than {MAX_TEMPLATE} characters")
    pieces: list[tuple[str, str]] = []
    pos = 0
    for match in _ACTION.finditer(text):
        literal = text[pos : match.start()]
        if match.group(1):
            literal = literal.rstrip()
        pieces.append(("text", literal))
        pieces.append(("action", match.group(2).strip()))
        pos = match.end()
        if match.group(3):
            rest = text[pos:]
            pos += len(rest) - len(rest.lstrip())
    tail = text[pos:]
    if "{{" in tail:
        raise TemplateError("unclosed action: '{{' without '}}'")
    pieces.append(("text", tail))
    try:
        nodes, end, _ = _nodes(pieces, 0, ())
    except RecursionError:
        raise TemplateError("template nested too deeply") from None
    if end != len(pieces):
        raise TemplateError(f"unexpected {{{{{pieces[end][1]}}}}}")
    return nodes


def _nodes(
    pieces: list[tuple[str, str]], i: int, stops: tuple[str, ...]
) -> tuple[list[Node], int, str]:
    out: list[Node] = []
    while i < len(pieces):
        kind, body = pieces[i]
        if kind == "text":
            if body:
                out.append(body)
            i += 1
            continue
        word = body.split(None, 1)[0] if body else ""
        if body.startswith("/*"):
            if not body.endswith("*/"):
                raise TemplateError("unclosed comment")
            i += 1
            continue
        if word in ("end", "else"):
            if word not in stops and not (word == "else" and "else" in stops):
                raise TemplateError(f"unexpected {{{{{word}}}}}")
            return out, i, body
        if word in ("if", "range", "with"):
            block, i = _block(pieces, i, word, body[len(word) :].strip())
            out.append(block)
            continue
        if word in ("define", "template", "block", "break", "continue"):
            raise TemplateError(f'the "{word}" action is not supported in kubeloop templates')
        if not body:
            raise TemplateError("missing value for command")
        out.append(parse_pipeline(body))
        i += 1
    if stops:
        raise TemplateError("unexpected EOF: a block is missing its {{end}}")
    return out, i, ""


def _block(pieces: list[tuple[str, str]], i: int, kind: str, head: str) -> tuple[Block, int]:
    block = Block(kind)
    pipe = parse_pipeline(head)
    while True:
        body, i, stop = _nodes(pieces, i + 1, ("end", "else"))
        block.branches.append((pipe, body))
        if stop == "end":
            return block, i + 1
        rest = stop[4:].strip()
        if kind == "if" and rest.startswith("if "):
            pipe = parse_pipeline(rest[3:].strip())
            continue
        if rest:
            raise TemplateError(f"unexpected {excerpt(rest)} after else")
        block.otherwise, i, stop = _nodes(pieces, i + 1, ("end",))
        return block, i + 1


def parse_pipeline(text: str) -> Pipeline:
    tokens = _tokens(text)
    declare: tuple[str, ...] = ()
    assign = False
    for j, (kind, _) in enumerate(tokens):
        if kind in ("assign", "eq"):
            names = [v for k, v in tokens[:j] if k != "comma"]
            if not names or not all(k in ("var", "comma") for k, _ in tokens[:j]):
                break
            declare, assign = tuple(names), kind == "eq"
            tokens = tokens[j + 1 :]
            break
    pipe, rest = _pipeline(tokens)
    if rest:
        raise TemplateError(f"unexpected {excerpt(rest[0][1])} in {excerpt(text)}")
    return Pipeline(pipe.commands, declare, assign)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            raise TemplateError(f"unexpected {text[pos:].strip()[:20]!r} in command")
        kind = match.lastgroup
        assert kind is not None
        out.append((kind, match.group(kind)))
        pos = match.end()
    return out


def _pipeline(tokens: list[tuple[str, str]]) -> tuple[Pipeline, list[tuple[str, str]]]:
    commands: list[tuple[Operand, ...]] = []
    current: list[Operand] = []
    while tokens:
        kind, text = tokens[0]
        if kind == "close":
            break
        tokens = tokens[1:]
        if kind == "pipe":
            if not current:
                raise TemplateError("missing command before '|'")
            commands.append(tuple(current))
            current = []
            continue
        if kind == "open":
            sub, tokens = _pipeline(tokens)
            if not tokens or tokens[0][0] != "close":
                raise TemplateError("unclosed left paren")
            tokens = tokens[1:]
            fields: tuple[str, ...] = ()
            if tokens and tokens[0][0] == "field":  # (pipeline).Method args
                fields = tuple(tokens[0][1].split(".")[1:])
                tokens = tokens[1:]
            current.append(Operand("sub", sub, fields))
            continue
        current.append(_operand(kind, text))
    if not current:
        raise TemplateError("missing command")
    commands.append(tuple(current))
    return Pipeline(tuple(commands)), tokens


def _operand(kind: str, text: str) -> Operand:
    if kind == "str":
        return Operand("str", _unquote(text[1:-1]))
    if kind == "raw":
        return Operand("str", text[1:-1])
    if kind == "num":
        number = float(text) if any(c in text for c in ".eE") else int(text)
        return Operand("num", number)
    if kind == "var":
        name, *fields = text.split(".")
        return Operand("var", name, tuple(fields))
    if kind == "field":
        return Operand("field", None, tuple(text.split(".")[1:]))
    if kind == "dot":
        return Operand("dot")
    if kind == "ident":
        if text in ("true", "false"):
            return Operand("bool", text == "true")
        return Operand("nil") if text == "nil" else Operand("ident", text)
    raise TemplateError(f"unexpected {excerpt(text)} in command")


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESC.get(m.group(1), "\\" + m.group(1)), text)
