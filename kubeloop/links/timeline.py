"""One timeline: what every mechanism did, on the one clock, kept whatever the event TTL.

The recorder keeps what no mechanism keeps for itself: each linked deployment's rollout
after every reconcile pass (pods, ready, updated, against its surge/unavailable budget),
each linked service's requests and error ratio by version whenever they change, and what
the links decided (admitted, refused, stalled). What the mechanisms keep themselves is read
when the picture is drawn (``snapshot``): the pipeline's runs and each environment's
history, the alert states per severity (an SLO's page and ticket apart), the alert
rollbacks. Nothing here reads the event log, so its TTL takes nothing away. The burn rates
are not sampled here: the picture draws the samples the telemetry snapshot took for the
burn-rate chart (``kubeloop.render.telemetry``), so each is read once.

Marks are recorded only when something changed, and at most ``MAX_MARKS`` of each kind
(the first ones; ``dropped`` counts the rest), so a month of logical time stays bounded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_MARKS = 20_000


@dataclass(frozen=True)
class RolloutMark:
    time: int
    deployment: str
    replicas: int
    pods: int
    ready: int
    updated: int
    surge: int
    unavailable: int
    version: str


@dataclass(frozen=True)
class TrafficMark:
    time: int
    service: str
    version: str
    """"" for a service not split by version."""
    rate: float
    """Requests per second this version receives."""
    error_ratio: float


@dataclass(frozen=True)
class LinkMark:
    time: int
    deployment: str
    state: str
    """admitted, refused, stalled or waiting (``rollout.RolloutLink``)."""
    digest: str
    reason: str


Marks = tuple[tuple[RolloutMark, ...], tuple[TrafficMark, ...], tuple[LinkMark, ...]]


@dataclass
class _Kept:
    marks: list[Any] = field(default_factory=list)
    last: dict[Any, Any] = field(default_factory=dict)
    dropped: int = 0

    def add(self, key: Any, value: Any, mark: Any) -> None:
        if self.last.get(key) == value:
            return
        self.last[key] = value
        if len(self.marks) < MAX_MARKS:
            self.marks.append(mark)
        else:
            self.dropped += 1


class TimelineRecorder:
    def __init__(self) -> None:
        self._rollouts = _Kept()
        self._traffic = _Kept()
        self._links = _Kept()
        self._seen: dict[str, Any] = {}
        self._revisions: dict[str, Any] = {}

    def rollouts(self, cluster: Any, deployments: list[str], now: int) -> None:
        """Each deployment as the cluster's view shows it now (if it changed: its spec or its
        ReplicaSets' counts, read first because they are cheaper than the whole view)."""
        for name in deployments:
            seen = (
                cluster.deployment_spec(name),
                tuple(
                    (rs.name, rs.replicas, rs.pods, rs.ready) for rs in cluster.replicasets(name)
                ),
            )
            if self._seen.get(name) == seen:
                continue
            self._seen[name] = seen
            info = cluster.deployment(name)
            counts = (
                int(info.replicas),
                int(info.pods),
                int(info.ready),
                int(info.updated),
                int(getattr(info, "surge", 0)),
                int(getattr(info, "unavailable", 0)),
                str(info.version),
            )
            self._rollouts.add(name, counts, RolloutMark(now, name, *counts))

    def traffic(self, telemetry: Any, services: list[str], now: int) -> None:
        """Each service's rate and error ratio by version now (if they changed)."""
        for name in services:
            service = telemetry.service(name)
            revision = getattr(service, "revision", None)
            if revision is not None and self._revisions.get(name) == revision:
                continue  # nothing about its traffic changed since it was last read
            self._revisions[name] = revision
            versions = getattr(service, "versions", None)
            if versions is not None:
                parts = versions.rates()
                if (name, "") in self._traffic.last:
                    parts[""] = (0.0, 0.0)  # split: the unversioned series serve no more
            else:
                view = service.view(now)
                parts = {"": (float(view.rate), float(view.error_ratio))}
            for version, (rate, ratio) in sorted(parts.items()):
                mark = TrafficMark(now, name, version, rate, ratio)
                self._traffic.add((name, version), (rate, ratio), mark)

    def link(self, status: Any) -> None:
        """What the link decided for a deployment (if it changed)."""
        value = (status.state, status.digest, status.reason)
        mark = LinkMark(status.time, status.deployment, *value)
        self._links.add(status.deployment, value, mark)

    def marks(
        self,
    ) -> tuple[tuple[RolloutMark, ...], tuple[TrafficMark, ...], tuple[LinkMark, ...]]:
        return (
            tuple(self._rollouts.marks),
            tuple(self._traffic.marks),
            tuple(self._links.marks),
        )

    @property
    def dropped(self) -> int:
        return self._rollouts.dropped + self._traffic.dropped + self._links.dropped


