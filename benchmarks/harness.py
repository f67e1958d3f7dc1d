"""Harness overhead: 500 generated scenarios through ``kubeloop run`` against the same
engine calls as 500 plain pytest functions. ``python benchmarks/harness.py``.

Each scenario: 3 nodes and a deployment of N (settled), a node fails and the cluster
reconciles, then two checks — five steps, a realistic small scenario.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCENARIOS = 500
PER_FILE = 10

FEATURE_HEAD = "Feature: Generated {index}\n"
SCENARIO = """
  Scenario: Node failure {number}
    Given 3 nodes and a deployment of {replicas}
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And {replicas} pods are running
"""

PLAIN_HEAD = """from kubeloop import Cluster, Deployment, Node


def run(replicas: int) -> None:
    cluster = Cluster(nodes=[Node(f"node-{i}", cpu="4", memory="8Gi") for i in (1, 2, 3)])
    cluster.apply(Deployment("web", replicas=replicas, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.fail_node("node-1")
    cluster.reconcile()
    assert not [p for p in cluster.pods() if p.node == "node-1"]
    assert len([p for p in cluster.pods() if p.phase == "Running"]) == replicas
"""


def write_projects(root: Path) -> tuple[Path, Path]:
    bdd, plain = root / "bdd", root / "plain"
    bdd.mkdir()
    plain.mkdir()
    for index in range(SCENARIOS // PER_FILE):
        body = FEATURE_HEAD.format(index=index)
        tests = PLAIN_HEAD
        for offset in range(PER_FILE):
            number = index * PER_FILE + offset
            replicas = 2 + number % 6
            body += SCENARIO.format(number=number, replicas=replicas)
            tests += f"\n\ndef test_node_failure_{number}() -> None:\n    run({replicas})\n"
        (bdd / f"generated_{index:02d}.feature").write_text(body)
        (plain / f"test_generated_{index:02d}.py").write_text(tests)
    return bdd, plain


def timed(command: list[str], cwd: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(
            f"{' '.join(command)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        )
    return elapsed, done.stdout


def best_of(runs: int, command: list[str], cwd: Path) -> float:
    return min(timed(command, cwd)[0] for _ in range(runs))


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        bdd, plain = write_projects(Path(scratch))
        kubeloop = [sys.executable, "-m", "kubeloop.cli", "run", str(bdd)]
        pytest = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:hypothesispytest",
            str(plain),
        ]
        bdd_seconds = best_of(3, kubeloop, Path(scratch))
        plain_seconds = best_of(3, pytest, Path(scratch))
        reports = [*kubeloop, "--report", str(Path(scratch) / "report")]
        report_seconds = best_of(3, reports, Path(scratch))
    ratio = bdd_seconds / plain_seconds
    print(f"{SCENARIOS} scenarios through kubeloop run:    {bdd_seconds:6.2f} s (target ≤ 5 s)")
    print(f"{SCENARIOS} plain pytest functions, same calls: {plain_seconds:6.2f} s")
    print(f"{SCENARIOS} scenarios writing every report:     {report_seconds:6.2f} s")
    print(
        f"ratio: {ratio:.2f}x (target ≤ 2x)  per scenario: "
        f"{bdd_seconds / SCENARIOS * 1000:.2f} ms vs {plain_seconds / SCENARIOS * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
