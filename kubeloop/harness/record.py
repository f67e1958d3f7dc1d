"""What a scenario did, as plain data that survives a trip between pytest-xdist processes.

Every report (terminal, JUnit, Cucumber JSON, Messages, HTML, Markdown, Exercism) is
written from these records, so they always agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

EVENTS_KEPT = 300
INNER_MARK = {"passed": "✓", "failed": "✗", "skipped": "–"}


@dataclass
class StepRecord:
    keyword: str
    text: str
    line: int
    status: str = "skipped"
    """passed, failed, undefined or skipped (not reached)."""
    duration_ns: int = 0
    error: str = ""
    error_type: str = ""
    definition: str = ""
    """The matched phrase pattern(s), for Cucumber's step definitions."""
    arguments: list[tuple[int, str, str]] = field(default_factory=list)
    """(start, text, parameter type) of the first matched phrase's parameters."""
    docstring: str | None = None
    datatable: list[list[str]] | None = None
    expansion: list[dict[str, Any]] = field(default_factory=list)
    """The steps a team phrase stands for, as they ran: keyword, text, status (passed,
    failed, skipped), depth (a phrase inside a phrase is one deeper); team_phrases.py."""
    mark: dict[str, Any] | None = None
    """The failed check as the charts draw it (``kubeloop.render.checks.FailedCheck``)."""

    def inner_lines(self) -> list[str]:
        """The team phrase's steps as a line each, for formats that take text: "↳ ✓ Given …"."""
        return [
            f"{'  ' * e['depth']}↳ {INNER_MARK.get(e['status'], '?')} {e['keyword']} {e['text']}"
            for e in self.expansion
        ]


@dataclass
class ScenarioRecord:
    uri: str
    feature: str
    feature_line: int
    feature_description: str
    feature_tags: list[str]
    name: str
    line: int
    keyword: str
    tags: list[str]
    row: int | None = None
    """Index of the Examples row for an outline, else None."""
    row_line: int | None = None
    example: dict[str, str] = field(default_factory=dict)
    steps: list[StepRecord] = field(default_factory=list)
    status: str = "passed"
    """passed, failed, skipped or error (could not run at all)."""
    message: str = ""
    duration_ns: int = 0
    engine: str = "kubeloop"
    snapshot: dict[str, Any] = field(default_factory=dict)

    @property
    def rerun_line(self) -> int:
        return self.row_line or self.line

    @property
    def rerun(self) -> str:
        """The command that runs this scenario again, against the same engine."""
        command = "kubeloop run"
        if self.engine != "kubeloop":
            command += f" --engine {self.engine}"
        if self.is_file_error:
            return f"{command} {self.uri}"
        return f"{command} {self.uri}:{self.rerun_line}"

    @property
    def is_file_error(self) -> bool:
        """A feature file that could not be run at all (it failed the lint or the parser)."""
        return self.line == 0

    @classmethod
    def file_error(cls, uri: str, message: str) -> ScenarioRecord:
        """A file the parser or the lint refused. Its one step exists for Cucumber JSON and
        JUnit readers (an element without a failed step reads as passed); the terminal
        summary counts it as a file, not as a scenario or a step."""
        step = StepRecord("Given", "the feature file is valid", 1, "failed", error=message)
        step.error_type = "InvalidFeatureFile"
        return cls(
            uri,
            uri,
            1,
            "",
            [],
            "(the feature file cannot be run)",
            0,
            "Scenario",
            [],
            steps=[step],
            status="error",
            message=message,
        )

    @property
    def title(self) -> str:
        if not self.example:
            return self.name
        return f"{self.name} [{', '.join(f'{k}={v}' for k, v in self.example.items())}]"

    @property
    def failed_step(self) -> StepRecord | None:
        return next((s for s in self.steps if s.status in ("failed", "undefined")), None)

    def to_json(self) -> str:
        """Plain JSON (the snapshot is plain data already, so no deep copy is made)."""
        return json.dumps({**vars(self), "steps": [vars(step) for step in self.steps]})

    @classmethod
    def from_json(cls, text: str) -> ScenarioRecord:
        data = json.loads(text)
        data["steps"] = [StepRecord(**s) for s in data["steps"]]
        return cls(**data)


def snapshot(world: Any) -> dict[str, Any]:
    """The cluster at the end of a scenario, its rollouts and events, as plain data."""
    data: dict[str, Any] = {
        "nodes": [],
        "pending": [],
        "events": [],
        "rollouts": world.report.rollouts,
    }
    for key, take in world.report.snapshots.items():
        try:
            data[key] = take()
        except Exception:  # a learner's engine may fail here too; the report still renders
            data[key] = {}
    cluster = world.built_cluster
    if cluster is None:
        return data
    try:
        _fill(cluster, data)
    except Exception:  # a learner's engine may fail here too; the report still renders
        data.update(nodes=[], pending=[], events=[])
    return data


def _fill(cluster: Any, data: dict[str, Any]) -> None:
    pods = list(cluster.pods())
    by_node: dict[str, list[dict[str, Any]]] = {}
    for pod in pods:
        entry = {
            "name": pod.name,
            "deployment": pod.deployment,
            "version": pod.version,
            "digest": getattr(pod, "digest", None),
            "ready": bool(pod.ready),
            "reason": getattr(pod, "reason", None),
            "cpu": getattr(pod, "cpu", None),
        }
        if pod.node is None:
            data["pending"].append(entry)
        else:
            by_node.setdefault(pod.node, []).append(entry)
    nodes = getattr(cluster, "nodes", None)
    if callable(nodes):
        for node in nodes():
            data["nodes"].append(
                {
                    "name": node.name,
                    "cpu": node.cpu,
                    "memory": node.memory,
                    "allocated_cpu": node.allocated_cpu,
                    "allocated_memory": node.allocated_memory,
                    "ready": node.ready,
                    "unschedulable": node.unschedulable,
                    "taints": [str(t) for t in getattr(node, "taints", ())],
                    "pods": by_node.get(node.name, []),
                }
            )
    else:
        data["nodes"] = [{"name": n, "pods": p} for n, p in sorted(by_node.items())]
    events = getattr(cluster, "events", None)
    if events is not None and not callable(events):
        passes = _passes_of_pods(cluster)
        data["events"] = [
            {
                "time": e.time,
                "type": e.type,
                "reason": e.reason,
                "object": e.object,
                "message": e.message,
                "pass": _pass_of(e, passes),
            }
            for e in list(events)[-EVENTS_KEPT:]
        ]


_POD_EVENTS = {
    "Scheduled": "scheduled",
    "SuccessfulCreate": "created",
    "SuccessfulDelete": "deleted",
}


def _passes_of_pods(cluster: Any) -> dict[tuple[str, str], int]:
    """(what happened, pod) → the reconcile pass that did it, from the cluster's history."""
    found: dict[tuple[str, str], int] = {}
    for record in getattr(cluster, "history", None) or []:
        for kind in ("scheduled", "created", "deleted"):
            for pod in getattr(record.result, kind, ()):
                found.setdefault((kind, pod), record.number)
    return found


def _pass_of(event: Any, passes: dict[tuple[str, str], int]) -> int | None:
    """The pass an event came from, when the history says (pod events); else None."""
    kind = _POD_EVENTS.get(event.reason)
    if kind is None:
        return None
    pod = event.object.removeprefix("pod/")
    if kind != "scheduled":
        pod = event.message.rsplit(": ", 1)[-1]
    return passes.get((kind, pod))


def hpa_sample(world: Any, samples: dict[str, list[dict[str, Any]]]) -> None:
    """One sample per HPA the scenario declared, after a step: replicas and utilization."""
    cluster = world.built_cluster
    autoscaler = getattr(cluster, "autoscaler", None)
    if autoscaler is None:
        return
    for name in sorted(world.declared.hpas):
        try:
            info = autoscaler(name)
        except Exception:  # a learner's engine may fail here too; the report still renders
            continue
        samples.setdefault(name, []).append(
            {
                "time": world.clock.now,
                "replicas": info.current_replicas,
                "utilization": info.observed_utilization,
                "min": info.min_replicas,
                "max": info.max_replicas,
                "target": info.target,
            }
        )


def autoscaler_entries(samples: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The samples of each HPA as the report's chart draws them."""
    return [
        {
            "deployment": name,
            "min": taken[-1]["min"],
            "max": taken[-1]["max"],
            "target": taken[-1]["target"],
            "samples": [{k: s[k] for k in ("time", "replicas", "utilization")} for s in taken],
        }
        for name, taken in sorted(samples.items())
        if taken
    ]


def rollout_entry(
    deployment: str,
    replicas: int,
    bounds: tuple[int, int] | None,
    steps: list[Any],
    stalled: str,
) -> dict[str, Any]:
    """One rollout with the bounds the engine says it had to respect: (surge, unavailable)."""
    return {
        "deployment": deployment,
        "replicas": replicas,
        "ceiling": replicas + bounds[0] if bounds else None,
        "floor": replicas - bounds[1] if bounds else None,
        "steps": [{"total": s.total, "ready": s.ready, "updated": s.updated} for s in steps],
        "stalled": stalled,
    }
