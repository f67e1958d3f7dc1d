"""Misbehaving engines under test (tests/hostile/engines/): each misbehaves when a node named
"boom" is added. Whatever it does, its scenario fails saying what happened, the next
scenario runs and passes, every report is written, and the run exits 1 — never a false
pass, a hang, a traceback or an INTERNALERROR."""

from __future__ import annotations

import json
import math
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kubeloop.harness import isolation

ENGINES = Path(__file__).parent / "engines"
FEATURE = """Feature: misbehaving engine
  Scenario: the engine misbehaves
    Given 1 node
    And a node boom
    Then 0 pods are pending

  Scenario: the engine behaves
    Given a node fine
    Then 0 pods are pending
"""
# engine → what the misbehaving scenario must say ("" for: the scenario passes anyway)
EXPECTED = {
    "exit_zero": "engine exit_zero exited with status 0 before the scenario finished",
    "exit_three": "engine exit_three exited with status 3 before the scenario finished",
    "sys_exit": 'engine sys_exit raised SystemExit in "And a node boom"',
    "keyboard": 'engine keyboard raised KeyboardInterrupt in "And a node boom"',
    "close_stdout": "",
    "flood": "",
    "memory": "engine memory ran out of memory",  # in its step, or wherever it struck
    "recursion": 'engine recursion raised RecursionError in "And a node boom"',
    "c_stack": "engine c_stack ",  # SIGSEGV, out of memory or killed: the engine's, anyway
    "ignores_alarm": "engine ignores_alarm was killed after {limit} s",
    "swallows_base": "engine swallows_base was killed after {limit} s",
    "sleeps": '"And a node boom" did not finish within {wall} s of wall clock',
    "segfault": "engine segfault crashed with signal SIGSEGV",
    "aborts": "engine aborts crashed with signal SIGABRT",
    "kills_itself": "engine kills_itself was killed by SIGKILL",
    "closes_fds": "engine closes_fds",
    "orphan": "",
    "mutates": "'NoneType' object is not callable",
    "evil_error": 'engine evil_error raised Evil in "And a node boom": (its message cannot',
    "stderr_exit": "engine: giving up",
    "thread_forever": "engine thread_forever exited with status 0",
    "term_ignored": "engine term_ignored was killed after {limit} s",
}
SCENARIO_LIMIT = "killed after {limit} s"
"""The engines only the scenario's wall-clock limit stops (they ignore the step's alarm)."""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not isolation.available(), reason="isolation needs os.fork (Linux)"),
]


def _run(engine: str, project: Path, *limits: str) -> tuple[int, str]:
    (project / "features").mkdir(parents=True)
    (project / "features" / "engine.feature").write_text(FEATURE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ENGINES), *sys.path])}
    command = [sys.executable, "-m", "kubeloop.cli", "run", "features", "--engine", engine]
    command += [*limits, "--engine-memory", "400", "--report", "reports"]
    result = subprocess.run(
        command, cwd=project, env=env, capture_output=True, timeout=600, check=False
    )
    return result.returncode, (result.stdout + result.stderr).decode("utf-8", "replace")


@pytest.fixture(scope="module")
def slowness(tmp_path_factory: pytest.TempPathFactory) -> int:
    """How many times longer than its CPU time a run takes on the wall clock now (1 on an idle
    machine, about 5 on two cores at load 10): a well-behaved engine's run (_base.py), timed.
    The time limits below are multiplied by it, so a fresh worker that needs a second of CPU
    still finishes inside them on a loaded machine, and an engine that ignores its alarm
    still spins for about the same CPU time before the limit stops it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    code, output = _run("_base", tmp_path_factory.mktemp("reference"))
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    assert code == 0 and "2 passed, 0 failed" in output, output
    return max(1, math.floor(wall / max(cpu, 0.1)))


def _limits(engine: str, slowness: int) -> tuple[str, ...]:
    """The step and scenario limits of an engine's run, in seconds, scaled by ``slowness``:
    6 s for the scenario of an engine only that limit stops (the next scenario's fresh
    worker starts within the same limit), with a step CPU limit above it, which it cannot
    reach first (a thread's CPU time never exceeds its wall clock); 1 s for the step of one
    that sleeps (its alarm, at 10 x that on the wall clock, stops it); 30 s and 15 s for the
    others."""
    if SCENARIO_LIMIT in EXPECTED[engine]:
        scenario, step = 6 * slowness, 8 * slowness
    else:
        scenario, step = 30 * slowness, (1 if engine == "sleeps" else 15) * slowness
    return "--step-timeout", str(step), "--scenario-timeout", str(scenario)


def test_there_are_twenty_misbehaving_engines() -> None:
    assert len(EXPECTED) >= 20
    assert {p.stem for p in ENGINES.glob("[!_]*.py")} == set(EXPECTED)


@pytest.mark.parametrize("engine", sorted(EXPECTED))
def test_a_misbehaving_engine_fails_only_its_scenario(
    engine: str, slowness: int, tmp_path: Path
) -> None:
    code, output = _run(engine, tmp_path, *_limits(engine, slowness))
    assert "Traceback" not in output and "INTERNALERROR" not in output, output
    assert "no scenarios ran" not in output, output
    records = json.loads((tmp_path / "reports" / "cucumber.json").read_text())
    statuses = {
        element["name"]: {s["result"]["status"] for s in element["steps"]}
        for feature in records
        for element in feature["elements"]
    }
    assert statuses["the engine behaves"] == {"passed"}, output
    if EXPECTED[engine]:
        assert code == 1, output
        assert "failed" in statuses["the engine misbehaves"], output
        expected = EXPECTED[engine].format(limit=6 * slowness, wall=10 * slowness)
        assert expected in output, output
        assert "1 passed, 1 failed" in output, output
    else:  # it misbehaved in a way that does not stop the scenario: it may pass
        assert code == 0, output
        assert "2 passed, 0 failed" in output, output
    for report in ("junit.xml", "cucumber.json", "messages.ndjson"):
        assert (tmp_path / "reports" / report).stat().st_size > 0
