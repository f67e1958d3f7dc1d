"""A regex parsed into the tree ``re``'s own parser gives and its code generated as
``re``'s generator writes it, each run of plain characters read at once and each
character's code made once.

``re._parser`` reads a pattern one character at a time in Python, and ``re._compiler``
writes each character's code the same way, so compiling costs in proportion to the
source. The phrases' regexes and their types' are mostly runs of plain words (a choice of
fifty verbs, a list of nouns) between a few brackets. ``parse`` reads the language they
are written in (characters, escapes, classes, ``.``, ``^``, ``$``, repeats, groups
capturing or not, local flags, atomic groups, lookarounds, ``|``) as ``re``'s parser
does, building the same tree (alternatives' common starts taken out, single characters
made a set, non-capturing groups unpacked into their parent), a class read by ``re``
itself; anything else (verbose or global flags, backreferences, conditionals, a class
``re`` warns about) it leaves to ``re`` (None). ``generate`` writes a tree's code as
``re._compiler._compile`` does, its characters' code remembered, its choices and repeats
walked here and everything else handed to ``re`` item by item (its code is its items' in
turn). A group nothing in captures is read once and its item and code shared wherever
its words stand again (regex_shared.py). tests/harness/test_regex_runs.py holds both to
``re``'s on every phrase of the library, every type, every typed outline and made-up
regexes.
"""

from __future__ import annotations

import importlib
import re
import sys
import warnings
from typing import Any

from kubeloop.harness import regex_shared

HELD_EQUAL = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)
"""True on the Python whose ``re`` internals this is held equal to (CI's, where
tests/harness/test_regex_runs.py runs): those internals are private and change between
versions, so on any other Python ``re`` compiles everything itself."""

try:
    _parser: Any = importlib.import_module("re._parser")
    _constants: Any = importlib.import_module("re._constants")
    _compiler: Any = importlib.import_module("re._compiler")
    _sre: Any = importlib.import_module("_sre")
except ImportError:
    _parser = _constants = _compiler = _sre = None
if not HELD_EQUAL:
    _parser = _constants = _compiler = _sre = None

_RUN = re.compile(r"(?:[^\\.\[{()*+?^$|]|\\[^A-Za-z0-9])+", re.DOTALL)
"""Plain characters and escaped signs: each is one character in the tree."""
_CLASS = re.compile(r"\[\^?\]?(?:\\.|[^\]\\])*\]", re.DOTALL)
"""A class, to its first closing bracket after a member (re reads it)."""
_COUNTS = re.compile(r"\{([0-9]*)(,([0-9]*))?\}")
"""A repeat's counts ("{2}", "{1,3}", "{,4}")."""
_GROUP = re.compile(r"\((?:\?(?::|P<([^>]*)>|>|=|!|<=|<!|([ims]*)(?:-([ims]+))?:))?")
"""A group's opening: plain, non-capturing, named, atomic, a lookaround, local flags."""


class _Unread(Exception):
    """The source leaves the language this reads (``re`` reads it instead)."""


def parse(source: str, flags: int, shared: bool = True) -> Any:
    """``re._parser.parse(source, flags)``'s tree, or None where ``source`` leaves the
    language this reads (or this Python's ``re`` is another); ``shared``: each group read
    before put as it was read (regex_shared.py), else every group read afresh."""
    if _parser is None or "\0" in source or flags & _constants.SRE_FLAG_VERBOSE:
        return None
    state = _parser.State()
    state.flags = flags
    state.str = source
    reader = _Reader(source, state, shared)
    try:
        tree = reader.alternatives()
    except (_Unread, _parser.error, OverflowError):  # (re says what is wrong, reading it)
        return None
    if reader.position != len(source):
        return None
    tree.state.flags = _parser.fix_flags(source, tree.state.flags)
    return tree


def _class(source: str) -> Any:
    """A class's item as re reads it alone (as it reads it anywhere), read once; a class
    re warns about (a set operation it may read another way one day) is left to re."""
    read = _CLASSES.get(source)
    if read is None:
        if len(_CLASSES) >= _MOST:
            _CLASSES.clear()
        with warnings.catch_warnings():
            warnings.simplefilter("error", FutureWarning)
            try:
                items = _parser.parse(source).data
            except FutureWarning:
                raise _Unread from None
        if len(items) != 1:
            raise _Unread
        read = _CLASSES[source] = items[0]
    op, av = read
    return (op, list(av)) if isinstance(av, list) else read


