"""Where pods may go relative to each other and to node labels: anti-affinity, affinity,
topology spread, node affinity."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .engine_objects import reapply, selector

HOSTNAME = "kubernetes.io/hostname"
ZONE = "topology.kubernetes.io/zone"
REQUIRED = "requiredDuringSchedulingIgnoredDuringExecution"
PREFERRED = "preferredDuringSchedulingIgnoredDuringExecution"


def topology_key(said: str) -> str:
    """ "node", "hosts", "the hostname", "them" (the nodes just said) →
    kubernetes.io/hostname; "zones" → the zone label; anything else is the label key as
    written."""
    word = said.lower().removeprefix("the ")
    if word.rstrip("s") in ("node", "host", "hostname") or word == "them":
        return HOSTNAME
    return ZONE if word.rstrip("s") == "zone" else said


def place(world: World, name: str, options: dict[str, Any]) -> None:
    """The placement clauses of a declaration ("with required pod anti-affinity on
    kubernetes.io/hostname", "spread across zones with maxSkew 1"), applied in order."""
    if "anti_affinity" in options:
        key, required = options["anti_affinity"]
        term = world.make("PodAffinityTerm", _pods_of(world, name), topology_key(key))
        if required:
            _affinity(world, name, anti_required=(term,))
        else:
            weighted = world.make("WeightedPodAffinityTerm", 100, term)
            _affinity(world, name, anti_preferred=(weighted,))
    if "spread" in options:
        key, skew, soft = options["spread"]
        _spread(world, name, topology_key(key), skew, soft)


def _spread(world: World, name: str, key: str, skew: int, soft: bool) -> None:
    constraint = world.make(
        "TopologySpreadConstraint",
        skew,
        key,
        _pods_of(world, name),
        "ScheduleAnyway" if soft else "DoNotSchedule",
    )
    current = world.declared.deployments.get(name, (0, {}))[1].get("topology_spread", ())
    reapply(world, name, topology_spread=(*current, constraint))


def _pods_of(world: World, deployment: str) -> Any:
    """A selector for a deployment's pods: the labels it was declared with, or app=<name>."""
    labels = world.declared.deployments.get(deployment, (0, {}))[1].get("labels")
    return selector(world, {"matchLabels": labels or {"app": deployment}})


def _affinity(world: World, name: str, **more: tuple[Any, ...]) -> None:
    """Re-apply the deployment with its affinity extended by ``more``."""
    spec = world.declared.deployments.get(name, (0, {}))[1]
    current = spec.get("affinity")
    fields = {key: tuple(getattr(current, key, ())) + extra for key, extra in more.items()}
    if current is not None:
        for key in (
            "node_required",
            "node_preferred",
            "pod_required",
            "pod_preferred",
            "anti_required",
            "anti_preferred",
        ):
            fields.setdefault(key, tuple(getattr(current, key)))
    reapply(world, name, affinity=world.make("Affinity", **fields))


@given(
    "deployment {name:name} never puts two pods on one <node|zone>",
    'deployment "web" never puts two pods on one node',
    "deployment web never puts two pods on one zone",
)
def never_two_per_domain(world: World, name: str) -> None:
    """Required pod anti-affinity against its own pods, per node or per zone."""
    key = ZONE if world.step.text.endswith("zone") else HOSTNAME
    term = world.make("PodAffinityTerm", _pods_of(world, name), key)
    _affinity(world, name, anti_required=(term,))


@given(
    "deployment {name:name} prefers one pod per <node|zone>",
    'deployment "web" prefers one pod per node',
)
def prefers_one_per_domain(world: World, name: str) -> None:
    """Preferred pod anti-affinity (weight 100) against its own pods."""
    key = ZONE if world.step.text.endswith("zone") else HOSTNAME
    term = world.make("PodAffinityTerm", _pods_of(world, name), key)
    _affinity(world, name, anti_preferred=(world.make("WeightedPodAffinityTerm", 100, term),))


@given(
    "deployment {name:name} runs on the same <node|zone> as {other:name}",
    'deployment "cache" runs on the same node as "web"',
    "deployment cache runs on the same zone as web",
)
def same_domain_as(world: World, name: str, other: str) -> None:
    """Required pod affinity to the other deployment's pods."""
    key = ZONE if " zone as " in world.step.text else HOSTNAME
    term = world.make("PodAffinityTerm", _pods_of(world, other), key)
    _affinity(world, name, pod_required=(term,))


@given(
    "deployment {name:name} <never runs|does not run|must not run> on the same <node|zone> as "
    "{other:name}",
    'deployment "batch" never runs on the same node as "web"',
    "deployment batch does not run on the same zone as web",
)
def apart_from(world: World, name: str, other: str) -> None:
    """Required pod anti-affinity to the other deployment's pods."""
    key = ZONE if " zone as " in world.step.text else HOSTNAME
    term = world.make("PodAffinityTerm", _pods_of(world, other), key)
    _affinity(world, name, anti_required=(term,))


@given(
    "deployment {name:name} spreads over <nodes|zones> with maxSkew {skew:n}[ when possible]",
    'deployment "web" spreads over zones with maxSkew 1',
    "deployment web spreads over nodes with maxSkew 2 when possible",
)
def spreads(world: World, name: str, skew: int) -> None:
    """A topology spread constraint over its own pods (DoNotSchedule; "when possible":
    ScheduleAnyway)."""
    key = ZONE if " over zones " in world.step.text else HOSTNAME
    _spread(world, name, key, skew, world.step.text.endswith("when possible"))


@given(
    "deployment {name:name} prefers nodes labelled {label:label}",
    'deployment "db" prefers nodes labelled disk=ssd',
)
def prefers_nodes(world: World, name: str, label: str) -> None:
    """Preferred node affinity (weight 1) for nodes with that label."""
    key, value = label.split("=", 1)
    requirement = world.make("Requirement", key, "In", (value,))
    term = world.make("NodeSelectorTerm", (requirement,))
    preferred = world.make("PreferredSchedulingTerm", 1, term)
    _affinity(world, name, node_preferred=(preferred,))


def from_manifest(
    world: World, affinity: dict[str, Any], spread: tuple[dict[str, Any], ...]
) -> dict[str, Any]:
    """Engine objects for a validated manifest's ``affinity`` and ``topologySpreadConstraints``."""

    def requirements(term: dict[str, Any]) -> Any:
        return world.make(
            "NodeSelectorTerm",
            tuple(
                world.make("Requirement", e["key"], e["operator"], tuple(e.get("values") or ()))
                for e in term.get("matchExpressions") or []
            ),
        )

    def pod_term(term: dict[str, Any]) -> Any:
        return world.make(
            "PodAffinityTerm", selector(world, term.get("labelSelector") or {}), term["topologyKey"]
        )

    node = affinity.get("nodeAffinity") or {}
    required = (node.get(REQUIRED) or {}).get("nodeSelectorTerms") or []
    fields: dict[str, Any] = {
        "node_required": tuple(requirements(t) for t in required),
        "node_preferred": tuple(
            world.make("PreferredSchedulingTerm", p["weight"], requirements(p["preference"]))
            for p in node.get(PREFERRED) or []
        ),
    }
    for kind, prefix in (("podAffinity", "pod"), ("podAntiAffinity", "anti")):
        block = affinity.get(kind) or {}
        fields[f"{prefix}_required"] = tuple(pod_term(t) for t in block.get(REQUIRED) or [])
        fields[f"{prefix}_preferred"] = tuple(
            world.make("WeightedPodAffinityTerm", p["weight"], pod_term(p["podAffinityTerm"]))
            for p in block.get(PREFERRED) or []
        )
    out: dict[str, Any] = {}
    if affinity:
        out["affinity"] = world.make("Affinity", **fields)
    if spread:
        out["topology_spread"] = tuple(
            world.make(
                "TopologySpreadConstraint",
                c["maxSkew"],
                c["topologyKey"],
                selector(world, c.get("labelSelector") or {}),
                c["whenUnsatisfiable"],
                c.get("minDomains", 1),
            )
            for c in spread
        )
    return out
