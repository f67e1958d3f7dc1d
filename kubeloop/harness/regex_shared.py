"""A regex's groups read once and shared, with their code, wherever the same words stand.

The parameter types and the phrases say the same names, commits, numbers and lists in
many places (a name's regex stands in dozens of types; a list of facts holds its fact
twice; one type holds another whole). A group nothing in captures reads the same wherever
it stands: what ``re``'s parser reads of it is its words' alone, and the code ``re``'s
generator writes for it holds no place outside it (every jump and skip is counted from
where it stands). So regex_runs.py reads each such group once, keeps its item by its
words (``GROUPS``) and puts the same item wherever the words stand again, and writes the
code of each kept item's parts once per flags (``SHARED``). The items are never changed
once read: ``re``'s generator only reads them. One thing reads otherwise in a shared
tree: ``re`` takes out the first item every alternative shares when the items are equal,
and an item that holds a subtree equals no other in a tree ``re`` reads afresh (each
subtree is new), while a shared one would equal itself; the reader never takes such an
item out (``COMPOUND``). tests/harness/test_regex_runs.py holds every phrase, type,
outline and made-up regex to ``re``'s, read with the groups shared and with none kept.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

try:
    _constants: Any = importlib.import_module("re._constants")
    COMPOUND: frozenset[Any] = frozenset(
        {
            _constants.BRANCH,
            _constants.SUBPATTERN,
            _constants.ATOMIC_GROUP,
            _constants.ASSERT,
            _constants.ASSERT_NOT,
            _constants.MIN_REPEAT,
            _constants.MAX_REPEAT,
            _constants.POSSESSIVE_REPEAT,
        }
    )
except (ImportError, AttributeError):  # (another Python: regex_runs stands down)
    _constants = None
    COMPOUND = frozenset()
"""The items that hold a subtree (their code is worth writing once)."""

_BRACKET = re.compile(r"(?:[^()\\\[]++|\\.|\[\^?\]?(?:\\.|[^\]\\])*\])*+([()])", re.DOTALL)
"""The next bracket, past plain characters, escapes and classes."""
_CAPTURING = re.compile(r"\((?!\?)|\(\?P")
"""A group that captures or names one, or refers to one (its reading depends on the
groups before it): such words are never shared."""

GROUPS: dict[str, Any] = {}
"""Each group's item as read, by its words (the group's opening to its closing bracket)."""
SHARED: dict[int, tuple[Any, dict[int, tuple[int, ...]]]] = {}
"""The code of each kept item's parts, by the part's identity (the part kept with it, so
no other object takes its identity) and the flags it is written under."""
MOST = 8192
"""How many groups are kept at most (then all are forgotten): a few thousand are said
by the library's types, phrases, outlines and rules."""


def ends(source: str) -> dict[int, int]:
    """Where each group of ``source`` ends (past its closing bracket), by where it opens:
    brackets paired as the reader pairs them, escaped ones and those in classes aside (a
    pairing the reader does not follow only means the words are not found kept)."""
    opened: list[int] = []
    found: dict[int, int] = {}
    for token in _BRACKET.finditer(source):
        if token.group(1) == "(":
            opened.append(token.start(1))
        elif opened:
            found[opened.pop()] = token.end(1)
    return found


def capturing(said: str) -> bool:
    """Whether a group's words (from its opening) hold a group that may capture, be
    named or refer to one."""
    return _CAPTURING.search(said, 1) is not None


def unpacked(item: Any) -> bool:
    """Whether a group's item is a plain non-capturing group (its items stand in its
    parent, as ``re`` unpacks it)."""
    op, av = item
    return op is _constants.SUBPATTERN and av[0] is None and not av[1] and not av[2]


def keep(said: str, item: Any) -> None:
    """A group's item kept by its words (``said``, read to its closing bracket and no
    further), and the parts its code is written from marked as shared: a plain group's
    items, else the item's own."""
    if len(GROUPS) >= MOST:
        GROUPS.clear()
        SHARED.clear()
    GROUPS[said] = item
    av = item[1]
    parts = [a for o, a in av[3].data if o in COMPOUND] if unpacked(item) else [av]
    for part in parts:
        SHARED.setdefault(id(part), (part, {}))


def forget() -> None:
    """Keep nothing (every group is read afresh, as ``re`` reads it)."""
    GROUPS.clear()
    SHARED.clear()
