"""Harness overhead: generated scenarios through ``kubeloop run`` beside the same engine
calls as plain pytest functions and as behave scenarios, at 500 and 5,000 scenarios.

``python benchmarks/harness.py [--base DIR] [SCENARIOS ...]`` (behave: ``pip install -e
'.[bench]'``; without it its column says so). ``--base DIR`` adds ``kubeloop run`` from
another checkout (``git worktree add DIR main``), run alternately with this one, so a change
is measured against the code before it under the same load.

"plain pytest" runs with the kubeloop plugin loaded, as any pytest run does where kubeloop is
installed (its ``pytest_configure`` imports the step library); "plain pytest, no kubeloop"
adds ``-p no:kubeloop``, the same functions with nothing of kubeloop's harness loaded.

Each scenario: 3 nodes and a deployment of N (settled), a node fails and the cluster
reconciles, then two checks — five steps, a realistic small scenario. Figures are CPU time
(user + system) of the child process, best of three, alternating the runners so load
changes hit every column alike.
"""

from __future__ import annotations

import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = (500, 5000)
PER_FILE = 10
RUNS = 3

FEATURE_HEAD = "Feature: Generated {index}\n"
SCENARIO = """
  Scenario: Node failure {number}
    Given 3 nodes and a deployment of {replicas}
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And {replicas} pods are running
"""

CALLS = """
def build(replicas):
    cluster = Cluster(nodes=[Node(f"node-{i}", cpu="4", memory="8Gi") for i in (1, 2, 3)])
    cluster.apply(Deployment("web", replicas=replicas, cpu="500m", memory="256Mi"))
    return cluster


def fail(cluster):
    cluster.reconcile_until_stable()
    cluster.fail_node("node-1")
    cluster.reconcile()


def nothing_on(cluster, node):
    assert not [p for p in cluster.pods() if p.node == node]


def running(cluster, replicas):
    assert len([p for p in cluster.pods() if p.phase == "Running"]) == replicas
"""

PLAIN_HEAD = (
    "from kubeloop import Cluster, Deployment, Node\n"
    + CALLS
    + """

def run(replicas: int) -> None:
    cluster = build(replicas)
    fail(cluster)
    nothing_on(cluster, "node-1")
    running(cluster, replicas)
"""
)

BEHAVE_STEPS = (
    "from behave import given, then, when\n\nfrom kubeloop import Cluster, Deployment, Node\n"
    + CALLS
    + """

@given("3 nodes and a deployment of {replicas:d}")
def step_build(context, replicas):
    context.cluster = build(replicas)


@when("node-1 fails and I reconcile")
def step_fail(context):
    fail(context.cluster)


@then("no pod is on node-1")
def step_nothing_on(context):
    nothing_on(context.cluster, "node-1")


@then("{replicas:d} pods are running")
def step_running(context, replicas):
    running(context.cluster, replicas)
"""
)


def write_projects(root: Path, scenarios: int) -> tuple[Path, Path, Path]:
    bdd, plain, behave = root / "bdd", root / "plain", root / "behave" / "features"
    for folder in (bdd, plain, behave / "steps"):
        folder.mkdir(parents=True)
    (behave / "steps" / "steps.py").write_text(BEHAVE_STEPS)
    for index in range(scenarios // PER_FILE):
        body = FEATURE_HEAD.format(index=index)
        tests = PLAIN_HEAD
        for offset in range(PER_FILE):
            number = index * PER_FILE + offset
            replicas = 2 + number % 6
            body += SCENARIO.format(number=number, replicas=replicas)
            tests += f"\n\ndef test_node_failure_{number}() -> None:\n    run({replicas})\n"
        (bdd / f"generated_{index:03d}.feature").write_text(body)
        (behave / f"generated_{index:03d}.feature").write_text(body)
        (plain / f"test_generated_{index:03d}.py").write_text(tests)
    return bdd, plain, behave


def cpu_seconds(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """CPU time (user + system) the command's process tree took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(
            f"{' '.join(command)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def commands(root: Path, bdd: Path, plain: Path, behave: Path) -> dict[str, list[str]]:
    python = sys.executable
    found = {
        "plain pytest": [
            *(python, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *("-p", "no:hypothesispytest", str(plain)),
        ],
        "plain pytest, no kubeloop": [
            *(python, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *("-p", "no:hypothesispytest", "-p", "no:kubeloop", str(plain)),
        ],
        "kubeloop run": [python, "-m", "kubeloop.cli", "run", str(bdd)],
        "kubeloop run --report": [
            *(python, "-m", "kubeloop.cli", "run", str(bdd)),
            *("--report", str(root / "report")),
        ],
    }
    if BASE is not None:
        found["kubeloop run (base)"] = found["kubeloop run"]
        found["kubeloop run --report (base)"] = found["kubeloop run --report"]
    if importlib.util.find_spec("behave") is not None:
        found["behave"] = [
            *(python, "-m", "behave", "--format", "progress", "--no-summary"),
            *("--no-snippets", str(behave)),
        ]
    return found


def measure(scenarios: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        bdd, plain, behave = write_projects(root, scenarios)
        runners = commands(root, bdd, plain, behave)
        best: dict[str, float] = {}
        for _ in range(RUNS):
            for name, command in runners.items():
                seconds = cpu_seconds(command, root, _environment(name))
                best[name] = min(best.get(name, seconds), seconds)
    return best


def _environment(runner: str) -> dict[str, str] | None:
    """The base checkout's runners import kubeloop (and its pytest plugin) from it."""
    if BASE is None or not runner.endswith(" (base)"):
        return None
    return {**os.environ, "PYTHONPATH": str(BASE)}


def _beside(best: dict[str, float], plain: float) -> str:
    """Ours beside behave's, each over plain pytest (behave: the same scenarios and calls)."""
    ours = f"kubeloop run {best['kubeloop run'] / plain:.2f}×"
    bare = best["kubeloop run"] / best["plain pytest, no kubeloop"]
    theirs = "not installed" if "behave" not in best else f"{best['behave'] / plain:.2f}×"
    return f"{ours} plain pytest (behave {theirs}; {bare:.2f}× it without the kubeloop plugin)"


BASE: Path | None = None


def main(argv: list[str]) -> None:
    global BASE  # set once, from the command line
    if argv[:1] == ["--base"]:
        BASE, argv = Path(argv[1]).resolve(), argv[2:]
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds, best of {RUNS}")
    if sys.dont_write_bytecode:
        print(
            "PYTHONDONTWRITEBYTECODE is set: every run compiles (and pytest assertion-rewrites)"
            " kubeloop's modules from source, a fixed cost that a bytecode cache pays once"
        )
    if BASE is not None:
        print(f"base: kubeloop from {BASE}")
    for scenarios in sizes:
        best = measure(scenarios)
        plain = best["plain pytest"]
        print(f"\n{scenarios} scenarios                 CPU s   × plain   ms/scenario")
        shown = ("plain pytest", "plain pytest, no kubeloop")
        for name in (*shown, *(n for n in best if n.startswith("kubeloop")), "behave"):
            if name not in best:
                print(f"  {name:28} (not installed: pip install -e '.[bench]')")
                continue
            seconds = best[name]
            print(
                f"  {name:28} {seconds:6.2f}  {seconds / plain:6.2f}×"
                f"  {seconds / scenarios * 1000:8.2f}"
            )
        print(f"  target: kubeloop run ≤ 1.3× plain pytest ({1.3 * plain:.2f} s)")
        print("  " + _beside(best, plain))
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
