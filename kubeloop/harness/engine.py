"""Choosing the engine under test: kubeloop itself, or any module with the contract."""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

DEFAULT_ENGINE = "kubeloop"
ENGINE_VARIABLE = "KUBELOOP_ENGINE"


def engine_name(option: str | None) -> str:
    return option or os.environ.get(ENGINE_VARIABLE) or DEFAULT_ENGINE


def load_engine(name: str) -> ModuleType:
    """Import the engine; a module in the current folder can be named, as with python -m."""
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise ImportError(
            f'cannot import engine module "{name}": {error}. Pass an importable module name '
            f"with --engine or {ENGINE_VARIABLE} (is its folder on PYTHONPATH?)"
        ) from error
