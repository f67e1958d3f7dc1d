"""The error tree drawn in kubeloop/errors.py's docstring is the tree of the classes: every
error kubeloop raises on purpose appears once, under its parent, and nothing else does."""

from __future__ import annotations

import importlib
import pkgutil
import re

import kubeloop
from kubeloop.errors import KubeloopError

_LINE = re.compile(r"^    (?P<indent>[│ ]*(?:├── |└── )?)(?P<name>[A-Z]\w+)")


def _drawn() -> dict[str, str | None]:
    """Each drawn class and its parent (None for the root), read from the indentation."""
    doc = kubeloop.errors.__doc__ or ""
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []
    for line in doc.split("\n\n")[1].splitlines():
        found = _LINE.match(line)
        assert found, line
        depth = len(found.group("indent"))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        parents[found.group("name")] = stack[-1][1] if stack else None
        stack.append((depth, found.group("name")))
    return parents


def _defined() -> dict[str, str | None]:
    """Each KubeloopError subclass of the engine (the harness's own errors aside)."""
    for module in pkgutil.walk_packages(kubeloop.__path__, "kubeloop."):
        if not module.name.startswith(("kubeloop.harness", "kubeloop.steps", "kubeloop.cli")):
            importlib.import_module(module.name)
    classes: dict[str, str | None] = {KubeloopError.__name__: None}
    todo = [KubeloopError]
    while todo:
        parent = todo.pop()
        for cls in parent.__subclasses__():
            if cls.__module__.startswith("kubeloop.") and not cls.__name__.startswith("_"):
                assert cls.__name__ not in classes, f"two errors named {cls.__name__}"
                classes[cls.__name__] = parent.__name__
                todo.append(cls)
    return classes


def test_the_drawing_is_the_tree_of_the_classes() -> None:
    assert _drawn() == _defined()


def test_the_reader_finds_parents_by_indentation() -> None:
    drawn = _drawn()
    assert drawn["KubeloopError"] is None
    assert drawn["RuleEvalError"] == "PromQLError"
    assert drawn["PromQLError"] == "InvalidSpecError"
    assert drawn["AdmissionRefusedError"] == "PipelineRefusedError"
