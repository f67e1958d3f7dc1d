"""The packages that import their names at first use (``kubeloop.exports``) give the very
objects their ``if TYPE_CHECKING:`` imports name, and ``kubeloop check`` stays clear of
what it never runs.

The first test is the equality of the lazy path and the plain one: each name is read in
a fresh process, where nothing has imported it yet, and compared with the object its
module holds. The second reads which modules a ``kubeloop check`` process imported.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAZY = [
    "kubeloop",
    "kubeloop.cluster",
    "kubeloop.fixtures",
    "kubeloop.links",
    "kubeloop.pipeline",
    "kubeloop.telemetry",
    "kubeloop.telemetry.promql",
    "kubeloop.telemetry.promtool",
]

_READ = """
import importlib, json, sys
wanted = json.loads(sys.argv[1])
found = []
for package, module, name in wanted:
    lazy = getattr(importlib.import_module(package), name)
    found.append(lazy is getattr(importlib.import_module(module), name))
print(json.dumps(found))
"""


def _typed(package: str) -> list[tuple[str, str, str]]:
    """(package, module, name) for each name the package's TYPE_CHECKING imports give."""
    path = ROOT / Path(*package.split(".")) / "__init__.py"
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for each in node.body:
                assert isinstance(each, ast.ImportFrom) and each.module
                found += [(package, each.module, alias.name) for alias in each.names]
    return found


@pytest.mark.parametrize("package", LAZY)
def test_each_name_read_lazily_is_the_object_its_module_holds(package: str) -> None:
    typed = _typed(package)
    module = __import__(package, fromlist=["__all__"])
    lazy = {name for _, _, name in typed}
    assert lazy <= set(module.__all__)
    assert all(name in vars(module) for name in set(module.__all__) - lazy)  # defined there
    done = subprocess.run(
        [sys.executable, "-c", _READ, json.dumps(typed)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == [True] * len(typed)


def test_a_name_no_module_gives_is_an_attribute_error() -> None:
    import kubeloop  # noqa: PLC0415

    with pytest.raises(AttributeError, match="'kubeloop' has no attribute 'Nothing'"):
        _ = kubeloop.Nothing


_CHECK = """
import sys
from kubeloop.cli import main
main(["check", sys.argv[1]])
print("\\n".join(sorted(sys.modules)))
"""

NOT_FOR_CHECK = [
    "yaml",  # read with a scenario's first rule file
    "jsonschema",  # fixtures are validated only when a scenario names one
    "kubeloop.fixtures.loader",
    "kubeloop.cluster.cluster",  # the step library needs the engine only to run
    "kubeloop.links.links",
    "kubeloop.pipeline.pipeline",
    "cryptography",
    "kubeloop.telemetry.promtool.command",
    "kubeloop.telemetry.promql.evaluator",  # PromQL: only a step that reads a series
]
"""What a ``kubeloop check`` of a file without fixtures never imports."""


def test_check_imports_neither_the_engine_nor_fixture_validation(tmp_path: Path) -> None:
    feature = tmp_path / "one.feature"
    feature.write_text("Feature: f\n  Scenario: s\n    Given a cluster with 3 nodes\n")
    done = subprocess.run(
        [sys.executable, "-c", _CHECK, str(feature)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert "no problems" in done.stdout
    imported = set(done.stdout.splitlines())
    assert "kubeloop.harness.check" in imported
    assert imported.isdisjoint(NOT_FOR_CHECK)
