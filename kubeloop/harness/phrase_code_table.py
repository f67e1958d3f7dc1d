"""Write phrase_code.txt: every step library phrase's compiled code and its typed outline's
(phrase_code.py reads them).

``python -m kubeloop.harness.phrase_code_table > kubeloop/harness/phrase_code.txt`` after a
phrase or a parameter type changes (tests/harness/test_phrase_code.py fails until then).
A phrase's code is what ``shared_types.compile_phrase`` writes, each type's code filed once
(a ``T`` line) and its place in the phrase's own code noted; a phrase that does not share
its types' code, and every typed outline, is compiled by ``re``'s own compiler.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections.abc import Iterator
from typing import Any

from kubeloop.harness.outlines import typed
from kubeloop.harness.patterns import cased_classes
from kubeloop.harness.phrase_code import key, version
from kubeloop.harness.registry import REGISTRY, STEP_LIBRARY, load_step_library
from kubeloop.harness.shared_types import Written, shared_code

_IGNORECASE = int(re.IGNORECASE)
"""``patterns.compile_source``'s flag, as re's compiler takes it."""
_parser: Any = importlib.import_module("re._parser")
_compiler: Any = importlib.import_module("re._compiler")


def forms() -> list[tuple[str, str, dict[str, str]]]:
    """Every library phrase's pattern, its regex source and its parameters' types, in the
    order of registration (a team's phrases registered beside them left out)."""
    load_step_library()
    return [
        (pattern, source, definition.form_kinds(form))
        for definition in REGISTRY.definitions
        if definition.function.__module__.startswith(f"{STEP_LIBRARY}.")
        for form, (pattern, source) in enumerate(
            zip(definition.patterns, definition.sources, strict=True)
        )
    ]


def lines() -> Iterator[str]:
    """The table's lines: a header, the types' code, the phrases' code and their typed
    outlines' (the same library writes the same table)."""
    types: dict[str, tuple[int, list[int]]] = {}
    written: dict[str, str] = {}
    for pattern, source, kinds in forms():
        phrase = shared_code(source, kinds) or _plain(cased_classes(source))
        written.setdefault(f"P{key(source)}", _line(phrase, types))
        outline = typed(pattern, source)
        spelt = "-" if outline is None else _line(_plain(cased_classes(outline)), types, True)
        written.setdefault("O" + key(f"{pattern}\n{source}"), spelt)
    yield "# Every library phrase's compiled code: python -m kubeloop.harness.phrase_code_table"
    yield f"version {version()}"
    for _, code in types.values():
        yield "T " + json.dumps([int(item) for item in code], separators=(",", ":"))
    for name, line in written.items():
        yield f"{name} {line}"


def _line(written: Written, types: dict[str, tuple[int, list[int]]], spelt: bool = False) -> str:
    """A phrase's or an outline's line after its name: flags, groups, named groups, where
    each type's code goes (a place in the pattern's own code and the type's ``T`` line,
    counted from 0, the type filed in ``types`` at its first phrase), its own code, and
    where ``spelt`` its source (an outline's: a phrase's is the source its key is of)."""
    own: list[int] = []
    places: list[list[int]] = []
    position = 0
    for start, length, regex in written.spliced:
        own += written.code[position:start]
        index, _ = types.setdefault(regex, (len(types), written.code[start : start + length]))
        places.append([len(own), index])
        position = start + length
    own += written.code[position:]
    items = [written.flags, written.groups, written.names, places, [int(item) for item in own]]
    if spelt:
        items.append(written.source)
    return json.dumps(items, separators=(",", ":"))


def _plain(source: str) -> Written:
    """What ``re.compile(source, re.IGNORECASE)`` compiles, written by ``re``'s own
    compiler."""
    tree = _parser.parse(source, _IGNORECASE)
    code = _compiler._code(tree, _IGNORECASE)
    flags = tree.state.flags | _IGNORECASE
    return Written(source, flags, code, tree.state.groups, dict(tree.state.groupdict), ())


if __name__ == "__main__":
    sys.stdout.write("".join(f"{line}\n" for line in lines()))
