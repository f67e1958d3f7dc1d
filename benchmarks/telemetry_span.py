"""How long telemetry takes to live through days of logical time (a script, not a test).

One service (or ``--services N``, each with its own SLO) at 50 requests per second failing
0.1% of them, a 99.5%-over-30-days SLO with the Workbook's multi-window burn-rate page and
ticket alerts (Sloth's rules: 8 SLI, 7 meta and 2 alerting rules), one hand-written alert,
scraped and evaluated every minute (the defaults) or every 15 s (a month is then 172,800
samples a series, and 0.75 errors a scrape make the SLIs vary from scrape to scrape). For
each span it prints wall and CPU time and what the world says at the end (remaining
budget, burn rates, alert states of the first service, every series' samples) so two trees
can be compared on the same answers.

``--world short`` is ``tests/telemetry/test_columned.py``'s world instead: a 3-day SLO
failing 0.13% of 50 requests a second, and ``sum_over_time(up{job="api"}[1d])``. Its leaps
once stopped at their first instant (a day at 15 s took minutes: its period ratio and its
3-day window's were recorded under one name by two rules, which the generator no longer
writes; ``tests/telemetry/test_leap_writers.py`` keeps such a world); it stays here so that
stays visible.

    python benchmarks/telemetry_span.py                                 # this tree
    python benchmarks/telemetry_span.py --before /tmp/main --repeat 3   # and another
    python benchmarks/telemetry_span.py --services 1 2 4 --days 7 30 60 --interval 15 60
    python benchmarks/telemetry_span.py --world short --days 1 3 --interval 15 60

Each run is a fresh subprocess (the best CPU time of ``--repeat``, the trees alternating);
a run that exceeds ``--timeout`` is reported as such, and that tree is not run again for
that span.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import cast

SPANS = (
    ("1 day", 86_400, 60),
    ("7 days", 7 * 86_400, 60),
    ("30 days", 30 * 86_400, 60),
    ("60 days", 60 * 86_400, 60),
    ("30 d/15 s", 30 * 86_400, 15),
)
ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, resource, sys, time
from kubeloop.telemetry.telemetry import Telemetry
span, interval, services = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
short = sys.argv[4] == "short"
t = Telemetry(scrape_interval=interval, evaluation_interval=interval)
for name in ["api", *(f"api{i}" for i in range(1, services))]:
    t.add_service(name, 50, 0.0013 if short else 0.001)
    t.add_slo(f"{name}-availability", 99.5, (3 if short else 30) * 86_400, name)
if short:
    t.add_recording("job:errors:sum1d", 'sum_over_time(up{job="api"}[1d])')
else:
    t.add_alert("ApiErrors", 'sum(rate(http_requests_total{job="api",code="500"}[5m])) > 1', 300)
wall, cpu = time.perf_counter(), time.process_time()
t.clock.run_for(span)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
getattr(t.store, "settle", lambda: None)()  # (what retention expired goes: as points() finds)
answer = {
    "remaining": t.query('slo:period_error_budget_remaining:ratio{sloth_service="api"}'),
    "burn_1h": t.burn_rate("api-availability", 3600),
    "burn_30d": t.burn_rate("api-availability", 30 * 86_400),
    "page": t.slo_alert_state("api-availability", "page"),
    "ticket": t.slo_alert_state("api-availability", "ticket"),
    "alerts": {name: t.alert_state(name) for name in t.alert_names()},
    "samples": sum(len(t.store.get(s).ts) for s in t.store.series()),
}
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(json.dumps({"wall": wall, "cpu": cpu, "rss_mb": rss, "answer": repr(answer)}))
"""


def measure(
    tree: Path, seconds: int, interval: int, services: int, world: str, timeout: float
) -> dict[str, object] | None:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUN, str(seconds), str(interval), str(services), world],
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


def fastest(runs: list[dict[str, object] | None]) -> dict[str, object] | None:
    """The run with the least CPU time (None if every one was stopped)."""
    done = [r for r in runs if r is not None]
    return min(done, key=lambda r: cast("float", r["cpu"])) if done else None


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
    parser.add_argument("--repeat", type=int, default=1, help="runs per tree (best CPU kept)")
    parser.add_argument("--services", type=int, nargs="+", help="services (each with an SLO)")
    parser.add_argument("--days", type=int, nargs="+", help="spans in days (with --interval)")
    parser.add_argument("--interval", type=int, nargs="+", help="scrape intervals (seconds)")
    parser.add_argument(
        "--world", choices=["workbook", "short"], default="workbook", help="which world"
    )
    args = parser.parse_args()
    spans = SPANS
    if args.days or args.interval:
        spans = tuple(
            (f"{days} d/{interval} s", days * 86_400, interval)
            for interval in args.interval or [60]
            for days in args.days or [30]
        )
    print("load:", uptime())
    trees = [("after", ROOT)] + ([("before", args.before)] if args.before else [])
    for services in args.services or [1]:
        for label, seconds, interval in spans:
            runs: dict[str, list[dict[str, object] | None]] = {name: [] for name, _ in trees}
            for _ in range(args.repeat):
                for name, tree in trees:
                    if None not in runs[name]:
                        found = measure(tree, seconds, interval, services, args.world, args.timeout)
                        runs[name].append(found)
            results = {name: fastest(found) for name, found in runs.items()}
            row = " | ".join(f"{name}: {cell(r, args.timeout)}" for name, r in results.items())
            print(f"{services} × {label:>11} | {row}", flush=True)
            answers = {r["answer"] for r in results.values() if r is not None}
            if len(answers) > 1:
                print("         answers DIFFER:", *sorted(map(str, answers)), sep="\n  ")
            elif answers:
                print("         answer:", answers.pop())
    print("load:", uptime())


if __name__ == "__main__":
    main()
