"""The library's phrases' code read off phrase_code.txt (kubeloop/harness/phrase_code.py):
the table is what its command writes today, and each pattern it makes is the one the plain
compiler gives (``re.Pattern`` objects are equal only when their source, flags and code
are), its groups and their names too. A phrase the table does not hold is compiled the
plain way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubeloop.harness import phrase_code, phrase_code_table, shared_types
from kubeloop.harness.outlines import typed
from kubeloop.harness.patterns import cased_classes, compile_source, translate
from kubeloop.harness.regex_runs import HELD_EQUAL

pytestmark = pytest.mark.skipif(not HELD_EQUAL, reason="the table is CPython 3.11's re code")

FORMS = phrase_code_table.forms()
SOURCES = {source: kinds for _, source, kinds in FORMS}


def _same(found: re.Pattern[str] | None, plain: re.Pattern[str]) -> bool:
    return (
        found is not None
        and found == plain
        and found.pattern == plain.pattern
        and found.flags == plain.flags
        and found.groups == plain.groups
        and found.groupindex == plain.groupindex
    )


def test_the_table_is_fresh() -> None:
    """Written again, the table is the file (else: python -m kubeloop.harness.phrase_code_table
    > kubeloop/harness/phrase_code.txt)."""
    written = "".join(f"{line}\n" for line in phrase_code_table.lines())
    assert written == phrase_code.TABLE.read_text(encoding="ascii"), (
        "stale: python -m kubeloop.harness.phrase_code_table > kubeloop/harness/phrase_code.txt"
    )


def test_every_library_phrase_is_in_the_table_as_its_shared_compile() -> None:
    """Every phrase is held, and made as ``shared_types`` compiles it without the table
    (itself held to the plain compile on every phrase by test_shared_types.py)."""
    for source, kinds in SOURCES.items():
        found = phrase_code.held(source)
        shared = shared_types._shared(source, kinds) or compile_source(source)
        assert _same(found, shared), source[:200]


@pytest.mark.parametrize("every", [10, pytest.param(1, marks=pytest.mark.slow)])
def test_the_table_makes_the_plain_compile(every: int) -> None:
    for source in list(SOURCES)[::every]:
        assert _same(phrase_code.held(source), compile_source(source)), source[:200]


@pytest.mark.parametrize("every", [3, pytest.param(1, marks=pytest.mark.slow)])
def test_every_typed_outline_in_the_table_is_the_plain_compile(every: int) -> None:
    """Each form's typed outline (None where it has none) as ``re.compile`` compiles it."""
    for pattern, source, _ in FORMS[::every]:
        held = phrase_code.held_outline(pattern, source)
        outline = typed(pattern, source)
        assert held is not None, pattern
        if outline is None:
            assert held == (None,), pattern
        else:
            assert _same(held[0], re.compile(cased_classes(outline), re.IGNORECASE)), pattern


def test_a_phrase_not_in_the_table_is_compiled_the_plain_way() -> None:
    """A team's phrase, or a library phrase edited since the table was written."""
    source = translate("{count:n} nodes, each with a spare[ for {time:duration}]")[0]
    assert phrase_code.held(source) is None
    kinds = {"count": "n", "time": "duration"}
    assert shared_types.compile_phrase(source, kinds) == compile_source(source)
    edited = next(iter(SOURCES)) + "!"
    assert phrase_code.held(edited) is None
    pattern, source, _ = FORMS[0]
    assert phrase_code.held_outline(pattern + "!", source) is None
    assert phrase_code.held_outline(pattern, edited) is None


def test_a_table_for_another_re_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = phrase_code.TABLE.read_text(encoding="ascii")
    other = tmp_path / "phrase_code.txt"
    other.write_text(text.replace(f"version {phrase_code.version()}", "version cpython 3.99 1"))
    monkeypatch.setattr(phrase_code, "TABLE", other)
    assert phrase_code._read() is None
    monkeypatch.setattr(phrase_code, "TABLE", tmp_path / "missing.txt")
    assert phrase_code._read() is None
