"""Whose mistake an exception in a step is: the scenario's, its fixture's, or the engine's.

- a ``FixtureError`` is the fixture author's: its problems already say FILE:LINE:COL;
- an exception raised by the harness or the step library itself (a table cell that is not
  a number, a label without ``=``) is the scenario's, at the step's line;
- an error the engine raises on purpose (kubeloop's error tree, or an engine's own class
  of one of those names) rejects what the scenario asked for: the scenario's, at its line;
- anything else the engine raises is a bug in the engine under test: ``engine X raised …``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, TracebackType

from kubeloop.errors import FixtureError, KubeloopError
from kubeloop.harness.declaring import declaring_hint

PURPOSEFUL = (
    "KubeloopError",
    "InvalidSpecError",
    "InvalidQuantityError",
    "NotFoundError",
    "AlreadyExistsError",
    "RolloutStalledError",
    "NotConvergedError",
)
_KUBELOOP = Path(__file__).resolve().parent.parent
_STEPS = importlib.util.find_spec("kubeloop.steps")
"""Where the step library really is: inside the package when installed, the repository's
``steps/`` folder in an editable install (the build backend maps it, no symlink)."""
_HARNESS_SIDE = tuple(
    str(p.resolve())
    for p in (
        _KUBELOOP / "harness",
        _KUBELOOP / "fixtures",
        *(Path(f) for f in ((_STEPS and _STEPS.submodule_search_locations) or [])),
    )
)


def _innermost_file(traceback: TracebackType | None) -> str:
    last = ""
    while traceback is not None:
        last = traceback.tb_frame.f_code.co_filename
        traceback = traceback.tb_next
    try:
        return str(Path(last).resolve())
    except (OSError, ValueError):
        return last


def _purposeful(error: BaseException, engine: ModuleType | None) -> bool:
    if isinstance(error, KubeloopError):
        return True
    for name in PURPOSEFUL:
        kind = getattr(engine, name, None)
        if isinstance(kind, type) and isinstance(error, kind):
            return True
    return False


def describe(
    error: BaseException, engine_name: str, engine: ModuleType | None, step: str, location: str
) -> tuple[str, bool]:
    """The message for ``error`` raised in ``step``, and whether the engine is to blame."""
    if isinstance(error, MemoryError):
        return f'engine {engine_name} ran out of memory in "{step}" (MemoryError)', True
    if not isinstance(error, Exception):
        return (
            f'engine {engine_name} raised {type(error).__name__} in "{step}": {text(error)}',
            True,
        )
    if isinstance(error, FixtureError):
        return f'{location}: the fixture loaded by "{step}" is invalid:\n{text(error)}', False
    if _purposeful(error, engine):
        if type(error).__name__ == "NotFoundError":
            return (
                f'{location}: "{step}" names something that does not exist: {text(error)}'
                + declaring_hint(error)
            ), False
        return f'{location}: "{step}" was rejected: {text(error)} ({type(error).__name__})', False
    lacking = _lacking(error)
    if lacking:
        return (
            f'engine {engine_name}\'s {lacking} which "{step}" reads (kubeloop/contract/ '
            "declares every member a step reads, with its type)"
        ), True
    if _innermost_file(error.__traceback__).startswith(_HARNESS_SIDE):
        return (
            f'{location}: "{step}" cannot use what the scenario wrote: '
            f"{type(error).__name__}: {text(error)}"
        ), False
    return f'engine {engine_name} raised {type(error).__name__} in "{step}": {text(error)}', True


def _lacking(error: Exception) -> str:
    """``Verdict has no attribute "pairs",``: a step read a member an object the engine
    returned does not have ("" if the error is not that)."""
    if not isinstance(error, AttributeError) or error.name is None:
        return ""
    owner = getattr(error, "obj", None)
    module = getattr(type(owner), "__module__", "") or ""
    if owner is None or module.startswith(("kubeloop.harness", "kubeloop.steps", "builtins")):
        return ""
    return f'{type(owner).__name__} has no attribute "{error.name}",'


def text(error: BaseException) -> str:
    """``str(error)``, even when the engine's exception cannot say it."""
    try:
        return str(error)
    except Exception as inner:  # an engine's __str__ may raise anything
        return f"(its message cannot be shown: {type(inner).__name__} in its __str__)"


def expecting(error: Exception) -> str:
    """The check that says a refusal was expected, to write on the line after the step the
    engine refused: a stalled rollout's own phrase, else the refusal's first words before
    any quoted name; "" for a mistake in what the scenario said (a bad value, a name that
    does not exist), which no Then should expect."""
    kinds = {kind.__name__ for kind in type(error).__mro__}
    if "RolloutStalledError" in kinds:
        return "if the stall is what you expect, say so next: Then the rollout stalls"
    if kinds & {"InvalidSpecError", "NotFoundError"}:
        return ""
    words = str(error).split(":")[0].split('"')[0].strip()
    if len(words) < 8 or len(words) > 60:
        words = "…"
    return (
        f'if the refusal is what you expect, say so next: Then the operation fails with "{words}"'
    )
