"""Every error kubeloop raises on purpose.

    KubeloopError                       base of everything below
    ├── InvalidSpecError (ValueError)       an object or argument breaks an API rule
    │   ├── InvalidQuantityError            "12x" is not a Kubernetes quantity
    │   └── RolloutStalledError             a rolling update cannot make progress
    ├── NotFoundError (KeyError)            no pod, node, deployment or revision of that name
    ├── AlreadyExistsError (ValueError)     a node of that name already exists
    ├── NotConvergedError (RuntimeError)    reconciling did not settle within the bound
    └── FixtureError (ValueError)           a YAML fixture is invalid; carries every problem

Expected outcomes are not errors: a pod that fits nowhere is Pending, a metric the
HPA cannot use is a condition. Every operation that raises leaves the cluster exactly
as it was, except ``RolloutStalledError`` raised while a rollout is already running,
which reports the state the cluster really reached (see ``Cluster.rolling_update``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class KubeloopError(Exception):
    """Base class of every error kubeloop raises on purpose."""


class InvalidSpecError(KubeloopError, ValueError):
    """An object or argument breaks one of the API's validation rules."""


class InvalidQuantityError(InvalidSpecError):
    """A resource quantity does not follow Kubernetes' quantity grammar."""


class RolloutStalledError(InvalidSpecError):
    """A rolling update cannot make progress.

    ``reason`` says why: a budget of zero, or the FailedScheduling message of the
    new pod that cannot be placed.
    """

    def __init__(self, deployment: str, reason: str, snapshots: Sequence[Any] = ()) -> None:
        super().__init__(f'rollout of deployment "{deployment}" is stalled: {reason}')
        self.deployment = deployment
        self.reason = reason
        self.snapshots = list(snapshots)
        """The rollout's steps before it stalled."""


class NotFoundError(KubeloopError, KeyError):
    """No object of that kind and name exists."""

    def __init__(self, kind: str, name: str, known: list[str] | None = None) -> None:
        hint = ""
        if known is not None:
            hint = f"; known: {', '.join(known[:10])}" if known else f"; there are no {kind}s"
        super().__init__(f'{kind} "{name}" not found{hint}')
        self.kind = kind
        self.name = name

    def __str__(self) -> str:
        return str(self.args[0])


class AlreadyExistsError(KubeloopError, ValueError):
    """An object of that kind and name already exists."""


class EvictionRefusedError(KubeloopError):
    """The eviction API refused a voluntary eviction: 429 while a disruption budget would
    break, 500 when more than one budget covers the pod. Nothing was evicted."""

    def __init__(self, pod: str, code: int, message: str, cause: str = "") -> None:
        self.pod, self.code, self.message, self.cause = pod, code, message, cause
        detail = f" ({cause})" if cause else ""
        super().__init__(f'evicting pod "{pod}": {code} {message}{detail}')


class NotConvergedError(KubeloopError, RuntimeError):
    """Reconciling did not reach a fixpoint within the allowed number of passes."""


@dataclass(frozen=True)
class FixtureProblem:
    """One problem in a fixture file, located in its YAML source."""

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.path}: {self.message}"


class FixtureError(KubeloopError, ValueError):
    """A fixture file is invalid; ``problems`` lists every problem found."""

    def __init__(self, problems: list[FixtureProblem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