_CLASSES: dict[str, Any] = {}
_MOST = 4096
"""How many classes' items are kept at most (the library's types say a few hundred)."""


class _Reader:
    """``re._parser``'s reading of one source, from ``position`` on."""

    def __init__(self, source: str, state: Any, shared: bool) -> None:
        self.source = source
        self.state = state
        self.position = 0
        self.shared = shared
        self._ends: dict[int, int] | None = None

    def alternatives(self) -> Any:
        """``re._parser._parse_sub``: the alternatives to a closing bracket or the end."""
        items = [self.sequence()]
        while self.source.startswith("|", self.position):
            self.position += 1
            items.append(self.sequence())
        if len(items) == 1:
            return items[0]
        tree = _parser.SubPattern(self.state)
        while True:  # (every alternative's common first item, taken out of the branch)
            prefix = None
            for item in items:
                if not item:
                    break
                if prefix is None:
                    prefix = item[0]
                elif item[0] != prefix or prefix[0] in regex_shared.COMPOUND:
                    break  # (re's items that hold a subtree are never equal: each is new)
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
            return tree
        tree.append((_constants.BRANCH, (None, items)))
        return tree

    def sequence(self) -> Any:
        """``re._parser._parse``: the items to a bar, a closing bracket or the end."""
        source = self.source
        tree = _parser.SubPattern(self.state)
        data = tree.data
        unpacked: list[int] = []
        literal = _constants.LITERAL
        while self.position < len(source):
            run = _RUN.match(source, self.position)
            if run is not None:
                said = run.group()
                if "\\" in said:  # (an escaped backslash first: its second is no escape)
                    said = said.replace("\\\\", "\0").replace("\\", "").replace("\0", "\\")
                data.extend([(literal, ord(c)) for c in said])
                self.position = run.end()
                continue
            char = source[self.position]
            if char in "|)":
                break
            if char in "*+?{":
                self._repeat(tree, unpacked)
            elif char == "(":
                self._group(data, unpacked)
            else:
                data.append(self._unit(char))
        for index in reversed(unpacked):  # (non-capturing groups unpacked, as re does)
            data[index : index + 1] = data[index][1][3].data
        return tree

    def _unit(self, char: str) -> Any:
        """An escape that is no plain character, a class, ``.``, ``^`` or ``$``."""
        if char == "\\":
            escape = self.source[self.position : self.position + 2]
            code = _parser.CATEGORIES.get(escape) or _parser.ESCAPES.get(escape)
            if code is None:
                raise _Unread  # (a backreference, a code point: re reads them)
            self.position += 2
            return code
        if char == "[":
            found = _CLASS.match(self.source, self.position)
            if found is None:
                raise _Unread
            self.position = found.end()
            return _class(found.group())
        self.position += 1
        if char == ".":
            return (_constants.ANY, None)
        if char == "^":
            return (_constants.AT, _constants.AT_BEGINNING)
        return (_constants.AT, _constants.AT_END)

    def _repeat(self, tree: Any, unpacked: list[int]) -> None:
        """The last item repeated (``re._parser._parse``'s repeat), or a plain "{"."""
        source, data = self.source, tree.data
        char = source[self.position]
        if char == "{":
            counts = _COUNTS.match(source, self.position)
            if counts is None or counts.group() == "{}":
                data.append((_constants.LITERAL, ord("{")))
                self.position += 1
                return
            low, comma, high = counts.group(1), counts.group(2), counts.group(3)
            least = int(low) if low else 0
            most = (int(high) if high else _constants.MAXREPEAT) if comma else least
            if not low and not comma:
                most = _constants.MAXREPEAT
            if least >= _constants.MAXREPEAT or (comma and high and most >= _constants.MAXREPEAT):
                raise _Unread
            if most < least:
                raise _Unread
            self.position = counts.end()
        else:
            least = 1 if char == "+" else 0
            most = 1 if char == "?" else _constants.MAXREPEAT
            self.position += 1
        if not data or data[-1][0] is _constants.AT or data[-1][0] in _parser._REPEATCODES:
            raise _Unread
        item = tree[-1:]
        op, av = data[-1]
        if op is _constants.SUBPATTERN and av[0] is None and not av[1] and not av[2]:
            item = av[3]
        if unpacked and unpacked[-1] == len(data) - 1:
            unpacked.pop()
        kind = _constants.MAX_REPEAT
        if source.startswith("?", self.position):
            kind = _constants.MIN_REPEAT
            self.position += 1
        elif source.startswith("+", self.position):
            kind = _constants.POSSESSIVE_REPEAT
            self.position += 1
        data[-1] = (kind, (least, most, item))

    def _group(self, data: list[Any], unpacked: list[int]) -> None:
        """A group: capturing (named or not), non-capturing, atomic, a lookaround, or with
        local flags."""
        found = _GROUP.match(self.source, self.position)
        opening = found.group() if found is not None else ""
        if found is None or (opening.startswith("(?") and len(opening) < 3):
            raise _Unread
        start = self.position
        said = None
        if self.shared and opening != "(" and found.group(1) is None:
            said = self._said(start)
        if said is not None:
            item = regex_shared.GROUPS.get(said)
            if item is not None:  # (the same words read before: the same item, shared)
                self.position = start + len(said)
                self._put(data, unpacked, item)
                return
        self._read_group(data, unpacked, found)
        if said is not None and self.position == start + len(said):
            regex_shared.keep(said, data[-1])

    def _said(self, start: int) -> str | None:
        """The group opening at ``start`` to its closing bracket, when nothing in it may
        capture (then its reading is its words' alone, wherever they stand); None else."""
        if self._ends is None:
            self._ends = regex_shared.ends(self.source)
        end = self._ends.get(start)
        if end is None:
            return None
        said = self.source[start:end]
        return None if regex_shared.capturing(said) else said

    @staticmethod
    def _put(data: list[Any], unpacked: list[int], item: Any) -> None:
        """A group's item appended; a plain non-capturing group's to be unpacked."""
        data.append(item)
        if regex_shared.unpacked(item):
            unpacked.append(len(data) - 1)

    def _read_group(self, data: list[Any], unpacked: list[int], found: re.Match[str]) -> None:
        """A group read from its opening (``found``) on."""
        state = self.state
        opening = found.group()
        self.position = found.end()
        name, added, dropped = found.group(1), found.group(2), found.group(3)
        if opening in ("(?=", "(?!", "(?<=", "(?<!"):
            behind = opening.startswith("(?<")
            before = state.lookbehindgroups
            if behind and before is None:
                state.lookbehindgroups = state.groups
            inner = self._closed()
            if behind and before is None:
                state.lookbehindgroups = None
            op = _constants.ASSERT if opening[-1] == "=" else _constants.ASSERT_NOT
            data.append((op, (-1 if behind else 1, inner)))
            return
        if opening == "(?>":
            data.append((_constants.ATOMIC_GROUP, self._closed()))
            return
        add = sum(_parser.FLAGS[c] for c in set(added or ""))
        remove = sum(_parser.FLAGS[c] for c in set(dropped or ""))
        if add & remove:
            raise _Unread
        if name is not None and not name.isidentifier():
            raise _Unread
        group = state.opengroup(name) if opening == "(" or name is not None else None
        inner = self._closed()
        if group is not None:
            state.closegroup(group, inner)
        self._put(data, unpacked, (_constants.SUBPATTERN, (group, add, remove, inner)))

    def _closed(self) -> Any:
        """A group's alternatives and its closing bracket."""
        inner = self.alternatives()
        if not self.source.startswith(")", self.position):
            raise _Unread
        self.position += 1
        return inner


