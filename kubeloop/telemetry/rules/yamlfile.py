"""A YAML file read the way Prometheus' Go structs read it, with FILE:LINE on every problem.

Safe loading and positions come from ``kubeloop.fixtures.yamlsafe``; the structure is
checked by a JSON Schema from ``schemas/``. Go decodes a plain scalar into a string
field as its source text (``values: 0x10`` stays ``"0x10"``, ``eval_time: 0`` is
``"0"``), so ``text()`` returns that text rather than what YAML would resolve.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from kubeloop.core.excerpt import clip, excerpt
from kubeloop.errors import FixtureError, FixtureProblem
from kubeloop.fixtures.yamlsafe import (
    MAX_BYTES,
    MAX_VALUES,
    Document,
    json_path,
    load_documents,
    read_text,
)

DocPath = tuple[str | int, ...]


@dataclass
class YamlFile:
    """The first YAML document of a file, its scalars' source text, and its positions."""

    filename: str
    doc: Document
    raw: dict[DocPath, str] = field(default_factory=dict)
    problems: list[FixtureProblem] = field(default_factory=list)

    @property
    def data(self) -> Any:
        return self.doc.data

    def text(self, path: DocPath, value: Any) -> str:
        """A scalar as Go's yaml decodes it into a string field."""
        if isinstance(value, str):
            return value
        if value is None:
            return ""
        return self.raw.get(path, str(value))

    def where(self, path: DocPath, key: bool = False) -> tuple[int, int]:
        return self.doc.where(path, key=key)

    def problem(self, path: DocPath, message: str, key: bool = False) -> FixtureProblem:
        line, column = self.where(path, key)
        return FixtureProblem(self.filename, line, column, json_path(path), message)

    def report(self, path: DocPath, message: str, key: bool = False) -> None:
        self.problems.append(self.problem(path, message, key))

    def raise_problems(self) -> None:
        if self.problems:
            raise FixtureError(sorted(self.problems, key=lambda p: (p.line, p.column)))


def read_yaml(
    path: str | Path,
    schema: str,
    display: str | None = None,
    ignore_unknown: bool = False,
    nonfinite: bool = False,
    bounds: tuple[int, int] = (MAX_BYTES, MAX_VALUES),
) -> YamlFile:
    """Read and schema-check a file; raises ``FixtureError`` for every problem found.
    ``nonfinite``: ``.inf``, ``.nan`` and ``1e300`` are numbers, as Go's yaml reads them;
    ``bounds``: the most bytes and YAML values this kind of file may have."""
    name = display or str(path)
    if not Path(path).exists():
        raise FixtureError([FixtureProblem(name, 1, 1, "$", "no such file")])
    try:  # the fixtures' bounded reader: a regular UTF-8 file of bounded size, never a FIFO
        text = read_text(path, bounds[0])
    except FixtureError as error:
        problems = [
            FixtureProblem(name, p.line, p.column, p.path, p.message) for p in error.problems
        ]
        raise FixtureError(problems) from None
    return parse_yaml(text, name, schema, ignore_unknown, nonfinite, bounds)


def parse_yaml(
    text: str,
    filename: str,
    schema: str,
    ignore_unknown: bool = False,
    nonfinite: bool = False,
    bounds: tuple[int, int] = (MAX_BYTES, MAX_VALUES),
) -> YamlFile:
    documents = load_documents(
        text, filename, go_floats=nonfinite, nonfinite=nonfinite, bounds=bounds
    )
    if len(documents) > 1:
        raise FixtureError(
            [
                FixtureProblem(
                    filename,
                    documents[1].line,
                    1,
                    "$",
                    "more than one YAML document; Prometheus reads only the first: "
                    "remove the '---' and what follows, or move it to its own file",
                )
            ]
        )
    doc = documents[0] if documents else Document({})
    if doc.data is None:
        doc.data = {}
    result = YamlFile(filename, doc, _raw_scalars(text))
    _validate(result, schema, ignore_unknown)
    result.raise_problems()
    return result


def _raw_scalars(text: str) -> dict[DocPath, str]:
    """Source text of every plain scalar, by path (the file already loaded safely)."""
    out: dict[DocPath, str] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present
    root = yaml.compose(text, Loader=loader) if text.strip() else None

    def walk(node: yaml.Node, path: DocPath) -> None:
        if isinstance(node, yaml.ScalarNode):
            out[path] = str(node.value)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, (*path, str(key.value)))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                walk(item, (*path, i))

    if root is not None:
        walk(root, ())
    return out


def _validate(file: YamlFile, schema: str, ignore_unknown: bool) -> None:
    from kubeloop.fixtures.schemas import validator  # noqa: PLC0415 (jsonschema is slow to import)

    errors = sorted(
        validator(schema).iter_errors(file.data), key=lambda e: [str(p) for p in e.absolute_path]
    )
    for error in errors:
        path: DocPath = tuple(error.absolute_path)
        sub = error.schema if isinstance(error.schema, dict) else {}
        instance: Any = error.instance
        if error.validator == "additionalProperties":
            if ignore_unknown:
                continue
            allowed = sorted(sub.get("properties", {}))
            for extra in sorted(set(instance) - set(allowed)):
                close = difflib.get_close_matches(extra, allowed, n=1)
                hint = f'did you mean "{close[0]}"? ' if close else ""
                file.report(
                    (*path, extra),
                    f'unknown field "{extra}"; {hint}allowed: {", ".join(allowed)}',
                    key=True,
                )
        elif error.validator == "type":
            what = sub.get("description") or ""
            file.report(
                path,
                f"must be {_types(error.validator_value)}, not {_kind(instance)} "
                f"({excerpt(instance)}){'; ' + what if what else ''}",
            )
        elif error.validator == "required":
            file.report(path, f"{error.message.split(' is a required')[0]} is required here")
        else:
            file.report(path, clip(error.message))


def _types(value: Any) -> str:
    names = value if isinstance(value, list) else [value]
    return " or ".join({"object": "a mapping", "array": "a list"}.get(n, f"a {n}") for n in names)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "null" if value is None else f"a {type(value).__name__}"
