"""The public surface is locked: changing it must be a deliberate act."""

import inspect
import pathlib
import types
import typing

import kubeloop
import kubeloop.cluster
import kubeloop.core
import kubeloop.errors
import kubeloop.links
import kubeloop.pipeline
import kubeloop.telemetry
from kubeloop.contract import CONTRACT_NAMES, ClusterLike, HPALike, missing_from


def _reachable() -> set[type]:
    """Every kubeloop class a user meets through the contract's classes: their public
    methods' parameters and results, and the fields of what those return, transitively."""
    seen: set[type] = set()
    todo = [getattr(kubeloop, name) for name in CONTRACT_NAMES]
    while todo:
        cls = todo.pop()
        if not isinstance(cls, type) or cls in seen or not cls.__module__.startswith("kubeloop"):
            continue
        seen.add(cls)
        members = [
            cls,
            *(
                m
                for owner in cls.__mro__  # inherited methods are met too
                if owner.__module__.startswith("kubeloop")
                for n, m in vars(owner).items()
                if (inspect.isfunction(m) or isinstance(m, property))
                and (not n.startswith("_") or n == "__init__")
            ),
        ]
        for member in members:
            target = member.fget if isinstance(member, property) else member
            try:
                hints = typing.get_type_hints(target)
            except TypeError:
                continue
            for hint in hints.values():
                todo += [a for a in _flatten(hint) if isinstance(a, type)]
    return seen


def _flatten(hint: object) -> list[object]:
    return [hint, *(x for arg in typing.get_args(hint) for x in _flatten(arg))]


PUBLIC = [
    "HPA",
    "ORDER",
    "SEVERITIES",
    "SLO",
    "AdmissionRefusedError",
    "Affinity",
    "AlertRollback",
    "AlertTimeline",
    "AlreadyExistsError",
    "Artifact",
    "AutoscalerInfo",
    "AutoscalerSettings",
    "Behavior",
    "Cluster",
    "ClusterAutoscalerInfo",
    "Container",
    "Deployment",
    "DeploymentExtremes",
    "DeploymentInfo",
    "DeploymentTotals",
    "Digest",
    "DisruptionBudgetInfo",
    "DrainResult",
    "DurationError",
    "EnvironmentSpec",
    "EnvironmentView",
    "Event",
    "EvictionRefusedError",
    "Extent",
    "Finding",
    "FixtureError",
    "GateResult",
    "InvalidDigestError",
    "InvalidEvidenceError",
    "InvalidManifestError",
    "InvalidQuantityError",
    "InvalidSpecError",
    "KubeloopError",
    "LabelSelector",
    "Labels",
    "LinkMark",
    "Links",
    "Mark",
    "Node",
    "NodeGroup",
    "NodeGroupInfo",
    "NodeInfo",
    "NodeSelectorTerm",
    "NotConvergedError",
    "NotFoundError",
    "NotationError",
    "PassRecord",
    "Pipeline",
    "PipelineDefinition",
    "PipelineRefusedError",
    "PipelineState",
    "Pod",
    "PodAffinityTerm",
    "PodDisruptionBudget",
    "PodTemplate",
    "Preemption",
    "PreferredSchedulingTerm",
    "PriorityClass",
    "PromQLError",
    "PromotionRefusedError",
    "QueryMetric",
    "ReconcileResult",
    "ReplicaSetInfo",
    "Requirement",
    "RollbackError",
    "RollbackRule",
    "RolloutLink",
    "RolloutMark",
    "RolloutSnapshot",
    "RolloutStalledError",
    "RunResult",
    "ScalingPolicy",
    "ScalingRules",
    "SeriesStore",
    "Service",
    "Signature",
    "Taint",
    "Telemetry",
    "TemplateError",
    "TestSummary",
    "TimelineRecorder",
    "Toleration",
    "TopologySpreadConstraint",
    "TrafficMark",
    "UnneededNode",
    "UnsupportedError",
    "UpcomingNode",
    "Verdict",
    "VerificationError",
    "Waiver",
    "WaiverList",
    "WeightedPodAffinityTerm",
    "canonical_bytes",
    "digest_of",
    "parse_digest",
    "refusal",
]
"""kubeloop's public names, written out: adding or removing one is a deliberate change here."""


def test_the_public_names_are_exactly_the_written_out_list() -> None:
    assert kubeloop.__all__ == PUBLIC
    for name in PUBLIC:
        assert hasattr(kubeloop, name), name


def test_the_public_names_are_every_mechanisms_and_the_error_tree() -> None:
    mechanisms = [kubeloop.cluster, kubeloop.pipeline, kubeloop.telemetry, kubeloop.links]
    for package in mechanisms:
        for name in package.__all__:
            assert getattr(kubeloop, name) is getattr(package, name), (package.__name__, name)
    errors = {
        n
        for n, v in vars(kubeloop.errors).items()
        if isinstance(v, type) and issubclass(v, kubeloop.errors.KubeloopError)
    }
    assert errors <= set(PUBLIC)
    assert set(CONTRACT_NAMES) <= set(PUBLIC)
    assert sorted(PUBLIC, key=lambda n: (not n.isupper(), n)) == PUBLIC


def test_everything_the_contract_hands_out_can_be_imported_by_name() -> None:
    """A user can name every type they get back, from kubeloop or its mechanism package."""
    exported = set(kubeloop.__all__) | set(kubeloop.cluster.__all__) | set(kubeloop.core.__all__)
    for cls in _reachable():
        assert cls.__name__ in exported, f"{cls.__module__}.{cls.__name__} is not exported"


def test_kubeloop_satisfies_its_own_contract() -> None:
    assert missing_from(kubeloop) == []
    assert isinstance(kubeloop.Cluster(), ClusterLike)
    assert isinstance(kubeloop.HPA(), HPALike)


def test_missing_from_names_what_a_module_lacks() -> None:
    partial = types.ModuleType("learner")

    class Cluster:
        def reconcile(self) -> None: ...

    partial.Cluster = Cluster  # type: ignore[attr-defined]
    partial.Node = object  # type: ignore[attr-defined]
    missing = missing_from(partial)
    assert "HPA" in missing and "RolloutStalledError" in missing
    assert "Cluster.rolling_update" in missing and "Cluster.reconcile" not in missing


def test_the_engine_never_imports_pytest() -> None:
    engine = pathlib.Path(kubeloop.__file__).parent
    for path in engine.rglob("*.py"):
        if "harness" in path.parts or path.name == "cli.py":
            continue
        text = path.read_text()
        assert "import pytest" not in text and "from pytest" not in text, path
