"""Misbehaving engines under test (tests/hostile/engines/): each misbehaves when a node named
"boom" is added. Whatever it does, its scenario fails saying what happened, the next
scenario runs and passes, every report is written, and the run exits 1 — never a false
pass, a hang, a traceback or an INTERNALERROR."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
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
    "ignores_alarm": "engine ignores_alarm was killed after 6 s",
    "swallows_base": "engine swallows_base was killed after 6 s",
    "sleeps": '"And a node boom" did not finish within 10 s of wall clock',
    "segfault": "engine segfault crashed with signal SIGSEGV",
    "aborts": "engine aborts crashed with signal SIGABRT",
    "kills_itself": "engine kills_itself was killed by SIGKILL",
    "closes_fds": "engine closes_fds",
    "orphan": "",
    "mutates": "'NoneType' object is not callable",
    "evil_error": 'engine evil_error raised Evil in "And a node boom": (its message cannot',
    "stderr_exit": "engine: giving up",
    "thread_forever": "engine thread_forever exited with status 0",
    "term_ignored": "engine term_ignored was killed after 6 s",
}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not isolation.available(), reason="isolation needs os.fork (Linux)"),
]


def _run(engine: str, root: Path) -> tuple[int, str, Path]:
    project = root / engine
    (project / "features").mkdir(parents=True)
    (project / "features" / "engine.feature").write_text(FEATURE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ENGINES), *sys.path])}
    command = [sys.executable, "-m", "kubeloop.cli", "run", "features", "--engine", engine]
    # 6 s: the next scenario's fresh worker starts within the same limit, on a loaded machine too
    limit = "6" if "killed after 6 s" in EXPECTED[engine] else "30"
    step = "1" if engine == "sleeps" else "15"
    command += ["--step-timeout", step, "--scenario-timeout", limit, "--engine-memory", "400"]
    command += ["--report", "reports"]
    result = subprocess.run(
        command, cwd=project, env=env, capture_output=True, timeout=90, check=False
    )
    output = (result.stdout + result.stderr).decode("utf-8", "replace")
    return result.returncode, output, project


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, str, Path]]:
    root = tmp_path_factory.mktemp("engines")
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = pool.map(lambda e: (e, _run(e, root)), sorted(EXPECTED))
        return dict(results)


def test_there_are_twenty_misbehaving_engines() -> None:
    assert len(EXPECTED) >= 20
    assert {p.stem for p in ENGINES.glob("[!_]*.py")} == set(EXPECTED)


@pytest.mark.parametrize("engine", sorted(EXPECTED))
def test_a_misbehaving_engine_fails_only_its_scenario(
    engine: str, runs: dict[str, tuple[int, str, Path]]
) -> None:
    code, output, project = runs[engine]
    assert "Traceback" not in output and "INTERNALERROR" not in output, output
    assert "no scenarios ran" not in output, output
    records = json.loads((project / "reports" / "cucumber.json").read_text())
    statuses = {
        element["name"]: {s["result"]["status"] for s in element["steps"]}
        for feature in records
        for element in feature["elements"]
    }
    assert statuses["the engine behaves"] == {"passed"}, output
    if EXPECTED[engine]:
        assert code == 1, output
        assert "failed" in statuses["the engine misbehaves"], output
        assert EXPECTED[engine] in output, output
        assert "1 passed, 1 failed" in output, output
    else:  # it misbehaved in a way that does not stop the scenario: it may pass
        assert code == 0, output
        assert "2 passed, 0 failed" in output, output
    for report in ("junit.xml", "cucumber.json", "messages.ndjson"):
        assert (project / "reports" / report).stat().st_size > 0
