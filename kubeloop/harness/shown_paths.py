"""How a run shows a path: relative to where it started, or in the suite shipped in the
package. Kept apart from recorder.py so ``kubeloop check`` shows paths without importing
pytest (the recorder's reports are pytest's)."""

from __future__ import annotations

import functools
import os
from pathlib import Path

SHIPPED = Path(__file__).resolve().parent.parent / "examples"
SHIPPED_PREFIX = "kubeloop:"
"""How the suite shipped in the package is shown: ``kubeloop:cluster/x.feature`` (kubeloop
run accepts it back), instead of a long site-packages path."""


def relative(path: str | Path) -> str:
    """A path as people read it: relative to where the run started, or in the shipped suite."""
    return _relative(str(path), os.getcwd())


@functools.lru_cache(maxsize=4096)
def _relative(path: str, cwd: str) -> str:
    """``relative`` for one working folder (resolving a path costs system calls every time)."""
    resolved = Path(cwd, path).resolve()
    try:
        return str(resolved.relative_to(cwd))
    except ValueError:
        pass
    try:
        return SHIPPED_PREFIX + str(resolved.relative_to(SHIPPED.resolve()))
    except ValueError:
        return str(resolved)


def from_shown(path: str) -> str:
    """The real path behind a shown one (``kubeloop:…`` names the shipped suite)."""
    if path.startswith(SHIPPED_PREFIX):
        return str(SHIPPED / path[len(SHIPPED_PREFIX) :])
    return path
