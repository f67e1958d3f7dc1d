"""No module of kubeloop imports itself back, even only for type checking.

Every ``import`` and ``from … import`` of the package and of the step library (steps/,
installed as kubeloop.steps) counts, wherever it stands: at the top, inside a function, or
under ``if TYPE_CHECKING:``. A cycle means two modules that cannot be read (or moved) one
without the other; break it by moving what both need into a module of its own, or by
naming what one asks of the other as a Protocol.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"kubeloop": ROOT / "kubeloop", "kubeloop.steps": ROOT / "steps"}


def _modules() -> dict[str, Path]:
    found = {}
    for prefix, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = [prefix, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules ``name`` imports (a name inside a module counts as the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            wanted = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            wanted = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for imported in wanted:
            target = imported
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


@cache
def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def test_no_module_imports_itself_back() -> None:
    assert _cycles(_graph()) == []


def test_the_finder_sees_a_cycle_hidden_behind_type_checking(tmp_path: Path) -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    probe = tmp_path / "a.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
        encoding="utf-8",
    )
    modules = {"pkg.a": probe, "pkg.b": tmp_path / "b.py"}
    assert _imports("pkg.a", probe, modules) == {"pkg.b"}


def test_the_step_library_is_read_under_its_installed_name() -> None:
    graph = _graph()
    assert "kubeloop.steps.cluster.engine_objects" in graph
    assert "kubeloop.harness.registry" in graph["kubeloop.steps.cluster.nodes"]
