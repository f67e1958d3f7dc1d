"""Helpers the step modules share: building engine objects from phrases, tables and fixtures."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kubeloop.cluster.deployments import (
    DEFAULT_DEPLOYMENT_NAME,
    DEFAULT_MAX_SURGE,
    DEFAULT_MAX_UNAVAILABLE,
    DEFAULT_POD_CPU,
    DEFAULT_POD_MEMORY,
    DEFAULT_PROGRESS_DEADLINE,
    DEFAULT_REVISION_HISTORY_LIMIT,
    DEFAULT_VERSION,
)
from kubeloop.cluster.nodes import DEFAULT_MAX_PODS, DEFAULT_NODE_CPU, DEFAULT_NODE_MEMORY
from kubeloop.harness.params import TaintText
from kubeloop.harness.referents import known
from kubeloop.harness.world import World

if TYPE_CHECKING:
    from kubeloop.fixtures import DeploymentFixture, Fixture, NodeFixture


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
    world.mentioned["deployment"] = name
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


def load(world: World, path: str | None = None, text: str | None = None) -> Fixture:
    # Imported here: jsonschema takes a tenth of a second to import, most scenarios load no YAML.
    from kubeloop.fixtures import load_fixture, load_fixture_text  # noqa: PLC0415

    if path is not None:
        return load_fixture(world.resolve(path))
    return load_fixture_text(text or "", f"{world.location} (doc string)")


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


def apply_fixture(world: World, fixture: Fixture) -> None:
    """Put what a fixture declares into the world's cluster, through the engine's API."""
    if fixture.scoring is not None:
        world.capability(world.cluster, "set_scoring")(fixture.scoring)
    for node in fixture.nodes:
        _add_fixture_node(world, node)
    for pc in fixture.priority_classes:  # before the pods that name them are created
        world.capability(world.cluster, "add_priority_class")(
            world.make(
                "PriorityClass",
                pc.name,
                pc.value,
                global_default=pc.global_default,
                preemption_policy=pc.preemption_policy,
                description=pc.description,
            )
        )
    if fixture.node_groups or fixture.autoscaler_settings is not None:
        from kubeloop.fixtures.node_groups import NodeGroupsFixture  # noqa: PLC0415
        from kubeloop.steps.cluster.cluster_autoscaler import apply_node_groups  # noqa: PLC0415

        apply_node_groups(
            world, NodeGroupsFixture(fixture.node_groups, fixture.autoscaler_settings)
        )
    for deployment in fixture.deployments:
        _apply_fixture_deployment(world, deployment)
    for scaler in fixture.autoscalers:
        hpa = world.make(
            "HPA",
            min_replicas=scaler.min_replicas,
            max_replicas=scaler.max_replicas,
            target=scaler.target,
            **({"behavior": _behavior(world, scaler.behavior)} if scaler.behavior else {}),
        )
        world.declared.hpas[scaler.deployment] = hpa
        world.declared.last_hpa = scaler.deployment
        autoscale = getattr(world.cluster, "autoscale", None)
        if autoscale is not None:
            autoscale(scaler.deployment, hpa)
    world.declared.disruption_budgets.extend(fixture.disruption_budgets)
    if not fixture.disruption_budgets or not hasattr(world.cluster, "add_disruption_budget"):
        return
    add_budget = world.cluster.add_disruption_budget
    for pdb in fixture.disruption_budgets:
        spec = {"matchLabels": pdb.selector, "matchExpressions": list(pdb.match_expressions)}
        bound = {"min_available": pdb.min_available, "max_unavailable": pdb.max_unavailable}
        if pdb.unhealthy_pod_eviction_policy != "IfHealthyBudget":
            bound["unhealthy_pod_eviction_policy"] = pdb.unhealthy_pod_eviction_policy
        add_budget(
            world.make(
                "PodDisruptionBudget",
                pdb.name,
                selector(world, spec),
                **{k: v for k, v in bound.items() if v is not None},
            )
        )


def _add_fixture_node(world: World, node: NodeFixture) -> None:
    extra: dict[str, Any] = {}
    if node.pods != DEFAULT_MAX_PODS:
        extra["pods"] = node.pods
    if node.labels:
        extra["labels"] = node.labels
    if node.taints:
        extra["taints"] = [taint(world, t) for t in node.taints]
    if node.unschedulable:
        extra["unschedulable"] = True
    add_node(world, node.name, str(node.cpu), str(node.memory), **extra)


def _apply_fixture_deployment(world: World, d: DeploymentFixture) -> None:
    fields: dict[str, Any] = {"version": d.version}
    if d.single_container:
        fields["cpu"], fields["memory"] = str(d.containers[0].cpu), str(d.containers[0].memory)
    else:
        fields["cpu"] = fields["memory"] = 0
        fields["containers"] = [_container(world, c) for c in d.containers]
        fields["init_containers"] = [_container(world, c) for c in d.init_containers]
    optional = {
        "strategy": (d.strategy, "RollingUpdate"),
        "max_surge": (d.max_surge, DEFAULT_MAX_SURGE),
        "max_unavailable": (d.max_unavailable, DEFAULT_MAX_UNAVAILABLE),
        "revision_history_limit": (d.revision_history_limit, DEFAULT_REVISION_HISTORY_LIMIT),
        "progress_deadline_seconds": (
            d.progress_deadline_seconds,
            DEFAULT_PROGRESS_DEADLINE,
        ),
    }
    fields.update({k: v for k, (v, default) in optional.items() if v != default})
    if d.tolerations:
        fields["tolerations"] = [toleration(world, t) for t in d.tolerations]
    if d.node_selector:
        fields["node_selector"] = d.node_selector
    if d.labels:
        fields["labels"] = d.labels
    if d.min_ready_seconds:
        fields["min_ready_seconds"] = d.min_ready_seconds
    if d.priority_class_name is not None:
        fields["priority_class_name"] = d.priority_class_name
    if d.selector is not None:
        fields["selector"] = selector(world, d.selector)
    if d.affinity or d.topology_spread:
        from kubeloop.steps.cluster.affinity import from_manifest  # noqa: PLC0415 (a cycle)

        fields.update(from_manifest(world, d.affinity or {}, d.topology_spread))
    apply_deployment(world, d.name, d.replicas, **fields)


def selector(world: World, spec: dict[str, Any]) -> Any:
    """An engine LabelSelector from a manifest's ``{matchLabels, matchExpressions}``."""
    expressions = [
        world.make("Requirement", e["key"], e["operator"], tuple(e.get("values") or ()))
        for e in spec.get("matchExpressions") or []
    ]
    of = world.capability(world.capability(world.cluster_engine, "LabelSelector"), "of")
    return of(spec.get("matchLabels") or {}, *expressions)


def _container(world: World, container: Any) -> Any:
    """An engine Container from a fixture's quantities (the engine parses them)."""
    of = world.capability(world.capability(world.cluster_engine, "Container"), "of")
    return of(container.name, container.cpu, container.memory)


def _behavior(world: World, spec: dict[str, Any]) -> Any:
    def rules(side: dict[str, Any] | None, default: Any) -> Any:
        if side is None:
            return default
        policies = tuple(
            world.make("ScalingPolicy", p["type"], p["value"], p["periodSeconds"])
            for p in side.get("policies", [])
        )
        return world.make(
            "ScalingRules",
            side.get("stabilizationWindowSeconds", default.stabilization_window_seconds),
            side.get("selectPolicy", "Max"),
            policies or default.policies,
        )

    defaults = world.make("Behavior")
    return world.make(
        "Behavior",
        scale_up=rules(spec.get("scaleUp"), defaults.scale_up),
        scale_down=rules(spec.get("scaleDown"), defaults.scale_down),
    )


def column_problems(
    header: list[str], columns: dict[str, str], listed: str
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
