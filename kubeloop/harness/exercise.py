"""``kubeloop exercise init DIR``: a learner's starting point, graded by the same features."""

from __future__ import annotations

import shutil
from pathlib import Path

from kubeloop.contract.telemetry import SKELETON as TELEMETRY_SKELETON

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SKELETON = '''"""Your reconciliation orchestrator: a miniature Kubernetes control loop.

Implement the methods below until every scenario passes:

    kubeloop run --engine lab --report report      # from this folder

Rules the scenarios check (the public contract):
- reconcile() is one level-triggered pass: compare desired with actual and close the gap.
  A second reconcile() with no external change creates and deletes nothing.
- Pods are placed by resource *requests* against each node's free room, first node by
  name that fits. A pod that fits nowhere is Pending (node None) — never an exception.
- A failed node receives no pod until it recovers; failing it evicts its pods.
- rolling_update keeps, at every step, ready >= replicas - maxUnavailable and
  total <= replicas + maxSurge (percentages: surge rounds up, unavailable down).
  maxSurge=0 and maxUnavailable=0 raises RolloutStalledError.
- rollback() returns to the previous revision under the same budget.
- An unknown name raises an error saying `<kind> "<name>" not found` (pod, node, deployment).
- HPA.desired_replicas = ceil(current × value / target), clamped to [min, max], and
  unchanged while |value/target - 1| <= tolerance.
Quantities come as Kubernetes strings ("500m", "2", "256Mi", "1Gi") or numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class RolloutStalledError(Exception):
    """A rolling update cannot make progress; ``reason`` says why."""

    def __init__(self, reason: str, snapshots: list | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.snapshots = snapshots or []


@dataclass
class Taint:
    """Extension: key=value:effect on a node (NoSchedule, PreferNoSchedule, NoExecute)."""

    key: str
    value: str = ""
    effect: str = "NoSchedule"


@dataclass
class Toleration:
    """Extension: lets a pod ignore a matching taint (for toleration_seconds, if set)."""

    key: str = ""
    operator: str = "Equal"
    value: str = ""
    effect: str = ""
    toleration_seconds: int | None = None


@dataclass
class Container:
    """Extension: one container's requests (cpu in millicores, memory in bytes)."""

    name: str
    cpu: int = 0
    memory: int = 0


@dataclass
class Node:
    """A worker node with allocatable cpu and memory."""

    name: str
    cpu: str | int | float = "4"
    memory: str | int | float = "8Gi"
    pods: int = 110
    labels: dict[str, str] = field(default_factory=dict)
    taints: list[Taint] = field(default_factory=list)
    unschedulable: bool = False


@dataclass
class Deployment:
    """replicas pods, each requesting cpu and memory, at a version."""

    name: str
    replicas: int = 1
    cpu: str | int | float = 0
    memory: str | int | float = 0
    version: str = "v1"
    max_surge: int | str = "25%"
    max_unavailable: int | str = "25%"
    # Extensions, used by some scenarios:
    strategy: str = "RollingUpdate"
    revision_history_limit: int = 10
    progress_deadline_seconds: int | None = 600
    containers: list[Container] = field(default_factory=list)
    init_containers: list[Container] = field(default_factory=list)
    tolerations: list[Toleration] = field(default_factory=list)
    node_selector: dict[str, str] = field(default_factory=dict)


@dataclass
class Pod:
    name: str
    deployment: str
    node: str | None
    phase: str  # "Running" or "Pending"
    version: str
    ready: bool


@dataclass
class ReconcileResult:
    created: list[str]
    deleted: list[str]
    scheduled: list[str]


@dataclass
class RolloutSnapshot:
    total: int
    ready: int
    updated: int


class Cluster:
    def __init__(self, nodes: list[Node] | None = None) -> None:
        self.nodes = list(nodes or [])

    def add_node(self, node: Node) -> None:
        """A new node joins; it takes pods from the next reconcile on."""
        raise NotImplementedError("not implemented yet: Cluster.add_node")

    def apply(self, deployment: Deployment) -> None:
        """Create or update a deployment (desired state only; reconcile acts on it). A new
        version rolls out over the following reconcile passes, one step a pass."""
        raise NotImplementedError("not implemented yet: Cluster.apply")

    def scale(self, name: str, replicas: int) -> None:
        raise NotImplementedError("not implemented yet: Cluster.scale")

    def reconcile(self) -> ReconcileResult:
        """One level-triggered pass: create/delete pods to match replicas, then schedule."""
        raise NotImplementedError("not implemented yet: Cluster.reconcile")

    def pods(self, deployment: str | None = None) -> list[Pod]:
        raise NotImplementedError("not implemented yet: Cluster.pods")

    def delete_pod(self, name: str) -> None:
        raise NotImplementedError("not implemented yet: Cluster.delete_pod")

    def fail_node(self, name: str) -> None:
        """The node goes NotReady: evict its pods; schedule nothing there until it recovers."""
        raise NotImplementedError("not implemented yet: Cluster.fail_node")

    def recover_node(self, name: str) -> None:
        raise NotImplementedError("not implemented yet: Cluster.recover_node")

    def rolling_update(
        self,
        name: str,
        version: str,
        max_surge: int | str | None = None,
        max_unavailable: int | str | None = None,
    ) -> list[RolloutSnapshot]:
        """Move every pod to version within the budget; return a snapshot per step.
        A budget not given is the deployment's own; one given is kept for later rollouts.
        New pods that fit nowhere: raise RolloutStalledError with the FailedScheduling text."""
        raise NotImplementedError("not implemented yet: Cluster.rolling_update")

    def rollback(self, name: str) -> list[RolloutSnapshot]:
        """Back to the previous version, same budget; none: an error saying "rollout history"."""
        raise NotImplementedError("not implemented yet: Cluster.rollback")

    # Extensions: scenarios that use these fail until you write them.

    def cordon(self, name: str) -> None:
        """Mark a node unschedulable: its pods stay, no new pod lands there."""
        raise NotImplementedError("not implemented yet: Cluster.cordon")

    def uncordon(self, name: str) -> None:
        raise NotImplementedError("not implemented yet: Cluster.uncordon")

    def taint(self, name: str, taint: Taint) -> None:
        """Add a taint; NoExecute evicts pods that do not tolerate it."""
        raise NotImplementedError("not implemented yet: Cluster.taint")

    def untaint(self, name: str, key: str) -> None:
        raise NotImplementedError("not implemented yet: Cluster.untaint")

    def set_scoring(self, strategy: str) -> None:
        """first-fit (by node name), LeastAllocated or MostAllocated."""
        raise NotImplementedError("not implemented yet: Cluster.set_scoring")

    def run_for(self, seconds: int) -> None:
        """Let logical time pass, reconciling every 15 seconds of it."""
        raise NotImplementedError("not implemented yet: Cluster.run_for")

    @property
    def events(self) -> list:
        """Event records with .time .type .reason .object .message, like kubectl get events."""
        raise NotImplementedError("not implemented yet: Cluster.events")

    @property
    def history(self) -> list:
        """One record per reconcile pass: .number and .deployments[name].total/.ready."""
        raise NotImplementedError("not implemented yet: Cluster.history")


class HPA:
    def __init__(self, min_replicas: int = 1, max_replicas: int = 10, target: float = 80,
                 tolerance: float = 0.1) -> None:
        self.min_replicas = min_replicas
        self.max_replicas = max_replicas
        self.target = target
        self.tolerance = tolerance

    def desired_replicas(self, current_replicas: int, current_value: float) -> int:
        raise NotImplementedError("not implemented yet: HPA.desired_replicas")
'''

