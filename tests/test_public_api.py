"""The public surface is locked: changing it must be a deliberate act."""

import inspect
import pathlib
import types
import typing

import kubeloop
import kubeloop.cluster
import kubeloop.core
import kubeloop.errors
from kubeloop.contract import CONTRACT_NAMES, ClusterLike, HPALike, missing_from
from kubeloop.contract.pipeline import PIPELINE_ENTRY


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
                for n, m in vars(cls).items()
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


def test_every_exported_name_is_the_contract_an_error_or_what_the_contract_hands_out() -> None:
    reachable = {cls.__name__ for cls in _reachable()}
    errors = {
        n
        for n, v in vars(kubeloop.errors).items()
        if isinstance(v, type) and issubclass(v, kubeloop.errors.KubeloopError)
    }
    for name in kubeloop.__all__:
        assert hasattr(kubeloop, name), name
        entry_points = {PIPELINE_ENTRY}  # each further mechanism's entry point (Lab 02)
        assert (
            name in CONTRACT_NAMES or name in errors or name in reachable or (name in entry_points)
        ), name
    assert set(CONTRACT_NAMES) <= set(kubeloop.__all__)
    assert kubeloop.__all__ == sorted(kubeloop.__all__, key=lambda n: (not n.isupper(), n))


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
