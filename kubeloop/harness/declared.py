"""What a scenario itself declared: the only memory the harness keeps of a world."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Declared:
    """What the scenario itself declared: the harness's only memory of the world.

    Everything else — replicas, recommendations, conditions, placements — is read back from
    the engine's views, so an engine under test that computes it wrongly fails the step.
    """

    deployments: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    """The fields each deployment was applied with, so a step can re-apply it changed."""
    nodes: list[str] = field(default_factory=list)
    """Names of the nodes the scenario added (a contract-only engine cannot list them)."""
    hpas: dict[str, Any] = field(default_factory=dict)
    """The HPA objects the scenario declared, by deployment; the latest is ``last_hpa``."""
    last_hpa: str = ""
    utilization: dict[str, float] = field(default_factory=dict)
    """The cpu utilization the scenario set, by deployment."""
    disruption_budgets: list[Any] = field(default_factory=list)
    """PodDisruptionBudgets from fixtures, as declared (the cluster enforces them on evictions)."""
    mentioned: dict[str, str] = field(default_factory=dict)
    """The name said last of each kind (node, deployment, artifact, service, slo, alert), for
    "it" and "its" in later steps."""
    artifact_versions: dict[str, str] = field(default_factory=dict)
    """Artifact alias → the version it was built at (the pipeline's build steps fill it), so
    a reason said in words may name an artifact by either (reasons.py)."""
