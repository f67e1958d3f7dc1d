"""Feature files parsed once with the official Gherkin parser, for lint, line lookups and
Cucumber Messages (whose gherkinDocument and pickle messages are this parser's output)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gherkin.ast_builder import AstBuilder
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.stream.id_generator import IdGenerator
from gherkin.token_scanner import TokenScanner


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
        for scenario in _scenarios(self.document.get("feature", {}).get("children", [])):
            if scenario["location"]["line"] == line:
                return scenario
        return None


def _scenarios(children: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for child in children:
        if "rule" in child:
            found += _scenarios(child["rule"].get("children", []))
        elif "scenario" in child:
            found.append(child["scenario"])
    return found


@cache
def load(path: Path, uri: str) -> Source:
    """Parse ``path``; ``uri`` is how reports name it (relative to where the run started)."""
    text = path.read_text(encoding="utf-8")
    ids = IdGenerator()  # one generator: ids stay unique across the document and its pickles
    document: dict[str, Any] = dict(Parser(AstBuilder(ids)).parse(TokenScanner(text)))
    document["uri"] = uri
    pickles = list(Compiler(ids).compile(document)) if document.get("feature") else []  # type: ignore[arg-type]
    for pickle in pickles:
        pickle["uri"] = uri
    return Source(path, text, document, [dict(p) for p in pickles])
