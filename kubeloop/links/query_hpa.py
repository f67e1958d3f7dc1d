"""Telemetry → cluster: an HPA fed by a PromQL query.

The deployment's HorizontalPodAutoscaler keeps the upstream formula, tolerance,
stabilization and limits (``kubeloop/cluster/autoscaling.py``); only where its metric comes
from changes. Every HPA sync period of the shared clock, just before the cluster's
reconcile, the query is evaluated over the telemetry store and its value handed to the HPA
through the cluster's one metric seam (``set_cpu_utilization``): the HPA's target is then in
the query's unit (e.g. requests per second per pod), read in whole units as the cluster
reads a utilization. ``per_pod`` is the average per pod (upstream's AverageValue target,
and the Pods metric ``requests per second per pod``): the query gives a total (requests per
second of the whole service) and the HPA reads it divided by the pods that report
(``reporting``: Running on a Ready node, Ready or not), so ``ceil(current × (total /
reporting) / target)``; without it, the value is used as it is (upstream's Value
target). A query that gives no number (no series yet, NaN, ±Inf, a negative value) feeds
nothing: the HPA holds its replicas with ``ScalingActive=False`` (it does not act on the
last value), and a ``FailedGetExternalMetric`` warning says why, as upstream does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from kubeloop.core.events import EventLog
from kubeloop.errors import KubeloopError

SYNC_PERIOD = 15
"""The HPA controller's --horizontal-pod-autoscaler-sync-period."""
RATE_WINDOW = "2m"
"""prometheus-adapter's default rate window for a counter turned into a per-second metric."""


def requests_query(services: list[str]) -> str:
    """The requests per second the services receive, summed over every version: the total
    that a Pods metric ``http_requests_per_second`` averages over the pods that report it."""
    if len(services) == 1:
        match = f'job="{services[0]}"'
    else:
        names = "|".join(s.replace(".", "\\\\.") for s in sorted(services))
        match = f'job=~"{names}"'
    return f"sum(rate(http_requests_total{{{match}}}[{RATE_WINDOW}]))"


@dataclass(frozen=True)
class QueryMetric:
    deployment: str
    query: str
    per_pod: bool
    """Divide the query's value by the deployment's reporting pods (AverageValue)."""
    value: float | None
    """The query's last value handed to the HPA; None before the first one."""
    problem: str
    """Why the last evaluation fed nothing ("" when it fed a value)."""


def reporting(cluster: Any, deployment: str) -> int:
    """The pods of ``deployment`` that report a per-pod metric: Running on a Ready node,
    Ready or not (a pod still starting serves nothing and reports 0, and upstream's Pods
    metric averages it in; a pod on a failed node cannot be scraped and is missing)."""
    ready_nodes = {n.name for n in cluster.nodes() if n.ready}
    return sum(1 for p in cluster.pods(deployment) if p.node in ready_nodes)


class QueryAutoscalers:
    def __init__(self, events: EventLog) -> None:
        self._events = events
        self._metrics: dict[str, QueryMetric] = {}

    def add(self, telemetry: Any, deployment: str, query: str, per_pod: bool) -> None:
        """Feed ``deployment``'s HPA from ``query``; the query must parse now."""
        telemetry.query(query, keep=False)
        self._metrics[deployment] = QueryMetric(deployment, query, per_pod, None, "")

    def requery(self, deployment: str, query: str) -> None:
        """Read ``deployment``'s metric from ``query`` from now on (its last value kept)."""
        metric = self._metrics.get(deployment)
        if metric is not None and metric.query != query:
            self._metrics[deployment] = replace(metric, query=query)

    def metrics(self) -> tuple[QueryMetric, ...]:
        return tuple(self._metrics[name] for name in sorted(self._metrics))

    def feed(self, cluster: Any, telemetry: Any) -> None:
        for name in sorted(self._metrics):
            self._feed_one(cluster, telemetry, self._metrics[name])

    def _feed_one(self, cluster: Any, telemetry: Any, metric: QueryMetric) -> None:
        problem = ""
        value: float | None = None
        try:
            value = telemetry.scalar(metric.query)
        except KubeloopError as error:
            problem = f"the query failed: {error}"
        if value is not None and not (math.isfinite(value) and value >= 0):
            problem = (
                "the query returned no value"
                if math.isnan(value)
                else f"the query gave {value}, not a finite number >= 0"
            )
            value = None
        if value is not None and metric.per_pod:
            pods = reporting(cluster, metric.deployment)
            value, problem = (
                (value / pods, "") if pods else (None, "no running pods to average over")
            )
        if value is not None:
            try:
                cluster.set_cpu_utilization(metric.deployment, value)
            except KubeloopError as error:
                problem, value = f"the HPA refused the value: {error}", None
        if value is None:
            if getattr(type(cluster), "clear_cpu_utilization", None) is not None:
                # a missing metric is a condition, not the last value
                cluster.clear_cpu_utilization(metric.deployment)
            if problem != metric.problem:
                self._events.warning(
                    "FailedGetExternalMetric",
                    f"hpa/{metric.deployment}",
                    f'unable to get metric from the query "{metric.query}": {problem}',
                )
            self._metrics[metric.deployment] = replace(metric, problem=problem)
            return
        self._metrics[metric.deployment] = replace(metric, value=value, problem="")
