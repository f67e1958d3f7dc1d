"""Phrases' compiled regexes kept on disk between runs, as Python keeps compiled modules.

Compiling a phrase's regex (its parameter types spelt out) costs milliseconds; rebuilding
it from the code ``re`` compiled it to costs microseconds. ``compile`` reads each regex by
its own source and flags from a file in the user's cache folder (``$XDG_CACHE_HOME`` or
``~/.cache``, ``kubeloop/``; ``KUBELOOP_REGEX_CACHE=off`` turns it off), one file per
Python build, and the regexes compiled in a run are added to it at the end of the run. A
new or changed phrase is a new source: nothing else is invalidated. The file is safe to
lose: a missing, unreadable or foreign file is a run that compiles as before. The code
rebuilt is the code ``re`` made (tests/harness/test_regex_cache.py compares them); a
Python whose ``re`` internals differ from what this expects gets plain ``re.compile``.
"""

from __future__ import annotations

import array
import atexit
import contextlib
import hashlib
import importlib
import marshal
import os
import re
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any

_sre: Any = importlib.import_module("_sre")
_compiler: Any = importlib.import_module("re._compiler")
_parser: Any = importlib.import_module("re._parser")

Entry = tuple[int, bytes, int, dict[str, int]]
"""What ``re`` compiled a source to: its flags, its code (32-bit words), how many groups
it has and their names."""

_LIMIT = 64 * 1024 * 1024
"""The most code kept (bytes, uncompressed): beyond it, only the regexes of the last run."""


def folder() -> Path | None:
    """Where the file is kept, None when the cache is turned off."""
    if os.environ.get("KUBELOOP_REGEX_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kubeloop"


def _build() -> str:
    """This Python's build and its regex engine's version: a file per build."""
    said = f"{sys.version}|{sys.implementation.cache_tag}|{_sre.MAGIC}|{_sre.CODESIZE}"
    return hashlib.sha256(said.encode()).hexdigest()[:16]


class RegexCache:
    """Compiled regexes by (source, flags), read from ``path`` at the first need."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._kept: dict[tuple[str, int], Entry] | None = None
        self._new: dict[tuple[str, int], Entry] = {}
        self._used: set[tuple[str, int]] = set()
        self._works: bool | None = None

    def compile(self, source: str, flags: int) -> re.Pattern[str]:
        """``re.compile(source, flags)``, from the code kept when there is some."""
        if self.path is None or not self._usable():
            return re.compile(source, flags)
        key = (source, flags)
        entry = self._entries().get(key) or self._new.get(key)
        if entry is not None:
            with contextlib.suppress(Exception):  # (a damaged entry: compiled again)
                pattern = rebuilt(source, entry)
                self._used.add(key)
                return pattern
        entry = compiled(source, flags)
        if not self._new:
            atexit.register(self.save)
        self._new[key] = entry
        return rebuilt(source, entry)

    def _usable(self) -> bool:
        """Whether this Python's ``re`` compiles as this module expects (checked once)."""
        if self._works is None:
            try:
                probe = r"(?P<a>[A-Za-z0-9][-\w.]*)(?:,? and (?P<b>\d+))?(?!x)"
                flags = re.IGNORECASE.value
                self._works = rebuilt(probe, compiled(probe, flags)) == re.compile(probe, flags)
            except Exception:
                self._works = False
        return self._works

    def _entries(self) -> dict[tuple[str, int], Entry]:
        if self._kept is None:
            self._kept = {}
            if self.path is not None:
                with contextlib.suppress(Exception):  # (no file, or not one of ours)
                    kept = marshal.loads(zlib.decompress(self.path.read_bytes()))
                    if isinstance(kept, dict):
                        self._kept = kept
        return self._kept

    def save(self) -> None:
        """Add this run's new regexes to the file (written whole, then moved in place)."""
        if self.path is None or not self._new:
            return
        kept = {**self._entries(), **self._new}
        if sum(len(entry[1]) for entry in kept.values()) > _LIMIT:
            kept = {k: v for k, v in kept.items() if k in self._used or k in self._new}
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".regexes-")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(zlib.compress(marshal.dumps(kept), 1))
                os.replace(temporary, self.path)
            except OSError:
                Path(temporary).unlink(missing_ok=True)
        self._new.clear()


def compiled(source: str, flags: int) -> Entry:
    """What ``re`` compiles ``source`` to, as ``re._compiler.compile`` does it."""
    parsed = _parser.parse(source, flags)
    code = _compiler._code(parsed, flags)
    return (
        flags | parsed.state.flags,
        array.array("I", code).tobytes(),
        parsed.state.groups - 1,
        dict(parsed.state.groupdict),
    )


def rebuilt(source: str, entry: Entry) -> re.Pattern[str]:
    """The regex ``re`` would have compiled, from its kept code."""
    flags, code, groups, names = entry
    words = array.array("I")
    words.frombytes(code)
    indexgroup: list[str | None] = [None] * (groups + 1)
    for name, index in names.items():
        indexgroup[index] = name
    pattern: re.Pattern[str] = _sre.compile(
        source, flags, words.tolist(), groups, names, tuple(indexgroup)
    )
    return pattern


def _default() -> RegexCache:
    place = folder()
    return RegexCache(None if place is None else place / f"regexes-{_build()}.bin")


CACHE = _default()
