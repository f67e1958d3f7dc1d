"""Engines under test run where nothing they do can harm the run (Linux: ``os.fork``).

With ``--engine`` other than kubeloop, scenarios run in a forked worker process
(engine_child.py), the way code-grading runners isolate submissions:

- the worker's stdout and stderr go to a pipe the parent drains, keeping at most
  ``OUTPUT_KEPT`` bytes a scenario (flooding costs the engine time, never the run memory);
- the worker has an address-space limit (``RLIMIT_AS``), a recursion limit and its own
  process group, and the kernel kills it when the parent dies (``PR_SET_PDEATHSIG``);
- the parent enforces the step limit itself (the worker's CPU time since the step began,
  read from ``/proc``, and a wall-clock backstop) and a scenario wall-clock limit, with
  SIGKILL to the worker's group, independent of SIGALRM, which the engine may swallow;
- Ctrl-C and SIGTERM kill the worker's group before the run stops, so the reports of what
  finished are written and no engine is left running;
- the worker serves scenario after scenario and is replaced when it dies, is killed, runs
  a scenario that does not pass, or leaks (a thread left running, memory kept).

Whatever the engine does — ``os._exit``, ``sys.exit``, KeyboardInterrupt, closing or
flooding its output, exhausting memory or the stack, ignoring signals, catching
BaseException, mutating globals — the parent writes a failed record for the scenario
that says what happened, and the run goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sys
import time
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import pytest

from kubeloop.harness import engine_child
from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.recorder import RECORD_KEY, new_record
from kubeloop.harness.scenarios import scenario_template
from kubeloop.harness.time_limit import WALL_FACTOR

DEFAULT_SCENARIO_SECONDS = 60.0
DEFAULT_MEMORY_MB = 2048
OUTPUT_KEPT = 4_000
RESULT_LIMIT = 64 * 1024 * 1024
GRACE_SECONDS = 1.0
"""How long past a step's limit the parent waits for the worker's own alarm before SIGKILL."""
TICK = 0.2
"""How often the parent looks at the clock while a scenario runs (Ctrl-C is acted on at once)."""


def available() -> bool:
    return hasattr(os, "fork") and sys.platform.startswith("linux")


@dataclass
class Outcome:
    """What the parent saw of one scenario."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    output: bytes = b""
    output_total: int = 0
    status: int | None = None
    killed: str = ""
    """Why the parent killed the worker: "scenario", "cpu" or "wall" (a step's limits)."""
    seconds: float = 0.0
    step: int | None = None
    """The line of the step that was running last."""
    allowed: float = 0.0
    """CPU seconds the running step was allowed on top of its limit, for the simulated time
    it lets pass (time_limit.allow_span)."""
    allowed_in_all: float = 0.0
    """The same, over every step of the scenario."""

    @property
    def finished(self) -> bool:
        return any("reports" in m for m in self.messages)


