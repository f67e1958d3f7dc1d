"""A phrase's own words (shared_types.py: its regex with each parameter a marker) parsed
into the tree ``re``'s own parser gives, reading a run of plain words at once, and that
tree's code generated as ``re``'s generator writes it, each character's code made once.

``re._parser.parse`` reads a pattern one character at a time in Python, and a phrase's own
words are long runs of plain characters (a choice of fifty verbs, a sentence) between a
few brackets. ``patterns.translate`` writes them in a small part of the regex language:
escaped or plain characters, ``(?:`` … ``)``, ``(?P<name>`` … ``)``, ``|`` and a ``?``
after a closing bracket. This reads exactly that part, building the tree as ``re``'s
parser does (the same alternatives' common starts taken out, the same single characters
made a set, the same non-capturing groups unpacked into their parent), each run of
characters in one step; anything else it leaves to ``re`` (``words`` answers None).
``generate`` writes the tree's code as ``re._compiler._compile`` does, its characters'
code (a letter matched in any case) remembered, its choices and optional parts walked
here and everything else handed to ``re`` item by item (its code is its items' in turn).
tests/harness/test_phrase_words.py holds its trees and code to ``re``'s on every phrase of
the library and on made-up ones.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

try:
    _parser: Any = importlib.import_module("re._parser")
    _constants: Any = importlib.import_module("re._constants")
    _compiler: Any = importlib.import_module("re._compiler")
except ImportError:  # another Python than CPython 3.11 or later
    _parser = _constants = _compiler = None

_TOKEN = re.compile(
    r"(?P<run>(?:[^\\.\[{()*+?^$|]|\\[^A-Za-z0-9])+)"
    r"|(?P<open>\((?:\?:|\?P<(?P<name>[A-Za-z_][A-Za-z0-9_]*)>))"
    r"|(?P<close>\)\?(?![?+])|\)(?![?*+{]))"
    r"|(?P<bar>\|)",
    re.DOTALL,
)
"""One of the words' parts: a run of plain or escaped characters, a group's opening, its
closing (with the ``?`` of an optional part) or a bar between alternatives."""


class _Unread(Exception):
    """The words leave the part of the language this reads (``re`` reads them instead)."""


def words(source: str, flags: int) -> Any:
    """``re._parser.parse(source, flags)``'s tree, or None where ``source`` leaves the
    part of the language ``translate`` writes (or this Python's ``re`` is another)."""
    if _parser is None:
        return None
    if "\0" in source:
        return None
    literal = _constants.LITERAL
    tokens: list[tuple[str, Any]] = []
    position = 0
    while position < len(source):
        found = _TOKEN.match(source, position)
        if found is None:
            return None
        kind = found.lastgroup if found.lastgroup != "name" else "open"
        if kind == "run":
            said = found.group()
            if "\\" in said:  # (an escaped backslash first, so its second is not an escape)
                said = said.replace("\\\\", "\0").replace("\\", "").replace("\0", "\\")
            tokens.append(("run", [(literal, ord(c)) for c in said]))
        elif kind == "open":
            tokens.append(("open", found.group("name")))
        else:
            tokens.append((found.group(), None))
        position = found.end()
    state = _parser.State()
    state.flags = flags
    state.str = source
    try:
        end, tree = _alternatives(tokens, 0, state)
    except (_Unread, _parser.error):  # (a name twice: re says so, reading it again)
        return None
    if end != len(tokens):
        return None
    tree.state.flags = _parser.fix_flags(source, tree.state.flags)
    return tree


def _alternatives(tokens: list[tuple[str, Any]], position: int, state: Any) -> tuple[int, Any]:
    """``re._parser._parse_sub``: the alternatives from ``position`` to a closing bracket
    or the end, and where they end."""
    items = []
    while True:
        position, item = _sequence(tokens, position, state)
        items.append(item)
        if position < len(tokens) and tokens[position][0] == "|":
            position += 1
            continue
        break
    if len(items) == 1:
        return position, items[0]
    tree = _parser.SubPattern(state)
    while True:  # (every alternative's common first item, taken out of the branch)
        prefix = None
        for item in items:
            if not item:
                break
            if prefix is None:
                prefix = item[0]
            elif item[0] != prefix:
                break
        else:
            for item in items:
                del item[0]
            tree.append(prefix)
            continue
        break
    members = []
    for item in items:  # (single characters: a set)
        if len(item) != 1:
            break
        op, av = item[0]
        if op is _constants.LITERAL:
            members.append((op, av))
        elif op is _constants.IN and av[0][0] is not _constants.NEGATE:
            members.extend(av)
        else:
            break
    else:
        tree.append((_constants.IN, _parser._uniq(members)))
        return position, tree
    tree.append((_constants.BRANCH, (None, items)))
    return position, tree


def _sequence(tokens: list[tuple[str, Any]], position: int, state: Any) -> tuple[int, Any]:
    """``re._parser._parse``: the items from ``position`` to a bar, a closing bracket or
    the end, and where they end."""
    tree = _parser.SubPattern(state)
    data = tree.data
    unpacked = []
    while position < len(tokens):
        kind, value = tokens[position]
        if kind == "run":
            data.extend(value)
            position += 1
            continue
        if kind != "open":
            break
        group = None if value is None else state.opengroup(value)
        position, inner = _alternatives(tokens, position + 1, state)
        if position >= len(tokens) or tokens[position][0] not in (")", ")?"):
            raise _Unread
        closing = tokens[position][0]
        position += 1
        if group is not None:
            state.closegroup(group, inner)
        data.append((_constants.SUBPATTERN, (group, 0, 0, inner)))
        if closing == ")?":
            item = inner if group is None else tree[-1:]
            data[-1] = (_constants.MAX_REPEAT, (0, 1, item))
        elif group is None:
            unpacked.append(len(data) - 1)
    for index in reversed(unpacked):  # (non-capturing groups unpacked, as re does)
        data[index : index + 1] = data[index][1][3].data
    return position, tree


_CHARACTERS: dict[int, dict[int, tuple[int, ...]]] = {}
"""Each character's code, by the flags and the character: what ``re`` writes for it."""


def generate(code: list[int], tree: Any, flags: int) -> None:
    """``re._compiler._compile(code, tree, flags)``: ``tree``'s code (a parsed tree's
    items) written into ``code``."""
    emit = code.append
    characters = _CHARACTERS.setdefault(flags, {})
    literal = _constants.LITERAL
    for op, av in tree.data if isinstance(tree, _parser.SubPattern) else tree:
        if op is literal:
            written = characters.get(av)
            if written is None:
                made: list[int] = []
                _compiler._compile(made, [(op, av)], flags)
                written = characters[av] = tuple(made)
            code.extend(written)
        elif op is _constants.BRANCH:
            emit(op)
            tails = []
            for alternative in av[1]:
                skip = len(code)
                emit(0)
                generate(code, alternative, flags)
                emit(_constants.JUMP)
                tails.append(len(code))
                emit(0)
                code[skip] = len(code) - skip
            emit(_constants.FAILURE)
            for tail in tails:
                code[tail] = len(code) - tail
        elif op is _constants.MAX_REPEAT:
            start, middle, one = _compiler._REPEATING_CODES[op]
            simple = _compiler._simple(av[2])
            emit(one if simple else start)
            skip = len(code)
            emit(0)
            emit(av[0])
            emit(av[1])
            generate(code, av[2], flags)
            if simple:
                emit(_constants.SUCCESS)
            code[skip] = len(code) - skip
            if not simple:
                emit(middle)
        else:
            _compiler._compile(code, [(op, av)], flags)
