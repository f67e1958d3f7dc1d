"""What one world's links cost on the shared clock (a script, not a test).

A cluster (3 nodes, "web" of 4 pods), a pipeline with prod running "web" v1, a telemetry
service "web" at 100 requests per second with a 99.9%/30-day SLO, lived through a span of
logical time: once with ``Links`` joining them (prod → the deployment, the service split by
the pods' versions, the page rolling prod back), once without. Prints CPU seconds of the
span (``time.process_time``) for each, alternating, and the answers, which must agree on
everything the links do not change.

    python benchmarks/links.py [SECONDS] [RUNS]
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from kubeloop import Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.pipeline import Pipeline, TestSummary

GREEN = TestSummary(True, tests=1)


def world(linked: bool) -> tuple[Clock, Telemetry, Cluster]:
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(nodes=[Node(f"node-{i}") for i in (1, 2, 3)], clock=clock, events=events)
    cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
    pipeline = Pipeline(clock=clock, events=events)
    digest = pipeline.build({"name": "web", "version": "v1"})
    pipeline.record_unit_tests(digest, GREEN)
    pipeline.record_coverage(digest, 100)
    pipeline.record_scan(digest, [])
    pipeline.record_integration_tests(digest, GREEN)
    pipeline.run(digest)
    for env in ("dev", "staging", "prod"):
        pipeline.promote(digest, env)
    pipeline.approve(digest, "prod")
    telemetry = Telemetry(clock=clock)
    telemetry.add_service("web", 100, 0.0005)
    telemetry.add_slo("availability", 99.9, 30 * 86_400, "web")
    if linked:
        from kubeloop.links import Links  # noqa: PLC0415

        links = Links(
            clock,
            events,
            cluster=lambda: cluster,
            pipeline=lambda: pipeline,
            telemetry=lambda: telemetry,
        )
        links.roll_back_on("slo", "availability", "prod")
        links.sync()
    cluster.reconcile_until_stable()
    return clock, telemetry, cluster


def run(linked: bool, seconds: int) -> dict[str, Any]:
    clock, telemetry, cluster = world(linked)
    cpu = time.process_time()
    clock.run_for(seconds)
    cpu = time.process_time() - cpu
    return {
        "linked": linked,
        "cpu": round(cpu, 3),
        "requests": telemetry.service("web").view(clock.now).requests,
        "total_rate": telemetry.scalar('sum(rate(http_requests_total{job="web"}[5m]))'),
        "page": telemetry.slo_alert_state("availability", "page"),
        "pods": len(cluster.pods("web")),
    }


def main() -> None:
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 86_400
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for _ in range(runs):
        for linked in (False, True):
            print(json.dumps(run(linked, seconds)))


if __name__ == "__main__":
    main()