LABS = ("all", "cluster", "pipeline", "telemetry")
MODULES = {"all": "lab", "cluster": "lab", "pipeline": "pipeline_lab", "telemetry": "telemetry_lab"}
"""The module ``init`` writes for each lab, which ``--engine`` names."""
TELEMETRY_MODULE = '''"""Your telemetry engine: series, PromQL, alert rules and SLO burn rates.

Implement the methods below until every telemetry scenario passes:

    kubeloop run --engine telemetry_lab        # from this folder

The contract is kubeloop.contract.telemetry (TelemetryLike); kubeloop exercise check
telemetry_lab lists what is still missing.
"""

from __future__ import annotations
'''
_ABOUT = {
    "cluster": (
        "Lab 01 — the reconciliation orchestrator",
        "a miniature Kubernetes control loop: `Cluster`, `Node`, `Deployment`, `HPA` and "
        "`RolloutStalledError` (`kubeloop.contract.cluster`)",
        "features/cluster/reconciliation/the-loop.feature",
    ),
    "pipeline": (
        "Lab 02 — the CI/CD gate ladder",
        "a `Pipeline`: digests, gates that fail fast, waivers, signing and promotion "
        "(`kubeloop.contract.pipeline`)",
        "features/pipeline/ladder.feature",
    ),
    "telemetry": (
        "Lab 03 — SLO alerting",
        "a `Telemetry`: counters, `rate()`, `histogram_quantile`, the alert state machine "
        "and burn-rate alerts (`kubeloop.contract.telemetry`)",
        "features/telemetry/alerting/alert-states.feature",
    ),
}