_CHARACTERS: dict[int, dict[int, tuple[int, ...]]] = {}
"""Each character's code, by the flags and the character: what ``re`` writes for it."""


def generate(code: list[int], tree: Any, flags: int) -> None:
    """``re._compiler._compile(code, tree, flags)``: ``tree``'s code (a parsed tree or
    its items) written into ``code``."""
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
            continue
        shared = regex_shared.SHARED.get(id(av))
        if shared is None:
            _item(code, op, av, flags)
            continue
        written = shared[1].get(flags)
        if written is None:
            start = len(code)
            _item(code, op, av, flags)
            written = shared[1][flags] = tuple(code[start:])
        else:
            code.extend(written)


def _item(code: list[int], op: Any, av: Any, flags: int) -> None:
    """One item's code (not a character's), as ``re._compiler._compile`` writes it."""
    if op is _constants.BRANCH:
        _branch(code, av, flags)
    elif op in _compiler._REPEATING_CODES:
        _repeated(code, op, av, flags)
    elif op is _constants.SUBPATTERN:
        group, add, remove, inner = av
        if group:
            code.append(_constants.MARK)
            code.append((group - 1) * 2)
        generate(code, inner, _compiler._combine_flags(flags, add, remove))
        if group:
            code.append(_constants.MARK)
            code.append((group - 1) * 2 + 1)
    elif op is _constants.ATOMIC_GROUP or (op in _AHEAD and av[0] >= 0):
        _held(code, op, av, flags)
    else:
        _compiler._compile(code, [(op, av)], flags)


