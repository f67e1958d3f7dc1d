"""One lab at a time: which lab a feature grades, and which labs an engine implements.

A learner's module is graded mechanism by mechanism (``World.engine_for``): what it
provides is used, the other mechanisms stay kubeloop's. So a module that implements one
lab's entry point (``Pipeline``) is graded on that lab's features only; scenarios of the
labs it does not implement would grade kubeloop, not the learner, and are left out.
Where two labs meet (``features/links``) is graded once the module implements every lab.
A feature file the user names itself always runs.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from kubeloop.harness import engine_child, isolation
from kubeloop.harness.contract_check import problems
from kubeloop.harness.engine import load_engine

ENTRIES = {"cluster": "Cluster", "pipeline": "Pipeline", "telemetry": "Telemetry"}
"""Each lab and the entry point a module provides to be graded on it."""
MEETING = "links"
"""The features where the labs meet."""
NAMES = {"cluster": "Lab 01 (cluster)", "pipeline": "Lab 02 (pipeline)"}
NAMES["telemetry"] = "Lab 03 (telemetry)"
NOTE = pytest.StashKey[str]()
"""What the run grades, for the progress to print before the first scenario."""
PROBE_SECONDS = 30.0
SHOWN = 12
DEFAULT_MEMORY_MB = 2048


SHIPPED = Path(__file__).resolve().parent.parent / "examples"
"""The suite shipped in the package (``kubeloop run`` outside a project runs it)."""


def lab_of(path: Path) -> str | None:
    """The lab a feature file belongs to: the folder under the nearest ``features/`` (or
    under the shipped suite)."""
    parts = path.parts
    if path.is_relative_to(SHIPPED):
        parts = ("features", *path.relative_to(SHIPPED).parts)
    for index in range(len(parts) - 2, -1, -1):
        if parts[index] == "features":
            folder = parts[index + 1]
            return folder if folder in ENTRIES or folder == MEETING else None
    return None


@dataclass(frozen=True)
class Labs:
    """The labs a module implements (``None`` when it could not be told), and what it lacks
    or mis-types of their contracts (contract_check.py)."""

    implemented: frozenset[str] | None
    problems: tuple[str, ...] = ()

    def grades(self, lab: str | None) -> bool:
        """Is a feature of ``lab`` graded against this module?"""
        if self.implemented is None or lab is None:
            return True
        if lab == MEETING:
            return self.implemented >= set(ENTRIES)
        return lab in self.implemented

    def describe(self, engine: str, left_out: Iterable[str]) -> str:
        """Lines for the top of the run: what is graded, what is left out and why, and the
        contract's members the module lacks."""
        labs = sorted(self.implemented or (), key=list(ENTRIES).index)
        lines = [f"grading {engine} on {', '.join(NAMES[lab] for lab in labs) or 'no lab'}"]
        out = sorted(set(left_out))
        if out:
            lines[0] += (
                f"; the features of {', '.join(out)} are left out: they would grade kubeloop's "
                f"own engine, not {engine} (name a feature file to run it anyway)"
            )
        if self.problems:
            lines.append(
                f"{engine} lacks or mis-types {len(self.problems)} member(s) of the contract "
                f"(kubeloop exercise check {engine}):"
            )
            lines += [f"  {problem}" for problem in self.problems[:SHOWN]]
            if len(self.problems) > SHOWN:
                lines.append(f"  … and {len(self.problems) - SHOWN} more")
        return "\n".join(lines)


def implemented_by(engine: str) -> Labs:
    """The labs ``engine`` implements, read in a forked child when isolation is available
    (importing a learner's module may hang or crash; the run must not)."""
    if not isolation.available():
        try:
            return _read(load_engine(engine))
        except Exception:  # every scenario reports the import error itself
            return Labs(None)
    return _probe(engine)


def _read(module: ModuleType) -> Labs:
    found = frozenset(lab for lab, entry in ENTRIES.items() if hasattr(module, entry))
    return Labs(found, tuple(problems(module)))


def _probe(engine: str) -> Labs:
    read, write = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            os.close(read)
            engine_child.prepare(parent, os.open(os.devnull, os.O_WRONLY), DEFAULT_MEMORY_MB)
            labs = _read(load_engine(engine))
            answer = {"labs": sorted(labs.implemented or ()), "problems": labs.problems}
            os.write(write, json.dumps(answer).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    data = bytearray()
    deadline = time.monotonic() + PROBE_SECONDS
    try:
        while (remaining := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select([read], [], [], remaining)
            chunk = os.read(read, 65536) if ready else b""
            if not chunk:
                break
            data += chunk
    finally:
        os.close(read)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    try:
        answer = json.loads(bytes(data))
        return Labs(
            frozenset(str(lab) for lab in answer["labs"] if lab in ENTRIES),
            tuple(str(line) for line in answer["problems"]),
        )
    except (ValueError, KeyError, TypeError):
        return Labs(None)
