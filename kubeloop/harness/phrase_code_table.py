"""Write phrase_code.txt: every step library phrase's compiled code (phrase_code.py reads it).

``python -m kubeloop.harness.phrase_code_table > kubeloop/harness/phrase_code.txt`` after a
phrase or a parameter type changes (tests/harness/test_phrase_code.py fails until then).
Each phrase's code is what ``shared_types.compile_phrase`` writes, each type's code filed
once (a ``T`` line) and its place in the phrase's own code noted; a
phrase that does not share its types' code is compiled by ``re``'s own compiler.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from typing import Any

from kubeloop.harness.patterns import cased_classes
from kubeloop.harness.phrase_code import key, version
from kubeloop.harness.registry import REGISTRY, load_step_library
from kubeloop.harness.shared_types import Written, shared_code

_IGNORECASE = int(re.IGNORECASE)
"""``patterns.compile_source``'s flag, as re's compiler takes it."""
_parser: Any = importlib.import_module("re._parser")
_compiler: Any = importlib.import_module("re._compiler")


def sources() -> dict[str, dict[str, str]]:
    """Every library phrase's regex source and its parameters' types, in the order of
    registration."""
    load_step_library()
    found: dict[str, dict[str, str]] = {}
    for definition in REGISTRY.definitions:
        for form, source in enumerate(definition.sources):
            found.setdefault(source, definition.form_kinds(form))
    return found


def lines() -> Iterator[str]:
    """The table's lines: a header, the types' code, the phrases' code (the same library
    writes the same table)."""
    types: dict[str, tuple[int, list[int]]] = {}
    phrases = [
        f"P {key(source)} {_line(shared_code(source, kinds) or _plain(source), types)}"
        for source, kinds in sources().items()
    ]
    yield "# Every library phrase's compiled code: python -m kubeloop.harness.phrase_code_table"
    yield f"version {version()}"
    for _, code in types.values():
        yield "T " + " ".join(str(int(item)) for item in code)
    yield from phrases


def _line(written: Written, types: dict[str, tuple[int, list[int]]]) -> str:
    """A phrase's line after its name: flags, groups, named groups, where each type's code
    goes (a place in the phrase's own code and the type's ``T`` line, counted from 0, the
    type filed in ``types`` at its first phrase), the phrase's own code."""
    own: list[int] = []
    places: list[str] = []
    position = 0
    for start, length, regex in written.spliced:
        own += written.code[position:start]
        index, _ = types.setdefault(regex, (len(types), written.code[start : start + length]))
        places.append(f"{len(own)}:{index}")
        position = start + length
    own += written.code[position:]
    named = ",".join(f"{name}={index}" for name, index in written.names.items()) or "-"
    code = " ".join(str(int(item)) for item in own)
    return f"{written.flags} {written.groups} {named} {','.join(places) or '-'} {code}"


def _plain(source: str) -> Written:
    """What ``patterns.compile_source(source)`` compiles, written by ``re``'s own compiler."""
    full = cased_classes(source)
    tree = _parser.parse(full, _IGNORECASE)
    code = _compiler._code(tree, _IGNORECASE)
    flags = tree.state.flags | _IGNORECASE
    return Written(full, flags, code, tree.state.groups, dict(tree.state.groupdict), ())


if __name__ == "__main__":
    sys.stdout.write("".join(f"{line}\n" for line in lines()))
