"""A long world with a quiet cluster, with and without skipping its passes (a script, not a
test).

Two worlds, each run with ``Clock(skip_quiet=False)`` (the reference: the cluster reconciles
every 15 s) and with the quiet cluster's passes skipped (``kubeloop/cluster/quiet.py``),
alternating, each the best CPU time (``time.process_time``) of ``--runs`` fresh processes:

- ``story``: the manager's story as ``kubeloop run`` builds it (an empty cluster, the
  service "web" at 100 requests per second with a 99.9%/30-day SLO, the links): 4425
  minutes, web down for 30 minutes, 9985 minutes more;
- ``busy``: 150 deployments (web of 4 pods serving the service) on 40 nodes, the same
  service and SLO, 30 days with a 30-minute outage in the middle.

Each run prints what the world says at the end (pass count, history records, alert
changes, error seconds), and the two settings must say the same.

    python benchmarks/quiet_cluster.py [--runs N] [--world story busy]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, sys, time
from kubeloop import Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.links import Links

world, skip = sys.argv[1], sys.argv[2] == "skip"
started = time.process_time()
clock = Clock(skip_quiet=skip)
events = EventLog(clock)
if world == "story":
    cluster = Cluster(nodes=[], clock=clock, events=events)
else:
    nodes = [Node(f"node-{i:02d}", cpu="8", memory="32Gi") for i in range(40)]
    cluster = Cluster(nodes=nodes, clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    for i in range(149):
        cluster.apply(Deployment(f"svc-{i:03d}", replicas=2, cpu="250m", memory="128Mi"))
telemetry = Telemetry(clock=clock)
service = telemetry.add_service("web", 100)
telemetry.add_slo("availability", 99.9, 30 * 86_400, "web")
links = Links(clock, events, cluster=lambda: cluster, telemetry=lambda: telemetry)
links.sync()
before, after = (4425 * 60, 9985 * 60) if world == "story" else (15 * 86_400, 15 * 86_400 - 1800)
clock.run_for(before)
service.set_error_ratio(1, clock.now)
clock.run_for(1800)
service.set_error_ratio(0, clock.now)
clock.run_for(after)
cpu = time.process_time() - started
history = cluster.history
page = telemetry.slo("availability").alert
errors = telemetry.scalar('sum(http_requests_total{code="500"})')
print(json.dumps({
    "cpu": cpu,
    "answers": [
        history[-1].number + history[-1].repeats - 1 if history else 0,
        len(history),
        [list(c) for c in telemetry.severity_timeline(page, "page").changes],
        errors,
    ],
}))
"""


def _run(world: str, skip: bool) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", RUN, world, "skip" if skip else "every"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    if done.returncode:
        sys.exit(done.stderr)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--world", nargs="+", default=["story", "busy"])
    args = parser.parse_args()
    print("| world | every pass (CPU s) | quiet passes skipped (CPU s) | speed-up |")
    print("|---|---|---|---|")
    for world in args.world:
        best: dict[bool, float] = {}
        answers: dict[bool, object] = {}
        for _ in range(args.runs):
            for skip in (False, True):
                result = _run(world, skip)
                cpu = float(result["cpu"])  # type: ignore[arg-type]
                best[skip] = min(best.get(skip, cpu), cpu)
                answers[skip] = result["answers"]
        same = "" if answers[False] == answers[True] else " (ANSWERS DIFFER)"
        ratio = best[False] / best[True]
        print(f"| {world} | {best[False]:.2f} | {best[True]:.2f} | {ratio:.1f}×{same} |")
        print(f"<!-- {world}: {json.dumps(answers[True])} -->")


if __name__ == "__main__":
    main()