_AHEAD = (
    frozenset() if _constants is None else frozenset({_constants.ASSERT, _constants.ASSERT_NOT})
)
"""A lookaround's ops (a lookahead's code is written here, a lookbehind's by re)."""


def _branch(code: list[int], av: Any, flags: int) -> None:
    """A choice's code, as ``re._compiler._compile`` writes it."""
    code.append(_constants.BRANCH)
    tails = []
    for alternative in av[1]:
        skip = len(code)
        code.append(0)
        generate(code, alternative, flags)
        code.append(_constants.JUMP)
        tails.append(len(code))
        code.append(0)
        code[skip] = len(code) - skip
    code.append(_constants.FAILURE)
    for tail in tails:
        code[tail] = len(code) - tail


def _repeated(code: list[int], op: Any, av: Any, flags: int) -> None:
    """A repeat's code, as ``re._compiler._compile`` writes it."""
    start, middle, one = _compiler._REPEATING_CODES[op]
    simple = _compiler._simple(av[2])
    code.append(one if simple else start)
    skip = len(code)
    code += [0, av[0], av[1]]
    generate(code, av[2], flags)
    if simple:
        code.append(_constants.SUCCESS)
    code[skip] = len(code) - skip
    if not simple:
        code.append(middle)


def _held(code: list[int], op: Any, av: Any, flags: int) -> None:
    """An atomic group's or a lookahead's code, as ``re._compiler._compile`` writes it."""
    code.append(op)
    skip = len(code)
    code.append(0)
    if op is not _constants.ATOMIC_GROUP:
        code.append(0)  # (ahead, not behind)
    generate(code, av if op is _constants.ATOMIC_GROUP else av[1], flags)
    code.append(_constants.SUCCESS)
    code[skip] = len(code) - skip


def compiled(source: str, flags: int) -> re.Pattern[str]:
    """``re.compile(source, flags)``, read by ``parse`` and written by ``generate``."""
    tree = parse(source, flags)
    if tree is None:
        return re.compile(source, flags)
    return assembled(source, tree, tree.state.flags | flags, [])


def assembled(source: str, tree: Any, flags: int, code: list[int]) -> re.Pattern[str]:
    """The pattern of ``tree`` (``source`` parsed), its code written into ``code`` as
    ``re``'s compiler writes it: the info block, the items (``generate``), SUCCESS."""
    finish(code, tree, flags)
    return made(source, flags, code, tree.state.groups, tree.state.groupdict)


def finish(code: list[int], tree: Any, flags: int) -> None:
    """Write ``tree``'s whole code into ``code`` as ``re``'s compiler writes it: the info
    block, the items (``generate``), SUCCESS."""
    _compiler._compile_info(code, tree, flags)
    generate(code, tree.data, flags)
    code.append(_constants.SUCCESS)


def made(
    source: str, flags: int, code: list[int], groups: int, names: dict[str, int]
) -> re.Pattern[str]:
    """The pattern ``re`` makes of ``source``'s finished ``code``, its ``groups`` (the
    whole match counted) and its groups' ``names`` (each name's group)."""
    indexgroup: list[str | None] = [None] * groups
    for name, index in names.items():
        indexgroup[index] = name
    pattern: re.Pattern[str] = _sre.compile(
        source, flags, code, groups - 1, names, tuple(indexgroup)
    )
    return pattern
