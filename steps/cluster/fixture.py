"""A cluster fixture (nodes, deployments, priority classes, node groups, autoscalers,
disruption budgets from YAML) put into the world's cluster through the engine's API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubeloop.cluster.defaults import (
    DEFAULT_MAX_PODS,
    DEFAULT_MAX_SURGE,
    DEFAULT_MAX_UNAVAILABLE,
    DEFAULT_PROGRESS_DEADLINE,
    DEFAULT_REVISION_HISTORY_LIMIT,
)
from kubeloop.harness.world import World

from .affinity import from_manifest
from .cluster_autoscaler import apply_node_groups
from .engine_objects import (
    add_node,
    apply_deployment,
    selector,
    taint,
    toleration,
)

if TYPE_CHECKING:
    from kubeloop.fixtures import DeploymentFixture, Fixture, NodeFixture


def load(world: World, path: str | None = None, text: str | None = None) -> Fixture:
    # Imported here: jsonschema takes a tenth of a second to import, most scenarios load no YAML.
    from kubeloop.fixtures import load_fixture, load_fixture_text  # noqa: PLC0415

    if path is not None:
        return load_fixture(world.resolve(path))
    return load_fixture_text(text or "", f"{world.step.location} (doc string)")


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
        fields.update(from_manifest(world, d.affinity or {}, d.topology_spread))
    apply_deployment(world, d.name, d.replicas, **fields)


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
