"""A linked world for the links tests: a cluster, a pipeline and the links between them."""

from __future__ import annotations

from kubeloop import Cluster, Deployment, Node
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.links import Links
from kubeloop.pipeline import Pipeline, TestSummary

GREEN = TestSummary(passed=True, tests=1)


def world(replicas: int = 4, name: str = "web") -> tuple[Clock, Cluster, Pipeline, Links]:
    clock = Clock()
    events = EventLog(clock)
    cluster = Cluster(
        nodes=[Node(f"node-{i}", cpu="4", memory="8Gi") for i in (1, 2, 3)],
        clock=clock,
        events=events,
    )
    cluster.apply(Deployment(name, replicas=replicas, cpu="500m", memory="256Mi", version="v1"))
    cluster.reconcile_until_stable()
    pipeline = Pipeline(clock=clock, events=events)
    links = Links(clock, events, cluster=lambda: cluster, pipeline=lambda: pipeline)
    links.sync()
    return clock, cluster, pipeline, links


def passed(pipeline: Pipeline, version: str, name: str = "web") -> str:
    digest = pipeline.build({"name": name, "version": version})
    pipeline.record_unit_tests(digest, GREEN)
    pipeline.record_coverage(digest, 100)
    pipeline.record_scan(digest, [])
    pipeline.record_integration_tests(digest, GREEN)
    assert pipeline.run(digest).passed
    return digest


def to_prod(pipeline: Pipeline, digest: str) -> None:
    for env in ("dev", "staging", "prod"):
        pipeline.promote(digest, env)
    pipeline.approve(digest, "prod")


def versions(cluster: Cluster) -> list[str]:
    return sorted({p.version for p in cluster.pods("web")})
