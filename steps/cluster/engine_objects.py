"""Helpers the step modules share: building engine objects from phrases and tables."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from typing import Any

from kubeloop.cluster.defaults import (
    DEFAULT_DEPLOYMENT_NAME,
    DEFAULT_NODE_CPU,
    DEFAULT_NODE_MEMORY,
    DEFAULT_POD_CPU,
    DEFAULT_POD_MEMORY,
    DEFAULT_VERSION,
)
from kubeloop.harness.params import TaintText
from kubeloop.harness.referents import known
from kubeloop.harness.world import World


def add_node(
    world: World, name: str, cpu: str | None = None, memory: str | None = None, **extra: Any
) -> None:
    node = world.make(
        "Node",
        name,
        cpu=cpu or DEFAULT_NODE_CPU,
        memory=memory or DEFAULT_NODE_MEMORY,
        **extra,
    )
    world.cluster.add_node(node)
    world.declared.nodes.append(name)


def set_node_state(world: World, node: str, state: str) -> None:
    """Put the node into a state as the cluster's own operations would."""
    operation = {
        "NotReady": "fail_node",
        "Ready": "recover_node",
        "unschedulable": "cordon",
        "schedulable": "uncordon",
    }[state]
    world.capability(world.cluster, operation)(node)


def each_node(world: World, nodes: tuple[str, ...], act: Callable[[str], object]) -> None:
    """Apply ``act`` to every node listed, a name the scenario never declared first: the
    engine's rejection of it then leaves every other node as it was."""
    declared = set(known(world, "node"))
    ordered = sorted(nodes, key=lambda name: name in declared)
    world.attempt(lambda: [act(name) for name in ordered])


EXPLICIT_NONE = {"startup_seconds"}
"""Fields where None is a value, not "not given" (None: the pods never turn Ready)."""


def apply_deployment(
    world: World, name: str | None = None, replicas: int = 1, **fields: Any
) -> None:
    """Apply a deployment (the catalog's defaults fill what is not given) and remember it."""
    name = name or DEFAULT_DEPLOYMENT_NAME
    world.declared.mentioned["deployment"] = name
    spec: dict[str, Any] = {
        "cpu": DEFAULT_POD_CPU,
        "memory": DEFAULT_POD_MEMORY,
        "version": DEFAULT_VERSION,
    }
    spec.update({k: v for k, v in fields.items() if v is not None or k in EXPLICIT_NONE})
    world.cluster.apply(world.make("Deployment", name, replicas=replicas, **spec))
    world.declared.deployments[name] = (replicas, spec)


def reapply(world: World, name: str, **changes: Any) -> None:
    """Apply a deployment again with some fields changed (a new template rolls out)."""
    if name not in world.declared.deployments:
        raise world.fail(
            f'a deployment "{name}" declared earlier',
            f"deployments {sorted(world.declared.deployments)}",
        )
    replicas, spec = world.declared.deployments[name]
    current = getattr(world.cluster, "deployment", None)
    if current is not None:
        replicas = current(name).replicas
    apply_deployment(world, name, replicas, **{**spec, **changes})


def toleration(world: World, spec: dict[str, Any]) -> Any:
    return world.make(
        "Toleration",
        key=spec.get("key", ""),
        operator=spec.get("operator", "Equal"),
        value=spec.get("value", ""),
        effect=spec.get("effect", ""),
        toleration_seconds=spec.get("tolerationSeconds"),
    )


def taint(world: World, spec: dict[str, Any] | TaintText) -> Any:
    if isinstance(spec, TaintText):
        spec = spec.as_dict()
    return world.make("Taint", spec["key"], spec.get("value", ""), spec["effect"])


def selector(world: World, spec: dict[str, Any]) -> Any:
    """An engine LabelSelector from a manifest's ``{matchLabels, matchExpressions}``."""
    expressions = [
        world.make("Requirement", e["key"], e["operator"], tuple(e.get("values") or ()))
        for e in spec.get("matchExpressions") or []
    ]
    of = world.capability(world.capability(world.cluster_engine, "LabelSelector"), "of")
    return of(spec.get("matchLabels") or {}, *expressions)


def column_problems(
    header: Sequence[str], columns: dict[str, str], listed: str
) -> tuple[list[str], list[str]]:
    """A table header's column names (lower case, single spaces) and a problem, with the
    closest column, for every one not in ``columns``."""
    names = [" ".join(cell.strip().lower().split()) for cell in header]
    problems = []
    for cell, name in zip(header, names, strict=True):
        if name not in columns:
            close = difflib.get_close_matches(name, list(columns), n=1, cutoff=0.6)
            hint = f' (did you mean "{close[0]}"?)' if close else ""
            problems.append(f'a column "{cell.strip()}"{hint}; the columns are {listed}')
    return names, problems
