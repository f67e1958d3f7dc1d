"""How long telemetry takes to live through days of logical time (a script, not a test).

One service at 50 requests per second failing 0.1% of them, a 99.5%-over-30-days SLO with
the Workbook's multi-window burn-rate page and ticket alerts (Sloth's rules: 8 SLI, 7 meta
and 2 alerting rules), one hand-written alert, scraped and evaluated every minute. For each
span it prints wall and CPU time and what the world says at the end (remaining budget, burn
rates, alert states) so two trees can be compared on the same answers.

    python benchmarks/telemetry_span.py                      # this tree
    python benchmarks/telemetry_span.py --before /tmp/main   # and another, side by side

Each run is a fresh subprocess; a run that exceeds ``--timeout`` is reported as such.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

SPANS = (("1 day", 86_400), ("7 days", 7 * 86_400), ("30 days", 30 * 86_400))
ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, resource, sys, time
from kubeloop.telemetry.telemetry import Telemetry
span = int(sys.argv[1])
t = Telemetry()
t.add_service("api", 50, 0.001)
t.add_slo("api-availability", 99.5, 30 * 86_400, "api")
t.add_alert("ApiErrors", 'sum(rate(http_requests_total{job="api",code="500"}[5m])) > 1', 300)
wall, cpu = time.perf_counter(), time.process_time()
t.clock.run_for(span)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
answer = {
    "remaining": t.scalar("slo:period_error_budget_remaining:ratio"),
    "burn_1h": t.burn_rate("api-availability", 3600),
    "burn_30d": t.burn_rate("api-availability", 30 * 86_400),
    "page": t.slo_alert_state("api-availability", "page"),
    "ticket": t.slo_alert_state("api-availability", "ticket"),
    "ApiErrors": t.alert_state("ApiErrors"),
    "samples": sum(len(t.store.points(s)) for s in t.store.series()),
}
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({"wall": wall, "cpu": cpu, "rss_mb": rss, "answer": repr(answer)}))
"""


def measure(tree: Path, seconds: int, timeout: float) -> dict[str, object] | None:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUN, str(seconds)],
            cwd=tree,  # "-c" puts the working directory first on sys.path
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode:
        raise SystemExit(f"{tree}: the run failed:\n{done.stderr}")
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def cell(result: dict[str, object] | None, timeout: float) -> str:
    if result is None:
        return f"> {timeout:.0f} s (stopped)"
    return f"{result['wall']:7.2f} s wall {result['cpu']:7.2f} s CPU {result['rss_mb']:4} MB"


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another source tree to time alongside")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per run")
    args = parser.parse_args()
    print("load:", uptime())
    trees = [("after", ROOT)] + ([("before", args.before)] if args.before else [])
    for label, seconds in SPANS:
        results = {name: measure(tree, seconds, args.timeout) for name, tree in trees}
        row = " | ".join(f"{name}: {cell(r, args.timeout)}" for name, r in results.items())
        print(f"{label:>8} | {row}")
        answers = {r["answer"] for r in results.values() if r is not None}
        if len(answers) > 1:
            print("         answers DIFFER:", *sorted(map(str, answers)), sep="\n  ")
        elif answers:
            print("         answer:", answers.pop())
    print("load:", uptime())


if __name__ == "__main__":
    main()