class Worker:
    """One forked worker and the parent's ends of its pipes."""

    def __init__(self, items: list[pytest.Item], memory_mb: int) -> None:
        commands_r, self.commands = os.pipe()
        self.results, results_w = os.pipe()
        self.output, output_w = os.pipe()
        parent = os.getpid()
        self.pid = os.fork()
        if self.pid == 0:  # the worker: never returns
            for fd in (self.commands, self.results, self.output):
                os.close(fd)
            engine_child.prepare(parent, output_w, memory_mb)
            engine_child.serve(items, commands_r, results_w)
        for fd in (commands_r, results_w, output_w):
            os.close(fd)
        self.pending = b""
        self.status: int | None = None

    def ask(self, index: int) -> bool:
        """Send a scenario; False if the worker is gone already."""
        try:
            os.write(self.commands, f"{index}\n".encode())
        except OSError:
            return False
        return True

    def cpu_seconds(self) -> float:
        """The worker's CPU time so far (its threads included), from /proc."""
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def exited(self) -> bool:
        if self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
        return self.status is not None

    def stop(self) -> None:
        """Kill the worker's whole group (helpers it forked included) and reap it."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        if self.status is None:
            with contextlib.suppress(ChildProcessError):
                self.status = os.waitpid(self.pid, 0)[1]
        for fd in (self.commands, self.results, self.output):
            with contextlib.suppress(OSError):
                os.close(fd)


class Isolation:
    """The pytest plugin that runs scenarios in a worker (registered by plugin.py)."""

    def __init__(self, engine: str, seconds: float, memory_mb: int, step_seconds: float) -> None:
        self.engine = engine
        self.seconds = seconds
        self.memory_mb = memory_mb
        self.step_seconds = step_seconds
        self.worker: Worker | None = None
        self.index: dict[str, int] = {}
        self.previous_term: Any = None

    def pytest_sessionstart(self) -> None:
        """SIGTERM (a CI timeout, a closed terminal) stops the run as Ctrl-C does."""
        with contextlib.suppress(ValueError):  # not the main thread
            self.previous_term = signal.signal(signal.SIGTERM, _interrupt)

    def pytest_sessionfinish(self) -> None:
        self.retire()
        if self.previous_term is not None:
            signal.signal(signal.SIGTERM, self.previous_term)

    def retire(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.worker = None

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool:
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        try:
            outcome = self._run(item)
        except BaseException:
            self.retire()  # Ctrl-C or SIGTERM: no engine outlives the run
            raise
        reports = _reports(item, outcome)
        keep = reports is not None and all(_ordinary(r) for r in reports)
        if reports is None:
            reports = [self._failure(item, outcome)]
        else:
            for report in reports:
                _show_output(report, outcome)
        leak = next((m.get("leak") for m in outcome.messages if "reports" in m), "")
        if not keep or leak:
            self.retire()
        for report in reports:
            item.ihook.pytest_runtest_logreport(report=report)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    def _run(self, item: pytest.Item) -> Outcome:
        if not self.index:
            self.index = {it.nodeid: i for i, it in enumerate(item.session.items)}
        started = time.monotonic()
        for _ in range(2):  # a worker that died between scenarios is replaced once
            if self.worker is None:
                self.worker = Worker(item.session.items, self.memory_mb)
            if self.worker.ask(self.index[item.nodeid]):
                break
            self.retire()
        assert self.worker is not None
        outcome = self._watch(self.worker, started)
        outcome.seconds = time.monotonic() - started
        return outcome

    def _watch(self, worker: Worker, started: float) -> Outcome:
        outcome = Outcome()
        deadline = started + self.seconds
        step_wall, step_cpu = started, worker.cpu_seconds()
        cpu_limit = self.step_seconds + GRACE_SECONDS if self.step_seconds > 0 else None
        wall_limit = self.step_seconds * WALL_FACTOR * 1.2 + GRACE_SECONDS  # the worker's own
        # alarm first: a loaded machine may take a while to run its handler
        open_fds = [worker.results, worker.output]
        while not outcome.finished:
            now = time.monotonic()
            allowed = outcome.allowed
            if now >= deadline + outcome.allowed_in_all * WALL_FACTOR:
                outcome.killed = "scenario"
            elif cpu_limit is not None and worker.cpu_seconds() - step_cpu > cpu_limit + allowed:
                outcome.killed = "cpu"
            elif cpu_limit is not None and now - step_wall > wall_limit + allowed * WALL_FACTOR:
                outcome.killed = "wall"
            if outcome.killed or not open_fds:
                break
            ready, _, _ = select.select(open_fds, [], [], min(deadline - now, TICK))
            for fd in ready:
                data = _read(fd)
                if not data:
                    open_fds.remove(fd)
                elif fd == worker.output:
                    _keep_output(outcome, data)
                elif _take(worker, outcome, data):
                    step_wall, step_cpu = time.monotonic(), worker.cpu_seconds()
            if not ready and worker.exited():
                break  # it died, though a process it started may hold the pipes open
        while outcome.finished and (data := _read(worker.output, wait=0)):
            _keep_output(outcome, data)  # what it printed before it answered
        if not outcome.finished:
            if worker.results not in open_fds:  # it closed its end: let it exit first
                for _ in range(10):
                    if worker.exited():
                        break
                    time.sleep(0.05)
            self.retire()
            outcome.status = worker.status
        return outcome

    def _failure(self, item: pytest.Item, outcome: Outcome) -> pytest.TestReport:
        """A failed report for a scenario whose worker did not finish, saying what happened."""
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
        if outcome.killed == "scenario":
            text = (
                f"{who} was killed after {self.seconds:g} s: the scenario's wall-clock limit "
                "(--scenario-timeout sets it; is the engine stuck, or ignoring signals?)"
            )
        elif outcome.killed == "cpu":
            text = (
                f"{who} was killed: the step used more than {self.step_seconds:g} s of CPU time "
                "and the engine did not stop at the step's alarm (is it stuck in a loop that "
                "catches every exception? --step-timeout sets the limit)"
            )
        elif outcome.killed == "wall":
            text = (
                f"{who} was killed: the step ran {self.step_seconds * WALL_FACTOR:g} s of wall "
                f"clock ({WALL_FACTOR:g} x --step-timeout, the backstop for an engine that "
                "waits instead of computing) and did not stop at the step's alarm"
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
        return text + _output_note(outcome)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"stopped by {signal.Signals(signum).name}")


def _read(fd: int, wait: float | None = None) -> bytes:
    if wait is not None and not select.select([fd], [], [], wait)[0]:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:
        return b""


def _keep_output(outcome: Outcome, data: bytes) -> None:
    outcome.output_total += len(data)
    outcome.output += data[: max(0, OUTPUT_KEPT - len(outcome.output))]


def _take(worker: Worker, outcome: Outcome, data: bytes) -> bool:
    """Add the worker's complete messages to the outcome; True if a step started."""
    if len(worker.pending) < RESULT_LIMIT:
        worker.pending += data
    *lines, worker.pending = worker.pending.split(b"\n")
    stepped = False
    for line in lines:
        with contextlib.suppress(ValueError):
            message = json.loads(line)
            if isinstance(message, dict):
                outcome.messages.append(message)
                if "step" in message:
                    outcome.step = message["step"]
                    outcome.allowed = 0.0
                    stepped = True
                if isinstance(message.get("allow"), float):
                    outcome.allowed += message["allow"]
                    outcome.allowed_in_all += message["allow"]
    return stepped


