"""Compiled regexes kept between runs (regex_cache.py): a regex rebuilt from its kept code
is the regex ``re`` compiles (``re.Pattern`` equality compares flags, source and code),
and a file that is missing, damaged or turned off changes nothing but the time taken."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import regex_cache
from kubeloop.harness.outlines import outline
from kubeloop.harness.params import TYPES
from kubeloop.harness.regex_cache import RegexCache, compiled, rebuilt
from kubeloop.harness.registry import REGISTRY

SOURCES = sorted(
    {s for d in REGISTRY.definitions for s in d.sources}
    | {outline(p) for d in REGISTRY.definitions for p in d.patterns}
    | {t.regex for t in TYPES.values()}
    | {r"(?P<a>x)(?P<b>y)?(?(b)z|w)", r"(?P<a>x)(?P<b>y)", r"(?x) a b # spaced", r"(?s:.)(?-i:K)\Z"}
)
"""Every phrase's regex and outline, every parameter type's, and flags set inline."""
FLAGS = (re.IGNORECASE.value, 0)


EXAMPLES = [*[e for d in REGISTRY.definitions for e in d.examples][::7], "xy", "xz", "xyz"]
"""Texts to match with both: what a match says (its last group too) must agree."""


def said(pattern: re.Pattern[str], text: str) -> object:
    found = pattern.fullmatch(text)
    return found and (found.span(), found.groupdict(), found.lastgroup, found.lastindex)


def same(sources: list[str]) -> None:
    for source in sources:
        for flags in FLAGS:
            kept = rebuilt(source, compiled(source, flags))
            plain = re.compile(source, flags)
            assert kept == plain, source
            assert (kept.groups, kept.groupindex) == (plain.groups, plain.groupindex), source
            assert [said(kept, t) for t in EXAMPLES] == [said(plain, t) for t in EXAMPLES]


def test_a_sample_is_rebuilt_as_re_compiles_it() -> None:
    same(SOURCES[:: max(1, len(SOURCES) // 150)] + SOURCES[-3:])


@pytest.mark.slow
def test_every_phrase_is_rebuilt_as_re_compiles_it() -> None:
    same(SOURCES)


def test_a_later_run_reads_what_a_run_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "regexes.bin"
    sources = SOURCES[:: max(1, len(SOURCES) // 20)]
    first = RegexCache(path)
    made = [first.compile(s, re.IGNORECASE.value) for s in sources]
    first.save()
    assert path.exists()
    later = RegexCache(path)
    monkeypatch.setattr(regex_cache, "compiled", _refuse)
    assert [later.compile(s, re.IGNORECASE.value) for s in sources] == made


def _refuse(source: str, flags: int) -> regex_cache.Entry:
    raise AssertionError(f"compiled again: {source}")


def test_a_damaged_or_foreign_file_compiles_as_before(tmp_path: Path) -> None:
    source = SOURCES[len(SOURCES) // 2]
    path = tmp_path / "regexes.bin"
    for content in (b"", b"not ours", b"x\x9c\x03\x00"):
        path.write_bytes(content)
        cache = RegexCache(path)
        assert cache.compile(source, 0) == re.compile(source)
    cache = RegexCache(path)
    cache._entries()[(source, 0)] = (0, b"\x01\x02", 0, {})  # (code that is not re's)
    assert cache.compile(source, 0) == re.compile(source)


def test_turned_off_it_is_plain_re(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KUBELOOP_REGEX_CACHE", "off")
    assert regex_cache.folder() is None
    assert RegexCache(None).compile("a+b", 0) == re.compile("a+b")
