"""The forked side of isolation: a worker process that runs scenarios for the parent.

The worker is forked once the scenarios are collected and serves them one at a time: the
parent writes a scenario's index on the command pipe, the worker runs it and answers on
the result pipe (each step as it starts, then the scenario's pytest reports). Its stdout
and stderr go to a third pipe the parent drains. Forking once for many scenarios, instead
of once for each, saves the copy-on-write of the whole harness every time (docs/speed.md);
the parent replaces the worker whenever it dies, is killed, runs a
scenario that does not pass, or leaks (see ``leak``).
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubeloop.harness.time_limit import SPAN_LISTENERS

if TYPE_CHECKING:  # (a type only: a forked worker has pytest loaded already)
    import pytest

RECURSION_LIMIT = 2_000
PR_SET_PDEATHSIG = 1
IN_CHILD = False
"""True inside an isolated child: the world then reports BaseExceptions as the engine's."""


def die_with_parent(parent: int) -> None:
    """Linux: the kernel sends this process SIGKILL when its parent dies, however the parent
    dies (SIGKILL included), so no engine outlives the run that started it."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def mapped_bytes() -> int:
    """This process's address space now (Linux: /proc/self/statm), 0 where unknown."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


def address_limit(memory_mb: int) -> int:
    """The address-space limit that gives engine code ``memory_mb`` of its own: on top of
    what the fork inherited from its parent (a long-lived parent, such as a test session,
    can already map more than the budget, and then every allocation would fail)."""
    return mapped_bytes() + memory_mb * 1024 * 1024


def prepare(parent: int, output: int, memory_mb: int) -> None:
    """Make this forked process a sandbox for engine code: its own process group (the
    parent kills the group), death with the parent, output into ``output``, no stdin, an
    address-space limit and a recursion limit."""
    global IN_CHILD  # noqa: PLW0603 (this process exists to run engine code)
    IN_CHILD = True
    os.setpgid(0, 0)
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.close(output)
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    limit = address_limit(memory_mb)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(RECURSION_LIMIT)


class Channel:
    """Newline-delimited JSON messages on a pipe."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data) :]


class _StepTracker:
    """In the worker: tells the parent each step as it starts."""

    def __init__(self, channel: Channel) -> None:
        self.channel = channel

    def pytest_bdd_before_step(self, step: Any, **_: Any) -> None:
        self.channel.send({"step": step.line_number})


def serve(items: Sequence[pytest.Item], commands: int, results: int) -> None:
    """Run the scenarios the parent names until it closes the command pipe; never returns."""
    code = 0
    channel = Channel(results)
    try:
        config = items[0].config
        config.pluginmanager.register(_StepTracker(channel), "kubeloop-isolation-steps")
        SPAN_LISTENERS.append(lambda extra: channel.send({"allow": extra}))
        from _pytest.runner import runtestprotocol  # noqa: PLC0415

        start_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        baseline = set(sys.modules)
        for line in _lines(commands):
            item = items[int(line)]
            reports = runtestprotocol(item, log=False, nextitem=None)
            forget_engine(baseline)
            serial = [
                config.hook.pytest_report_to_serializable(config=config, report=r) for r in reports
            ]
            for stream in (sys.stdout, sys.stderr):
                with contextlib.suppress(Exception):  # the engine may have closed it
                    stream.flush()
            channel.send({"reports": serial, "leak": leak(start_kb)})
    except BaseException as error:
        code = 1
        with contextlib.suppress(BaseException):
            channel.send({"crash": f"{type(error).__name__} ({error})"[:500]})
    finally:
        os._exit(code)


KUBELOOP = Path(__file__).resolve().parent.parent
_INSTALLED = tuple(
    str(Path(p).resolve()) for p in {sys.prefix, sys.base_prefix, sys.exec_prefix} if p
)


def forget_engine(baseline: set[str]) -> None:
    """Drop the modules the engine's code brought in since the worker started (the learner's
    own files, not kubeloop's or installed ones), so the next scenario imports them afresh:
    module-level state never carries from one scenario to the next, as with a fork each."""
    for name in set(sys.modules) - baseline:
        module = sys.modules.get(name)
        file = getattr(module, "__file__", None)
        if name.startswith("kubeloop") or not isinstance(file, str):
            continue
        path = str(Path(file).resolve())
        if not path.startswith((str(KUBELOOP), *_INSTALLED)):
            del sys.modules[name]


def _lines(fd: int) -> Any:
    """The command pipe's lines, as they arrive; ends when the parent closes it."""
    buffer = b""
    while True:
        chunk = os.read(fd, 4096)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line.decode()


LEAK_MB = 256
"""Memory the worker may take beyond what it started with before it is replaced."""


def leak(start_kb: int) -> str:
    """Why this worker should not serve another scenario ("" if it may): a thread the engine
    left running, or memory it took (its peak, in KB, against ``start_kb``)."""
    threads = threading.active_count()
    if threads > 1:
        return f"{threads - 1} thread(s) left running"
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start_kb
    if grown > LEAK_MB * 1024:
        return f"its memory grew by {grown // 1024} MB"
    return ""
