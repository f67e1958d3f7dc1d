"""Engines under test run where nothing they do can harm the run (Linux: ``os.fork``).

With ``--engine`` other than kubeloop, each scenario runs in a forked child process, the
way code-grading runners isolate submissions:

- the child's stdout and stderr go to a pipe the parent drains, keeping at most
  ``OUTPUT_KEPT`` bytes (flooding costs the engine time, never the run memory);
- the child has an address-space limit (``RLIMIT_AS``) and a recursion limit, and its own
  process group;
- the parent enforces a hard wall-clock limit with SIGKILL (independent of SIGALRM, which
  the engine may ignore or swallow);
- the child sends its pytest reports (which carry the scenario's record) back over a
  second pipe, and tells the parent which step it starts, so a scenario that dies says
  where.

Whatever the child does — ``os._exit``, ``sys.exit``, KeyboardInterrupt, closing or
flooding its output, exhausting memory or the stack, ignoring signals, catching
BaseException, mutating globals — the parent writes a failed record for the scenario
that says what happened, and the run goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import select
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from kubeloop.harness.recorder import RECORD_KEY, new_record
from kubeloop.harness.scenarios import scenario_template

DEFAULT_SCENARIO_SECONDS = 60.0
DEFAULT_MEMORY_MB = 2048
RECURSION_LIMIT = 2_000
OUTPUT_KEPT = 4_000
RESULT_LIMIT = 64 * 1024 * 1024
IN_CHILD = False
"""True inside an isolated child: the world then reports BaseExceptions as the engine's."""


def available() -> bool:
    return hasattr(os, "fork") and sys.platform.startswith("linux")


