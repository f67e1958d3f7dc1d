"""A package's names, imported at their first use rather than with the package.

``import kubeloop.cli`` (any module of a package) runs the package's ``__init__`` first:
when that imported the whole engine, ``kubeloop check``, which runs none of it, paid for
all of it. A package that re-exports its modules' names says here which module gives
each, and a name is imported the first time it is asked for (``from kubeloop import
Cluster``, ``kubeloop.Cluster``), with its own module alone. Type checkers read the same
names from the package's ``if TYPE_CHECKING:`` imports; tests/test_exports.py holds the
two equal.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, modules: Mapping[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """The package's module ``__getattr__``: each name from the module ``modules`` files it
    under, kept in the package once read; any other name is an AttributeError."""
    home = {name: module for module, names in modules.items() for name in names}

    def attribute(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home[name]), name)
        setattr(importlib.import_module(package), name, value)
        return value

    return attribute
