"""A package's names, imported at their first use rather than with the package.

``import kubeloop.cli`` (any module of a package) runs the package's ``__init__`` first:
when that imported the whole engine, ``kubeloop check``, which runs none of it, paid for
all of it. A package that re-exports its modules' names lists those modules here instead,
and the names are imported the first time one is asked for (``from kubeloop import
Cluster``, ``kubeloop.Cluster``). Type checkers read the same names from the package's
``if TYPE_CHECKING:`` imports; tests/test_exports.py holds the two equal.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any


def exports(package: str, names: Sequence[str], modules: Sequence[str]) -> Callable[[str], Any]:
    """The package's module ``__getattr__``: each of ``names`` from the first of ``modules``
    that has it, kept in the package once found; any other name is an AttributeError."""
    wanted = frozenset(names)

    def attribute(name: str) -> Any:
        if name in wanted:
            for module in modules:
                found = importlib.import_module(module)
                if hasattr(found, name):
                    value = getattr(found, name)
                    setattr(importlib.import_module(package), name, value)
                    return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute
