"""Every shape a real cluster has, at two sizes: ``python benchmarks/shapes.py [SHAPE …]``.

K=1 is 15k pods on 510 nodes, K=10 is 150k pods on 5,100 nodes (32 cpu / 128Gi nodes, pods
of 1 cpu / 1Gi unless a shape says otherwise; the shapes are built in ``shape_catalog.py``).
Each shape and size runs in its own process,
so its peak RSS is its own. Printed per shape: converge from empty (wall, and CPU at K=10),
a no-op reconcile, fail_node + reconcile, delete_pod + reconcile, draining a node, peak RSS,
and the K=10 / K=1 converge ratio, each beside issue #11's target. Everything goes through
the public API.

Each figure is the best of ``--runs`` fresh processes (default 3; K=1 and K=10 alternate, so a
change in the machine's load hits both sizes alike), as ``timeit`` advises: on a shared
machine the slowest runs measure the neighbours, and a 10 ms K=1 run taken once can put
the ratio anywhere between 9 and 25.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shape_catalog import SHAPES, identical, nodes_of

from kubeloop import Cluster


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(shape: str, k: int) -> dict[str, float]:
    """Run in a fresh process: build, converge, then the single operations."""
    if shape == "add-node":
        cluster = Cluster()
        nodes = nodes_of(3500 * k)
        return {"converge": _timed(lambda: [cluster.add_node(n) for n in nodes]), **_rss()}
    if shape == "cluster-nodes":
        nodes = nodes_of(3500 * k)
        return {"converge": _timed(lambda: Cluster(nodes=nodes)), **_rss()}
    if shape == "fail-10%":
        cluster = identical(k)
        cluster.reconcile_until_stable()
        names = [n.name for n in cluster.nodes()][::10]

        def fail_all() -> None:
            for name in names:
                cluster.fail_node(name)
            cluster.reconcile()

        return {"converge": _timed(fail_all), **_rss()}
    cluster = SHAPES[shape](k)
    cpu = time.process_time()
    figures = {"converge": _timed(cluster.reconcile_until_stable)}
    figures["converge_cpu"] = time.process_time() - cpu
    figures["noop_ms"] = _timed(cluster.reconcile) * 1000
    victim = next(p for p in cluster.pods() if p.node is not None)
    node = victim.node
    assert node is not None
    figures["fail_ms"] = _timed(lambda: (cluster.fail_node(node), cluster.reconcile())) * 1000
    running = next(p for p in cluster.pods() if p.node is not None)
    figures["delete_ms"] = (
        _timed(lambda: (cluster.delete_pod(running.name), cluster.reconcile())) * 1000
    )
    full = next(n.name for n in cluster.nodes() if n.pods and n.name != node)
    figures["drain_ms"] = _timed(lambda: cluster.drain(full)) * 1000
    return {**figures, **_rss()}


def _rss() -> dict[str, float]:
    return {"rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def _in_child(shape: str, k: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", shape, str(k)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    return result


def _best(shape: str, runs: int) -> tuple[dict[str, float], dict[str, float]]:
    """Each figure's minimum over ``runs`` alternating K=1 and K=10 processes."""
    small: dict[str, float] = {}
    large: dict[str, float] = {}
    for _ in range(runs):
        for best, k in ((small, 1), (large, 10)):
            for name, value in _in_child(shape, k).items():
                best[name] = min(best.get(name, value), value)
    return small, large


def _mark(value: float | None, target: float) -> str:
    if value is None:
        return "—"
    return f"{value:.3g}" + ("" if value <= target else " ✗")


def _cpu(figures: dict[str, float]) -> str:
    """Converge's CPU time: on a shared machine, what the wall clock cannot show."""
    cpu = figures.get("converge_cpu")
    return "—" if cpu is None else f"{cpu:.3g}"


def _escaped(text: str) -> str:
    """argparse formats help text with ``%``, which a shape's name may hold."""
    return text.replace("%", "%%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    every = [*SHAPES, "add-node", "cluster-nodes", "fail-10%"]
    parser.add_argument(
        "shapes",
        nargs="*",
        default=every,
        help=_escaped(f"any of {', '.join(every)} (default: all)"),
    )
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per figure")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], int(args.child[1]))))
        return
    print(
        "| shape | converge K=1 (s) | K=10 (s, ≤ 2) | K=10 CPU (s) | ratio (≤ 12) "
        "| no-op (ms, ≤ 10) | fail+reconcile (ms, ≤ 20) | delete+reconcile (ms, ≤ 20) "
        "| drain (ms) | RSS K=10 (MB, ≤ 500) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for shape in args.shapes:
        small, large = _best(shape, args.runs)
        ratio = large["converge"] / max(small["converge"], 1e-9)
        print(
            f"| {shape} | {small['converge']:.3g} | {_mark(large['converge'], 2.0)} "
            f"| {_cpu(large)} | {_mark(ratio, 12.0)} | {_mark(large.get('noop_ms'), 10.0)} "
            f"| {_mark(large.get('fail_ms'), 20.0)} | {_mark(large.get('delete_ms'), 20.0)} "
            f"| {_mark(large.get('drain_ms'), 20.0)} "
            f"| {_mark(large['rss_mb'], 500.0)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
