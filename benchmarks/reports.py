"""What ``--report`` costs: CPU seconds of ``kubeloop run -q`` with and without it, per
scenario, and the size of report.html.

    python benchmarks/reports.py [--repeat N] [PATH ...]     (default: the shipped suite)
    python benchmarks/reports.py --generated 5000            (benchmarks/harness.py's suite)

CPU time (user + system of the child process), not wall clock: the difference is the
report's own work, whatever else the machine is doing. Target: at most 3 ms a scenario.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import write_projects

from kubeloop.harness.runner import EXAMPLES

TARGET_MS = 3.0


def cpu_seconds(command: list[str]) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, done.stdout


def scenarios_in(output: str) -> int:
    for line in output.splitlines():
        if line.endswith(")") and " scenarios (" in line:
            return int(line.split()[0])
    raise SystemExit(f"no summary in the output:\n{output[-2000:]}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--generated", type=int, metavar="N", help="N generated scenarios")
    parser.add_argument("paths", nargs="*", default=[str(EXAMPLES)])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        if args.generated:
            args.paths = [str(write_projects(Path(scratch, "suite"), args.generated)[0])]
        run = [sys.executable, "-m", "kubeloop.cli", "run", "-q", *args.paths]
        out = Path(scratch, "report")
        plains, timed = [], []
        for _ in range(args.repeat):  # alternating, so a change in load hits both alike
            plains.append(cpu_seconds(run)[0])
            timed.append(cpu_seconds([*run, "--report", str(out)]))
        plain, reported = min(plains), min(t[0] for t in timed)
        count = scenarios_in(timed[0][1])
        per = (reported - plain) * 1000 / count
        verdict = "within" if per <= TARGET_MS else "OVER"
        print(f"{count} scenarios: {plain:.2f} s CPU without --report, {reported:.2f} s with")
        print(f"report cost {per:.2f} ms/scenario ({verdict} the {TARGET_MS:g} ms target)")
        page = out / "report.html"
        elements = page.read_text(encoding="utf-8").count("<") // 2
        print(f"report.html {page.stat().st_size / 1e6:.2f} MB, about {elements} elements")


if __name__ == "__main__":
    main(sys.argv[1:])