def readme(lab: str) -> str:
    """The learner's README: what to implement, and the one command that grades it."""
    module = MODULES[lab]
    labs = list(_ABOUT) if lab == "all" else [lab]
    title = "all three labs" if lab == "all" else _ABOUT[lab][0]
    lines = [f"# Your kubeloop exercise: {title}", ""]
    for each in labs:
        where = MODULES[each] if lab != "all" or each == "pipeline" else module
        lines.append(f"- {_ABOUT[each][0]}, in `{where}.py`: {_ABOUT[each][1]}")
    if lab == "all":
        lines.append("  (`lab.py` imports `Pipeline` from `pipeline_lab.py`: one module, all labs)")
    example = _ABOUT[labs[0]][2]
    lines += [
        "",
        "Each method says what it must do and raises `NotImplementedError` until you write it.",
        "Grade it from this folder — the one command:",
        "",
        f"    kubeloop run --engine {module}",
        "",
        "A module is graded on the labs whose entry point it defines (`Cluster`, `Pipeline`,",
        "`Telemetry`); the other labs' features are left out, and kubeloop's own engine plays",
        "any other part a scenario needs. The scoreboard at the end lists the tasks in",
        "learning order with their points, and says what to implement next.",
        "",
        "Before any scenario runs, every contract member still missing or mis-typed:",
        "",
        f"    kubeloop exercise check {module}",
        "",
        "The reports (report/report.html, report/results.json), one scenario, and where",
        "your engine differs from the reference:",
        "",
        f"    kubeloop run --engine {module} --report report",
        f"    kubeloop run --engine {module} {example}:LINE",
        f"    kubeloop run --engine {module} --compare kubeloop",
        "",
        "Every failed scenario prints the command that reruns it against your engine.",
        "`kubeloop steps` lists every phrase the scenarios use; the specs are in `features/`.",
        'Scenarios that need more than the contract say "engine … does not provide …": they',
        "are extensions for later. Scenarios tagged `@kubeloop-exact` pin kubeloop's own",
        "numbers and are skipped when your engine is graded.",
        "",
    ]
    return "\n".join(lines)


def _files(lab: str) -> list[tuple[str, str]]:
    """What ``init`` writes for a lab: Lab 01's lab.py, Lab 02's pipeline_lab.py, Lab 03's
    telemetry_lab.py, or all three labs (lab.py then holds Lab 03's Telemetry too)."""
    from kubeloop.harness import exercise_pipeline as lab02  # noqa: PLC0415

    match lab:
        case "cluster":
            return [("lab.py", SKELETON), ("README.md", readme(lab))]
        case "pipeline":
            return [("pipeline_lab.py", lab02.PIPELINE_SKELETON), ("README.md", readme(lab))]
        case "telemetry":
            module = TELEMETRY_MODULE + TELEMETRY_SKELETON
            return [("telemetry_lab.py", module), ("README.md", readme(lab))]
    return [
        ("lab.py", SKELETON + lab02.PIPELINE_IMPORT + TELEMETRY_SKELETON),
        ("pipeline_lab.py", lab02.PIPELINE_SKELETON),
        ("README.md", readme(lab)),
    ]


def init(directory: str, lab: str = "all") -> int:
    target = Path(directory)
    target.mkdir(parents=True, exist_ok=True)
    files = _files(lab)
    for name, _ in files:
        if (target / name).exists():
            print(f"kubeloop exercise init: {target / name} exists; not overwriting it")
            return 1
    written = []
    for name, text in files:
        path = target / name
        path.write_text(text, encoding="utf-8")
        written.append(str(path))
    specs = target / "features"
    if not specs.exists():  # the README's commands run the specs from this folder
        shutil.copytree(EXAMPLES, specs, ignore=shutil.ignore_patterns("__pycache__"))
        written.append(f"{specs}/ (the specs)")
    print("wrote " + ", ".join(written))
    print(f"next: cd {target} && kubeloop run --engine {MODULES[lab]}")
    return 0
