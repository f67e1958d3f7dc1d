"""A one-day story in one world against its three mechanisms run apart (a script, not a test).

The story: a cluster of 150 deployments ("web" of 4 pods among them, on 40 nodes), a
telemetry service "web" at 100 requests per second scraped every 15 s with a 99.9%/30-day
SLO evaluated every minute, and a pipeline whose prod runs R1. At 6 h R2 is approved into
prod and rolls "web" out; R2's pods fail every request; the page rolls prod back to R1.

- one world: ``Links`` join the three on one clock (prod → the deployment, the service
  split over the pods' versions, the page → the rollback), as a scenario runs them;
- apart: the cluster, the telemetry and the pipeline each on their own clock, told the same
  events by hand at the same instants (the rollout, the errors, the rollback when the
  linked run paged).

Prints CPU seconds (``time.process_time``) of each, alternating, and the ratio of the world
to the sum of the three apart; the issue's bound is 2.

    python benchmarks/one_world.py [RUNS]
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

DAY, RELEASE = 86_400, 6 * 3600
DEPLOYMENTS, NODES = 150, 40
GREEN = TestSummary(True, tests=1)


def _cluster(clock: Clock, events: EventLog) -> Cluster:
    cluster = Cluster(
        nodes=[Node(f"node-{i:02d}", cpu="8", memory="32Gi") for i in range(NODES)],
        clock=clock,
        events=events,
    )
    web = Deployment("web", replicas=4, cpu="500m", memory="256Mi", max_surge=1, max_unavailable=0)
    cluster.apply(web)
    for i in range(DEPLOYMENTS - 1):
        cluster.apply(Deployment(f"svc-{i:03d}", replicas=2, cpu="250m", memory="128Mi"))
    cluster.reconcile_until_stable()
    return cluster


def _telemetry(clock: Clock) -> Telemetry:
    telemetry = Telemetry(clock=clock, scrape_interval=15, evaluation_interval=60)
    telemetry.add_service("web", 100)
    telemetry.add_slo("availability", 99.9, 30 * 86_400, "web")
    return telemetry


def _ship(pipeline: Pipeline, version: str, approve: bool) -> str:
    digest = pipeline.build({"name": "web", "version": version})
    pipeline.record_unit_tests(digest, GREEN)
    pipeline.record_coverage(digest, 100)
    pipeline.record_scan(digest, [])
    pipeline.record_integration_tests(digest, GREEN)
    pipeline.run(digest)
    for env in ("dev", "staging", "prod"):
        pipeline.promote(digest, env)
    if approve:
        pipeline.approve(digest, "prod")
    return digest


def one_world() -> dict[str, Any]:
    from kubeloop.links import Links  # noqa: PLC0415

    cpu = time.process_time()
    clock = Clock()
    events = EventLog(clock)
    cluster, telemetry = _cluster(clock, events), _telemetry(clock)
    pipeline = Pipeline(clock=clock, events=events)
    links = Links(
        clock,
        events,
        cluster=lambda: cluster,
        pipeline=lambda: pipeline,
        telemetry=lambda: telemetry,
    )
    links.roll_back_on("slo", "availability", "web")
    _ship(pipeline, "v1", approve=True)
    release = _ship(pipeline, "v2", approve=False)
    clock.run_for(RELEASE)
    links.fail_pods_of("v2", 1.0)
    pipeline.approve(release, "prod")
    clock.run_for(DAY - RELEASE)
    (rollback,) = links.alert_rollbacks()
    return {
        "cpu": time.process_time() - cpu,
        "rolled_back_at": rollback.time,
        "requests": telemetry.service("web").view(clock.now).requests,
        "errors": telemetry.service("web").view(clock.now).errors,
        "web": cluster.deployment("web").version,
    }


def apart(rolled_back_at: int) -> dict[str, Any]:
    """The same story, each mechanism alone, the links' work done by hand."""
    cpu = {}
    start = time.process_time()
    clock = Clock()
    cluster = _cluster(clock, EventLog(clock))
    clock.run_for(RELEASE)
    spec = cluster.deployment_spec("web")
    cluster.apply(Deployment(**{**_fields(spec), "version": "v2"}))
    clock.run_for(rolled_back_at - RELEASE)
    cluster.apply(Deployment(**{**_fields(spec), "version": "v1"}))
    clock.run_for(DAY - rolled_back_at)
    cpu["cluster"] = time.process_time() - start

    start = time.process_time()
    clock = Clock()
    telemetry = _telemetry(clock)
    clock.run_for(RELEASE)
    telemetry.service("web").set_error_ratio(1, clock.now)
    clock.run_for(rolled_back_at - RELEASE)
    telemetry.service("web").set_error_ratio(0, clock.now)
    clock.run_for(DAY - rolled_back_at)
    cpu["telemetry"] = time.process_time() - start

    start = time.process_time()
    clock = Clock()
    pipeline = Pipeline(clock=clock, events=EventLog(clock))
    _ship(pipeline, "v1", approve=True)
    release = _ship(pipeline, "v2", approve=False)
    clock.run_for(RELEASE)
    pipeline.approve(release, "prod")
    clock.run_for(rolled_back_at - RELEASE)
    pipeline.rollback("prod")
    clock.run_for(DAY - rolled_back_at)
    cpu["pipeline"] = time.process_time() - start
    return {"cpu": sum(cpu.values()), "parts": {k: round(v, 3) for k, v in cpu.items()}}


def _fields(spec: Deployment) -> dict[str, Any]:
    return {
        "name": spec.name,
        "replicas": spec.replicas,
        "cpu": spec.cpu,
        "memory": spec.memory,
        "max_surge": spec.max_surge,
        "max_unavailable": spec.max_unavailable,
    }


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for _ in range(runs):
        world = one_world()
        alone = apart(world["rolled_back_at"])
        print(
            json.dumps(
                {
                    "one_world_cpu": round(world["cpu"], 3),
                    "apart_cpu": round(alone["cpu"], 3),
                    "apart": alone["parts"],
                    "ratio": round(world["cpu"] / alone["cpu"], 2),
                    "rolled_back_at": world["rolled_back_at"],
                    "web": world["web"],
                    "errors": world["errors"],
                }
            )
        )


if __name__ == "__main__":
    main()
