"""The step library's phrases' compiled code, read off a table written ahead of time.

A phrase's regex and its typed outline's are compiled at their first use
(shared_types.py, definitions.py), and a check's first lines pay for hundreds of them:
reading each regex and writing its code, in Python. The code depends on nothing but the
regex, so ``python -m kubeloop.harness.phrase_code_table`` writes every library phrase's
code and its typed outline's once into phrase_code.txt (kept in the repository, like
docs/steps.md), and ``held`` and ``held_outline`` make a pattern of a line. A line is
found by a digest of what it was made of (the regex source; the pattern and its source),
so a phrase not in the table (a team's, one edited since the table was written) is not
found and is compiled the plain way. The code is CPython's ``re`` code, so the table is
read only on the Python ``regex_runs.HELD_EQUAL`` names whose ``re`` has the table's code
version. tests/harness/test_phrase_code.py holds the table fresh (written again, it is the
same) and each of its patterns equal to the plain compile's.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from kubeloop.harness import regex_runs
from kubeloop.harness.patterns import cased_classes

TABLE = Path(__file__).with_name("phrase_code.txt")
"""The table: a header, each type's code (``T`` lines), each phrase's (``P`` lines) and
each phrase's typed outline (``O`` lines, ``-`` where it has none)."""


def key(source: str) -> str:
    """The table's name for a phrase's regex source (a digest of its every character)."""
    return hashlib.blake2b(source.encode(), digest_size=12).hexdigest()


try:
    _sre: Any = importlib.import_module("_sre")
except ImportError:
    _sre = None


def version() -> str:
    """The code version the table is written for: the Python's, and its ``re``'s."""
    python = f"{sys.implementation.name} {sys.version_info[0]}.{sys.version_info[1]}"
    return f"{python} {getattr(_sre, 'MAGIC', None)}"


class _Table:
    """The table's lines, each decoded at its first use."""

    def __init__(self, text: str) -> None:
        self.types: list[str | list[int]] = []
        self.lines: dict[str, str] = {}
        for line in text.splitlines()[2:]:
            if line.startswith("T "):
                self.types.append(line[2:])
            else:
                name, _, rest = line.partition(" ")
                self.lines[name] = rest

    def type_code(self, index: int) -> list[int]:
        """Type ``index``'s code, decoded once."""
        code = self.types[index]
        if isinstance(code, str):
            code = self.types[index] = json.loads(code)
        return code

    def made(self, line: list[Any], source: str) -> re.Pattern[str]:
        """The pattern of a phrase's or an outline's line, decoded (``source``: its regex,
        cased): its flags, groups, named groups, where each type's code goes in its own
        code (a place and a type), its own code."""
        flags, groups, names, places, own = line[:5]
        code, position = [], 0
        for start, index in places:
            code += own[position:start]
            code += self.type_code(index)
            position = start
        code += own[position:]
        return regex_runs.made(source, flags, code, groups, names)


@functools.cache
def _table() -> _Table | None:
    """The table, read at its first need (None: none, or written for another ``re``)."""
    return _read()


def _read() -> _Table | None:
    """The table file read, or None where it is missing or for another code version."""
    if not regex_runs.HELD_EQUAL or not TABLE.is_file():
        return None
    text = TABLE.read_text(encoding="ascii")
    header = text.split("\n", 2)[1:2]
    if header != [f"version {version()}"]:
        return None
    return _Table(text)


def held(source: str) -> re.Pattern[str] | None:
    """``patterns.compile_source(source)`` made of the table's code for ``source``, or None
    where the table has none."""
    table = _table()
    line = None if table is None else table.lines.get(f"P{key(source)}")
    if table is None or line is None:
        return None
    return table.made(json.loads(line), cased_classes(source))


def held_outline(pattern: str, full: str) -> tuple[re.Pattern[str] | None] | None:
    """``pattern``'s typed outline regex as ``StepDefinition`` compiles it (``full``: its
    full regex source), off the table: in a tuple, None there where the pattern has none;
    None where the table does not hold the pattern."""
    table = _table()
    name = "O" + key(f"{pattern}\n{full}")
    line = None if table is None else table.lines.get(name)
    if table is None or line is None:
        return None
    if line == "-":
        return (None,)
    decoded = json.loads(line)
    return (table.made(decoded, decoded[5]),)
