"""The engine's worker process: it serves many scenarios, is replaced when a scenario goes
wrong, is held to the step limit by the parent, and never outlives the run — Ctrl-C,
SIGTERM or SIGKILL to ``kubeloop run``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kubeloop.harness import isolation

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not isolation.available(), reason="isolation needs os.fork (Linux)"),
]

FEATURE = """Feature: Lifecycle
  Scenario: first
    Given a node one
    Then 0 pods are pending

  Scenario: second
    Given a node two
    Then 0 pods are pending

  Scenario: the engine spins
    Given a node spin
    Then 0 pods are pending

  Scenario: after the spin
    Given a node three
    Then 0 pods are pending
"""

ENGINE = """
import os
from kubeloop import *  # noqa: F403
from kubeloop import Cluster as _Cluster

LOG = os.environ["ENGINE_LOG"]


class Cluster(_Cluster):
    def add_node(self, node):
        with open(LOG, "a") as log:
            log.write(f"{node.name} {os.getpid()}\\n")
        if node.name == "spin":  # busy, and deaf to the step's alarm
            while True:
                try:
                    while True:
                        pass
                except BaseException:
                    continue
        super().add_node(node)
"""


def _start(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], Path]:
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "life.feature").write_text(FEATURE)
    (tmp_path / "spinner.py").write_text(ENGINE)
    log = tmp_path / "engine.log"
    env = {**os.environ, "ENGINE_LOG": str(log), "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "kubeloop.cli", "run", "features", "--engine", "spinner"]
    command += ["--report", "reports", *extra]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        preexec_fn=_as_a_terminal_would,  # noqa: PLW1509 (no threads start before the exec)
    )
    return process, log


def _as_a_terminal_would() -> None:
    """Ctrl-C reaches the run as it does a command typed in a terminal: a test session
    started in the background by a script inherits SIGINT ignored, and so would the run."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _pids(log: Path) -> dict[str, int]:
    lines = log.read_text().split("\n") if log.exists() else []
    return {name: int(pid) for name, pid in (line.split() for line in lines if line)}


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for_spin(log: Path, process: subprocess.Popen[bytes]) -> int:
    for _ in range(600):
        if "spin" in _pids(log):
            return _pids(log)["spin"]
        assert process.poll() is None, process.communicate()[0].decode()
        time.sleep(0.1)
    raise AssertionError("the engine never reached the spinning step")


def test_one_worker_serves_the_passing_scenarios_and_the_parent_enforces_the_step_limit(
    tmp_path: Path,
) -> None:
    # 3 s: the parent's CPU limit (3 s + 1 s of grace) must come before its wall-clock backstop
    # (10 x 3 s x 1.2 + 1 s), so the spinner needs a ninth of a core (at 1 s, two thirteenths:
    # it did not get them at load 10 on two cores)
    process, log = _start(tmp_path, "--step-timeout", "3")
    output = process.communicate(timeout=300)[0].decode()
    pids = _pids(log)
    assert pids["one"] == pids["two"] == pids["spin"], pids  # one fork for three scenarios
    assert pids["three"] != pids["spin"], pids  # the killed worker was replaced
    assert "used more than 3 s of CPU time" in output, output
    assert "3 passed, 1 failed" in output, output
    assert "kubeloop run --engine spinner features/life.feature:10" in output, output


@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_sigterm_stops_the_run_at_once_and_writes_what_finished(
    tmp_path: Path, sent: signal.Signals
) -> None:
    process, log = _start(tmp_path, "--step-timeout", "0")
    worker = _wait_for_spin(log, process)
    began = time.monotonic()
    process.send_signal(sent)
    output = process.communicate(timeout=30)[0].decode()
    assert time.monotonic() - began < 5, output  # a second, give or take a loaded machine
    assert process.returncode == 130, output
    assert "interrupted: the reports hold the 2 scenarios that finished" in output, output
    assert "Traceback" not in output, output
    assert not _alive(worker), f"the engine (pid {worker}) outlived the run"
    results = json.loads((tmp_path / "reports" / "results.json").read_text())
    assert [t["status"] for t in results["tests"]] == ["pass", "pass"], results


def test_the_worker_dies_with_a_killed_run(tmp_path: Path) -> None:
    process, log = _start(tmp_path, "--step-timeout", "0")
    worker = _wait_for_spin(log, process)
    process.kill()
    process.communicate(timeout=30)
    for _ in range(50):
        if not _alive(worker):
            return
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)  # do not leave it spinning
    raise AssertionError(f"the engine (pid {worker}) outlived a SIGKILLed run")


GLOBALS = """
from kubeloop import *  # noqa: F403
from kubeloop import Cluster as _Cluster

CLUSTERS = []  # module-level state a learner might keep


class Cluster(_Cluster):
    def __init__(self, *args, **kwargs):
        CLUSTERS.append(self)
        assert len(CLUSTERS) == 1, "state left over from another scenario"
        super().__init__(*args, **kwargs)
"""


def test_module_state_never_carries_from_one_scenario_to_the_next(tmp_path: Path) -> None:
    (tmp_path / "features").mkdir()
    two = FEATURE.split("  Scenario: the engine spins", maxsplit=1)[0]
    (tmp_path / "features" / "two.feature").write_text(two)
    (tmp_path / "keeper.py").write_text(GLOBALS)
    command = [sys.executable, "-m", "kubeloop.cli", "run", "features", "--engine", "keeper"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    result = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, timeout=120, check=False
    )
    output = result.stdout.decode()
    assert "2 passed, 0 failed" in output, output
