"""Where ``-n`` starts to pay: wall-clock time of ``kubeloop run`` serially and with two
workers, on the shipped suite and on generated suites of growing size (the five-step
scenarios of benchmarks/harness.py). ``python benchmarks/workers.py [SCENARIOS ...]``.

The break-even it prints is what kubeloop/harness/workers.py's BREAK_EVEN is set from;
``-n auto`` runs serially below it.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import write_projects

from kubeloop.harness.runner import EXAMPLES

SIZES = (250, 1000, 2000, 4000)
WORKERS = 2


def wall_seconds(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}")
    return time.perf_counter() - start


def serial_and_parallel(suite: Path, cwd: Path) -> tuple[float, float]:
    run = [sys.executable, "-m", "kubeloop.cli", "run", "-q", str(suite)]
    serial = wall_seconds(run, cwd)
    parallel = wall_seconds([*run, "-n", str(WORKERS)], cwd)
    return serial, parallel


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"load average {os.getloadavg()[0]:.2f}; wall-clock seconds, serial and -n {WORKERS}")
    with tempfile.TemporaryDirectory() as scratch:
        serial, parallel = serial_and_parallel(EXAMPLES, Path(scratch))
        print(f"  shipped suite        {serial:6.2f}  {parallel:6.2f}")
        points = []
        for size in sizes:
            root = Path(scratch, str(size))
            root.mkdir()
            bdd = write_projects(root, size)[0]
            serial, parallel = serial_and_parallel(bdd, root)
            points.append((size, serial - parallel))
            print(f"  {size:5d} scenarios      {serial:6.2f}  {parallel:6.2f}")
    gains = [(a, b) for a, b in itertools.pairwise(points) if a[1] < 0 <= b[1]]
    if gains:
        (n0, d0), (n1, d1) = gains[0]
        print(f"break-even ≈ {n0 + (n1 - n0) * -d0 / (d1 - d0):.0f} scenarios")
    else:
        print("no break-even between the sizes measured")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
