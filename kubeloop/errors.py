"""Every error kubeloop raises on purpose, in one tree.

    KubeloopError                           base of everything below
    ├── InvalidSpecError (ValueError)       an object or argument breaks an API rule
    │   ├── InvalidQuantityError            "12x" is not a Kubernetes quantity
    │   ├── RolloutStalledError             a rolling update cannot make progress
    │   ├── InvalidDigestError              not an OCI digest
    │   ├── InvalidManifestError            a build input kubeloop cannot give one identity
    │   ├── InvalidEvidenceError            a test or scan result that cannot be judged
    │   ├── DurationError                   not a Prometheus duration
    │   ├── InvalidRegexError               a label matcher's RE2 does not compile
    │   ├── SampleOrderError                a sample older than its series' last
    │   ├── NotationError                   bad promtool series notation
    │   ├── TemplateError                   an alert template that does not parse or run
    │   └── PromQLError                     a query that does not parse or evaluate
    │       ├── UnsupportedError            PromQL kubeloop does not model
    │       ├── DurationValueError          a duration expression out of range
    │       ├── TooManySamplesError         more samples than the query may load
    │       └── RuleEvalError               a rule that fails to evaluate
    ├── NotFoundError (KeyError)            no pod, node, deployment or revision of that name
    ├── AlreadyExistsError (ValueError)     an object of that kind and name already exists
    ├── EvictionRefusedError                a disruption budget refused an eviction
    ├── NotConvergedError (RuntimeError)    reconciling did not settle within the bound
    ├── FixtureError (ValueError)           a YAML fixture is invalid; carries every problem
    └── PipelineRefusedError                the pipeline refuses an operation
        ├── PromotionRefusedError           only a digest that passed moves on, in order
        ├── VerificationError               verify-before-deploy found no trusted signature
        ├── RollbackError                   no previous known-good digest to return to
        └── AdmissionRefusedError           a digest that may not run on the cluster (links)

Defined here unless listed: the pipeline's in ``pipeline/errors.py``; under
``telemetry/``: DurationError in ``durations.py``, InvalidRegexError in
``series/matchers.py``, SampleOrderError in ``series/store.py``, NotationError in
``promtool/notation.py``, TemplateError in ``rules/templates.py``, PromQLError and
UnsupportedError in ``promql/errors.py``, DurationValueError in ``promql/durationexpr.py``,
TooManySamplesError in ``promql/samples.py``, RuleEvalError in ``rules/query.py``. A test
holds this drawing to the classes. The harness's own errors (an undefined step, a failed
check) are not the engine's: they live in ``harness/errors.py``.

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