def _output_note(outcome: Outcome) -> str:
    output = outcome.output.decode("utf-8", "replace")
    if not output.strip():
        return ""
    dropped = outcome.output_total - len(outcome.output)
    note = f" (first {OUTPUT_KEPT} of {outcome.output_total} bytes)" if dropped else ""
    return f"\nits output{note}:\n{output.rstrip()}"


def _show_output(report: pytest.TestReport, outcome: Outcome) -> None:
    """Under a failed step, what the engine printed while the scenario ran."""
    note = _output_note(outcome)
    if not report.failed or not note:
        return
    for index, (key, value) in enumerate(report.user_properties):
        if key != RECORD_KEY:
            continue
        record = ScenarioRecord.from_json(str(value))
        step = record.failed_step
        if step is not None:
            step.error += note
        else:
            record.message += note
        report.user_properties[index] = (RECORD_KEY, record.to_json())


ORDINARY = frozenset({"ScenarioAssertionError", "EngineCapabilityError", "StepTimeoutError"})
"""Failures that leave the worker fit for the next scenario: a check said no, the engine
lacks a member, a step ran out of time (the engine stopped at the alarm). Anything else
the engine raised may have left the process broken, so the worker is replaced."""


def _ordinary(report: pytest.TestReport) -> bool:
    """Did this scenario pass, or fail only in ways that leave the worker sound?"""
    if not report.failed:
        return True
    records = [v for k, v in report.user_properties if k == RECORD_KEY]
    if not records:
        return False
    for step in ScenarioRecord.from_json(str(records[0])).steps:
        if step.status != "failed" or step.error_type in ORDINARY:
            continue
        if step.error_type == "EngineCrashError" and "not implemented yet" in step.error:
            continue
        return False
    return True


def _reports(item: pytest.Item, outcome: Outcome) -> list[pytest.TestReport] | None:
    """The worker's own reports, if it finished; None if it did not."""
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