@dataclass
class Outcome:
    """What the parent saw of one child."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    output: bytes = b""
    output_total: int = 0
    status: int | None = None
    killed: bool = False
    seconds: float = 0.0


class Isolation:
    """The pytest plugin that forks one child per scenario (registered by plugin.py)."""

    def __init__(self, engine: str, seconds: float, memory_mb: int) -> None:
        self.engine = engine
        self.seconds = seconds
        self.memory_mb = memory_mb

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool:
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        outcome = self._run(item)
        reports = _reports(item, outcome)
        if reports is None:
            reports = [self._failure(item, outcome)]
        for report in reports:
            item.ihook.pytest_runtest_logreport(report=report)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    def _run(self, item: pytest.Item) -> Outcome:
        result_r, result_w = os.pipe()
        output_r, output_w = os.pipe()
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(result_r)
            os.close(output_r)
            _child(item, result_w, output_w, self.memory_mb)
        os.close(result_w)
        os.close(output_w)
        outcome = _watch(pid, result_r, output_r, started + self.seconds)
        outcome.seconds = time.monotonic() - started
        return outcome

    def _failure(self, item: pytest.Item, outcome: Outcome) -> pytest.TestReport:
        """A failed report for a scenario whose child did not finish, saying what happened."""
        message = self.explain(outcome)
        template = scenario_template(item)
        properties: list[tuple[str, object]] = []
        if template is not None:
            record = new_record(item, template, self.engine)
            record.status = "failed"
            record.message = message
            record.duration_ns = int(outcome.seconds * 1e9)
            started = [m["step"] for m in outcome.messages if "step" in m]
            for step in record.steps:
                if started and step.line == started[-1]:
                    step.status, step.error, step.error_type = "failed", message, "EngineDied"
                    break
                if step.line in started:
                    step.status = "passed"
            else:
                record.status = "error"
            properties.append((RECORD_KEY, record.to_json()))
        return pytest.TestReport(
            item.nodeid,
            item.location,
            {},
            "failed",
            message,
            "call",
            user_properties=properties,
            duration=outcome.seconds,
        )

    def explain(self, outcome: Outcome) -> str:
        who = f"engine {self.engine}"
        crash = next((m["crash"] for m in outcome.messages if "crash" in m), None)
        status = outcome.status
        output = outcome.output.decode("utf-8", "replace")
        if outcome.killed:
            text = (
                f"{who} was killed after {self.seconds:g} s: the scenario's wall-clock limit "
                "(--scenario-timeout sets it; is the engine stuck, or ignoring signals?)"
            )
        elif crash is not None and crash.startswith("MemoryError"):
            text = f"{who} ran out of memory (the limit is {self.memory_mb} MB)"
        elif crash is not None:
            text = f"{who} raised {crash}, which stopped the scenario"
        elif "MemoryError" in output:
            text = f"{who} ran out of memory (the limit is {self.memory_mb} MB)"
        elif status is not None and os.WIFSIGNALED(status) and os.WTERMSIG(status) == 9:
            text = (
                f"{who} was killed by SIGKILL before the scenario finished (the kernel's "
                f"out-of-memory killer does this; the limit is {self.memory_mb} MB)"
            )
        elif status is not None and os.WIFSIGNALED(status):
            name = signal.Signals(os.WTERMSIG(status)).name
            text = f"{who} crashed with signal {name} before the scenario finished"
        elif status is not None and os.WIFEXITED(status):
            text = (
                f"{who} exited with status {os.WEXITSTATUS(status)} before the scenario "
                "finished (did it call os._exit or close the harness's pipes?)"
            )
        else:
            text = f"{who} stopped before the scenario finished"
        if output.strip():
            dropped = outcome.output_total - len(outcome.output)
            note = f" (first {OUTPUT_KEPT} of {outcome.output_total} bytes)" if dropped else ""
            text += f"\nits output{note}:\n{output.rstrip()}"
        return text


def _child(item: pytest.Item, result_w: int, output_w: int, memory_mb: int) -> None:
    """Run one scenario and send its reports; always ends with os._exit."""
    global IN_CHILD  # noqa: PLW0603 (this process exists for this scenario only)
    IN_CHILD = True
    code = 0
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(output_w, 1)
        os.dup2(output_w, 2)
        os.close(output_w)
        sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
        limit = memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        sys.setrecursionlimit(RECURSION_LIMIT)
        channel = _Channel(result_w)
        item.config.pluginmanager.register(_StepTracker(channel), "kubeloop-isolation-steps")
        from _pytest.runner import runtestprotocol  # noqa: PLC0415

        reports = runtestprotocol(item, log=False, nextitem=None)
        serial = [
            item.config.hook.pytest_report_to_serializable(config=item.config, report=r)
            for r in reports
        ]
        channel.send({"reports": serial})
    except BaseException as error:
        code = 1
        with contextlib.suppress(BaseException):
            _Channel(result_w).send({"crash": f"{type(error).__name__} ({error})"[:500]})
    finally:
        os._exit(code)


class _Channel:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data) :]


class _StepTracker:
    """In the child: tells the parent each step as it starts."""

    def __init__(self, channel: _Channel) -> None:
        self.channel = channel

    def pytest_bdd_before_step(self, step: Any, **_: Any) -> None:
        self.channel.send({"step": step.line_number})


def _watch(pid: int, result_r: int, output_r: int, deadline: float) -> Outcome:
    outcome = Outcome()
    result = bytearray()
    open_fds = {result_r, output_r}
    while open_fds:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            outcome.killed = True
            break
        ready, _, _ = select.select(list(open_fds), [], [], min(remaining, 0.25))
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                open_fds.discard(fd)
                os.close(fd)
            elif fd == result_r:
                result += data if len(result) < RESULT_LIMIT else b""
            else:
                outcome.output_total += len(data)
                outcome.output += data[: max(0, OUTPUT_KEPT - len(outcome.output))]
        if not ready:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:  # exited, but a process it started may hold the pipes open
                outcome.status = status
                break
    if outcome.killed or outcome.status is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    if outcome.status is None:
        outcome.status = os.waitpid(pid, 0)[1]
    elif open_fds:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)  # the child is gone; so are its leftovers
    for fd in open_fds:
        os.close(fd)
    for line in bytes(result).splitlines():
        with contextlib.suppress(ValueError):
            message = json.loads(line)
            if isinstance(message, dict):
                outcome.messages.append(message)
    return outcome


def _reports(item: pytest.Item, outcome: Outcome) -> list[pytest.TestReport] | None:
    """The child's own reports, if it finished; None if it did not."""
    if outcome.killed:
        return None
    serial = next((m["reports"] for m in outcome.messages if "reports" in m), None)
    if not isinstance(serial, list) or not serial:
        return None
    reports = []
    for data in serial:
        report = item.config.hook.pytest_report_from_serializable(config=item.config, data=data)
        if not isinstance(report, pytest.TestReport):
            return None
        reports.append(report)
    return reports
