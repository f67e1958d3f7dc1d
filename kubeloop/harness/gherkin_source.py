"""Feature files parsed once with the official Gherkin parser, for lint, line lookups and
Cucumber Messages (whose gherkinDocument and pickle messages are this parser's output)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gherkin.ast_builder import AstBuilder
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.stream.id_generator import IdGenerator
from gherkin.token_scanner import TokenScanner

MAX_FEATURE_BYTES = 2_000_000
MAX_TABLE_ROWS = 10_000
"""The most rows one data table or Examples table may have: the Gherkin parser's time grows
with every row, and the harness copies each table per step (docs/speed.md)."""
MAX_TABLE_CELLS = 200_000
"""The most table cells one feature file may hold, all its tables together."""
MAX_LINE_CHARS = 2_000
"""The longest line outside doc strings: a step (an Examples cell fills one) is read by its
meaning, at a cost that grows faster than its length, so a longer one is refused before it
is read."""
ENCODING = "utf-8-sig"
"""Feature files are UTF-8; a leading byte-order mark is accepted and dropped."""


class FeatureReadError(Exception):
    """A feature file that cannot be read as text: ``FILE:LINE: why``."""


def read_feature(path: Path, shown: str | None = None) -> str:
    """The text of a feature file: a regular file, at most MAX_FEATURE_BYTES, UTF-8, no NUL."""
    name = shown or str(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise FeatureReadError(f"{name}:1: not a regular file; a feature file is text")
        if info.st_size > MAX_FEATURE_BYTES:
            raise FeatureReadError(f"{name}:1: larger than {MAX_FEATURE_BYTES} bytes; split it")
        with open(path, "rb") as handle:
            data = handle.read(MAX_FEATURE_BYTES + 1)
    except OSError as error:
        raise FeatureReadError(f"{name}:1: cannot read the file: {error.strerror}") from None
    if len(data) > MAX_FEATURE_BYTES:
        raise FeatureReadError(f"{name}:1: larger than {MAX_FEATURE_BYTES} bytes; split it")
    try:
        text = data.decode(ENCODING)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise FeatureReadError(f"{name}:{line}: not UTF-8 text") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise FeatureReadError(f"{name}:{line}: the file contains a NUL byte; it must be text")
    _check_bounds(text, name)
    return text


def _check_bounds(text: str, name: str) -> None:
    """Refuse a table past ``MAX_TABLE_ROWS`` rows, a file past ``MAX_TABLE_CELLS`` cells or
    a line past ``MAX_LINE_CHARS``, before the Gherkin parser sees it (doc strings are text,
    not tables or steps)."""
    fence: str | None = None
    rows = cells = start = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if fence is not None:
            fence = None if stripped.startswith(fence) else fence
            continue
        if stripped.startswith(('"""', "```")):
            fence, rows = stripped[:3], 0
            continue
        if not stripped.startswith("|"):
            rows = 0
            _check_length(stripped, name, number)
            continue
        if rows == 0:
            start = number
        rows += 1
        cells += max(stripped.count("|") - 1, 1)
        if rows > MAX_TABLE_ROWS:
            raise FeatureReadError(
                f"{name}:{start}: the table has more than {MAX_TABLE_ROWS} rows; split the "
                "scenario, or load the rows from a fixture file"
            )
        if cells > MAX_TABLE_CELLS:
            raise FeatureReadError(
                f"{name}:{number}: the tables hold more than {MAX_TABLE_CELLS} cells; split the "
                "feature, or load the rows from a fixture file"
            )
        _check_length(stripped, name, number)


def _check_length(line: str, name: str, number: int) -> None:
    if len(line) > MAX_LINE_CHARS:
        raise FeatureReadError(
            f"{name}:{number}: the line is {len(line)} characters long, more than "
            f"{MAX_LINE_CHARS}; split the step into shorter ones (a long text belongs in a doc "
            "string)"
        )


@dataclass
class Source:
    path: Path
    text: str
    document: dict[str, Any]
    pickles: list[dict[str, Any]] = field(default_factory=list)

    def row_lines(self, scenario_line: int) -> list[int]:
        """The lines of an outline's example rows, in order (empty for a plain scenario)."""
        scenario = self.scenario_at(scenario_line)
        if scenario is None:
            return []
        return [
            row["location"]["line"]
            for examples in scenario.get("examples", [])
            for row in examples.get("tableBody", [])
        ]

    def scenario_at(self, line: int) -> dict[str, Any] | None:
        for scenario in scenarios(self.document.get("feature", {}).get("children", [])):
            if scenario["location"]["line"] == line:
                return scenario
        return None


def scenarios(children: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for child in children:
        if "rule" in child:
            found += scenarios(child["rule"].get("children", []))
        elif "scenario" in child:
            found.append(child["scenario"])
    return found


class FileIds(IdGenerator):
    """Ids that name their file (``features/a.feature:7``): unique across every file of a run.

    Gherkin's own generator counts from "0" in each parse, so two files' documents and
    pickles would share ids, and a Messages consumer (the official HTML formatter) joins
    one file's steps to another's. A prefix keeps them apart without any state shared
    between parses, so a file's ids do not depend on which files were read before it.
    """

    def __init__(self, uri: str) -> None:
        super().__init__()
        self.prefix = f"{uri}:"

    def get_next_id(self) -> str:
        return self.prefix + super().get_next_id()


@cache
def load(path: Path, uri: str) -> Source:
    """Parse ``path``; ``uri`` is how reports name it (relative to where the run started)."""
    text = read_feature(path, uri)
    ids = FileIds(uri)  # one generator: ids stay unique across the document and its pickles
    document: dict[str, Any] = dict(Parser(AstBuilder(ids)).parse(TokenScanner(text)))
    document["uri"] = uri
    pickles = list(Compiler(ids).compile(document)) if document.get("feature") else []  # type: ignore[arg-type]
    for pickle in pickles:
        pickle["uri"] = uri
    return Source(path, text, document, [dict(p) for p in pickles])
