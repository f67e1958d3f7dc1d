"""Snapshots the pipeline hands out: frozen, so a caller cannot change the pipeline by them."""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.pipeline.gates import GateResult
from kubeloop.pipeline.signing import Signature


@dataclass(frozen=True)
class Artifact:
    digest: str
    name: str
    version: str
    size: int
    """Bytes of the canonical manifest the digest is computed over."""
    canonical: str
    """The canonical manifest text (UTF-8 JSON) the digest is computed over."""

    @property
    def label(self) -> str:
        return f"{self.name} {self.version} ({self.digest[:19]}…)"


@dataclass(frozen=True)
class RunResult:
    number: int
    digest: str
    time: int
    gates: tuple[GateResult, ...]

    @property
    def passed(self) -> bool:
        return all(g.passed for g in self.gates)

    @property
    def blocked_at(self) -> str | None:
        return next((g.gate for g in self.gates if g.status == "blocked"), None)

    def gate(self, name: str) -> GateResult:
        for gate in self.gates:
            if gate.gate == name:
                return gate
        raise KeyError(name)


@dataclass(frozen=True)
class DeploymentRecord:
    digest: str
    time: int
    how: str
    """promote, deploy or rollback."""
    key_id: str
    """The key whose signature verify-before-deploy accepted."""
    by: str = ""
    """Who did it, when said ("Sam rolls prod back"): the audit log's actor; "" for none."""


@dataclass(frozen=True)
class EnvironmentView:
    name: str
    running: str | None
    deployments: tuple[DeploymentRecord, ...]
    known_good: tuple[str, ...]
    """Digests that ran here and were not rolled back, oldest first."""
    rolled_back: tuple[str, ...]
    requires_approval: bool
    trusts: tuple[str, ...]
    rollback_target: str | None
    """Where a rollback goes now: the latest deployment neither running nor rolled back."""


@dataclass(frozen=True)
class PipelineState:
    """Everything that can change, for "nothing changed" checks."""

    artifacts: tuple[str, ...]
    tags: tuple[tuple[str, str], ...]
    runs: int
    latest: tuple[tuple[str, int], ...]
    signatures: tuple[tuple[str, tuple[Signature, ...]], ...]
    environments: tuple[EnvironmentView, ...]
    approvals: tuple[tuple[str, str], ...]
    pending: tuple[tuple[str, str, int], ...]
    waiver_list: int
    events: int
