"""Choosing the engine under test: kubeloop itself, or any module with the contract."""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import sys
from types import ModuleType
from typing import Any

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


def accepts(factory: Any, parameter: str) -> bool:
    """Does the engine's ``factory`` take ``parameter``? Each class's signature is read once
    (reading it costs more than building a small cluster)."""
    try:
        return _accepts(factory, parameter)
    except TypeError:  # an unhashable factory
        return _accepts.__wrapped__(factory, parameter)


@functools.lru_cache(maxsize=64)
def _accepts(factory: Any, parameter: str) -> bool:
    try:
        return parameter in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False