def snapshot(
    links: Any, pipeline: Any, telemetry: Any, name_of: Callable[[str], str]
) -> dict[str, Any]:
    """The one timeline as plain data for the report (``kubeloop.render.timeline``):
    every mechanism's part, each on the one clock, ``name_of`` naming a digest."""
    rollouts, traffic, decided = links.timeline.marks()
    return {
        "end": int(links.clock.now),
        "pipeline": _pipeline(pipeline, name_of) if pipeline is not None else [],
        "rollouts": _grouped(rollouts, lambda m: m.deployment, _rollout_point),
        "traffic": _grouped(traffic, lambda m: f"{m.service} {m.version}".strip(), _traffic_point),
        "links": [[m.time, m.deployment, m.state, name_of(m.digest), m.reason] for m in decided],
        "rollbacks": [
            [
                r.time,
                r.rule.environment,
                r.rule.subject,
                r.rolled_to and name_of(r.rolled_to),
                r.reason,
            ]
            for r in links.alert_rollbacks()
        ],
        "alerts": _alerts(telemetry) if telemetry is not None else [],
        "dropped": links.timeline.dropped,
    }


def _rollout_point(m: RolloutMark) -> list[Any]:
    return [m.time, m.replicas, m.pods, m.ready, m.updated, m.surge, m.unavailable, m.version]


def _traffic_point(m: TrafficMark) -> list[Any]:
    return [m.time, m.rate, m.error_ratio]


def _grouped(marks: Any, key: Callable[[Any], str], point: Callable[[Any], list[Any]]) -> list[Any]:
    groups: dict[str, list[list[Any]]] = {}
    for mark in marks:
        groups.setdefault(key(mark), []).append(point(mark))
    return [{"name": name, "points": groups[name]} for name in sorted(groups)]


def _pipeline(pipeline: Any, name_of: Callable[[str], str]) -> list[list[Any]]:
    """Runs (pass or blocked) and every environment's deploys, promotions and rollbacks."""
    found: list[list[Any]] = []
    for digest in pipeline.state().artifacts:
        run = pipeline.latest_run(digest)
        if run is not None:
            outcome = "passed" if run.passed else f"blocked at {run.blocked_at}"
            found.append([run.time, "run", "", name_of(digest), outcome])
    for spec in pipeline.definition.environments:
        for record in pipeline.environment(spec.name).deployments:
            found.append([record.time, record.how, spec.name, name_of(record.digest), ""])
    return sorted(found, key=lambda entry: (entry[0], entry[1], entry[2], entry[3]))


def _alerts(telemetry: Any) -> list[dict[str, Any]]:
    """Each alert's state changes; an SLO's alert per severity (page and ticket apart)."""
    found = []
    slo_alerts = {telemetry.slo(name).alert: name for name in telemetry.slos()}
    for name in telemetry.alert_names():
        if name in slo_alerts:
            for severity in ("page", "ticket"):
                changes = telemetry.severity_timeline(name, severity).changes
                found.append(
                    {
                        "name": f"{slo_alerts[name]} {severity}",
                        "severity": severity,
                        "changes": [[int(t), str(s)] for t, s in changes],
                    }
                )
        else:
            changes = telemetry.timeline(name).changes
            found.append(
                {"name": name, "severity": "", "changes": [[int(t), str(s)] for t, s in changes]}
            )
    return found
