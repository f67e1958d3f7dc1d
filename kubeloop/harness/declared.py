"""What a scenario itself declared: the only memory the harness keeps of a world."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Mentioned(dict[str, str]):
    """The name said last of each kind, in the order said: a kind said again moves to the
    end, so "it" can go to whichever of two kinds was said last ("checkout fails …, then it
    recovers" is the service when no node was named since)."""

    def __setitem__(self, kind: str, name: str) -> None:
        self.pop(kind, None)
        super().__setitem__(kind, name)

    def latest(self, *kinds: str) -> str | None:
        """Which of KINDS was said last (None: none of them yet)."""
        said = [kind for kind in self if kind in kinds]
        return said[-1] if said else None


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
    mentioned: Mentioned = field(default_factory=Mentioned)
    """The name said last of each kind (node, deployment, artifact, service, slo, alert), for
    "it" and "its" in later steps."""
    artifact_versions: dict[str, str] = field(default_factory=dict)
    """Artifact alias → the version it was built at (the pipeline's build steps fill it), so
    a reason said in words may name an artifact by either (reasons.py)."""
