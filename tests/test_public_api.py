"""The public surface is locked: changing it must be a deliberate act."""

import pathlib
import types

import kubeloop
from kubeloop.contract import ClusterLike, HPALike, missing_from


def test_exported_names_are_locked() -> None:
    assert kubeloop.__all__ == [
        "HPA",
        "AlreadyExistsError",
        "Behavior",
        "Cluster",
        "Container",
        "Deployment",
        "DeploymentInfo",
        "Event",
        "FixtureError",
        "InvalidQuantityError",
        "InvalidSpecError",
        "KubeloopError",
        "LabelSelector",
        "Node",
        "NodeInfo",
        "NotConvergedError",
        "NotFoundError",
        "PassRecord",
        "Pod",
        "ReconcileResult",
        "Requirement",
        "RolloutSnapshot",
        "RolloutStalledError",
        "ScalingPolicy",
        "ScalingRules",
        "Taint",
        "Toleration",
    ]
    assert kubeloop.__all__ == sorted(kubeloop.__all__, key=lambda n: (not n.isupper(), n))


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
