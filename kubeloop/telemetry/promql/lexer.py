"""PromQL tokens with their positions (the lexical rules of promql/parser/lex.go)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from kubeloop.telemetry.promql.errors import PromQLError

MAX_EXPRESSION_LENGTH: Final = 64 * 1024


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # IDENT NUMBER DURATION STRING OP EOF, or the punctuation itself
    text: str
    pos: int
    value: str = ""  # the decoded text of a STRING


_OPERATORS: Final = (
    "==", "!=", "=~", "!~", ">=", "<=", "</", ">/", "+", "-", "*", "/", "%", "^", ">", "<",
)  # fmt: skip
_BY_FIRST: Final = {c: tuple(o for o in _OPERATORS if o[0] == c) for c in "=!><+-*/%^"}
_PUNCT: Final = frozenset("(){}[],:@=")
_IDENT: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_:]*")
_DURATION: Final = re.compile(r"(?:[0-9]+(?:ms|[smhdwy]))+")
_NUMBER: Final = re.compile(
    r"0[xX]_?[0-9a-fA-F]+(?:_[0-9a-fA-F]+)*"
    r"|(?:[0-9]+(?:_[0-9]+)*(?:\.(?:[0-9]+(?:_[0-9]+)*)?)?|\.[0-9]+(?:_[0-9]+)*)"
    r"(?:[eE][+-]?[0-9]+(?:_[0-9]+)*)?"
)
_ESCAPES: Final = {
    "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
    "\\": "\\", "'": "'", '"': '"',
}  # fmt: skip


def _alnum(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c == "_")


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, or raise PromQLError at the first bad character."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise PromQLError(
            f"expression is {len(text)} characters long; at most {MAX_EXPRESSION_LENGTH}"
        )
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'`":
            tok, i = _string(text, i)
            tokens.append(tok)
        elif c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit()):
            tok, i = _number(text, i)
            tokens.append(tok)
        elif c.isascii() and (c.isalpha() or c == "_"):
            m = _IDENT.match(text, i)
            assert m is not None
            tokens.append(Token("IDENT", m.group(), i))
            i = m.end()
        else:
            op = next((o for o in _BY_FIRST.get(c, ()) if text.startswith(o, i)), None)
            if op is not None:
                tokens.append(Token("OP", op, i))
                i += len(op)
            elif c in _PUNCT:
                tokens.append(Token(c, c, i))
                i += 1
            elif c == "!":
                raise PromQLError("unexpected character after '!': use != or !~", text, i)
            else:
                raise PromQLError(f"unexpected character {c!r}", text, i)
    tokens.append(Token("EOF", "", n))
    return tokens


def _number(text: str, i: int) -> tuple[Token, int]:
    d = _DURATION.match(text, i)
    if d is not None and not (d.end() < len(text) and _alnum(text[d.end()])):
        return Token("DURATION", d.group(), i), d.end()
    m = _NUMBER.match(text, i)
    assert m is not None
    end = m.end()
    if end < len(text) and (_alnum(text[end]) or text[end] == "."):
        j = end
        while j < len(text) and (_alnum(text[j]) or text[j] == "."):
            j += 1
        raise PromQLError(f"bad number or duration syntax: {text[i:j]!r}", text, i)
    return Token("NUMBER", m.group(), i), end


class _Text:
    """The decoded text of a string literal; \\x and octal escapes are bytes, as in Go."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.raw = bytearray()

    def add(self, text: str) -> None:
        self.flush()
        self.out.append(text)

    def flush(self) -> None:
        if self.raw:
            self.out.append(self.raw.decode("utf-8", "surrogateescape"))
            self.raw.clear()

    def value(self) -> str:
        self.flush()
        return "".join(self.out)


def _string(text: str, start: int) -> tuple[Token, int]:
    quote = text[start]
    i = start + 1
    decoded = _Text()
    while i < len(text):
        c = text[i]
        if c == quote:
            return Token("STRING", text[start : i + 1], start, decoded.value()), i + 1
        if quote != "`" and c == "\n":
            break
        if quote == "`" or c != "\\":
            decoded.add(c)
            i += 1
        elif i + 1 < len(text):
            i = _escape(text, i + 1, quote, decoded)
        else:
            break
    raise PromQLError("unterminated quoted string", text, start)


def _escape(text: str, i: int, quote: str, decoded: _Text) -> int:
    """Decode the escape whose letter is at ``i``; returns the index after it."""
    e = text[i]
    if e in _ESCAPES and (e not in "'\"" or e == quote):
        decoded.add(_ESCAPES[e])
        return i + 1
    if e not in "xuU01234567":
        raise PromQLError(f"unknown escape sequence '\\{e}' in string", text, i - 1)
    size = {"x": 2, "u": 4, "U": 8}.get(e, 3)
    digits = text[i + 1 : i + 1 + size] if e in "xuU" else text[i : i + 3]
    base = 8 if e.isdigit() else 16
    allowed = "01234567" if base == 8 else "0123456789abcdefABCDEF"
    ok = len(digits) == size and all(ch in allowed for ch in digits)
    code = int(digits, base) if ok else -1
    if not ok or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        raise PromQLError(f"invalid escape sequence in string: \\{e}{digits}", text, i - 1)
    if e in "uU":
        decoded.add(chr(code))
    elif code > 0xFF:
        raise PromQLError(f"octal escape value > 255: \\{digits}", text, i - 1)
    else:
        decoded.raw.append(code)
    return i + size + (1 if e in "xuU" else 0)
