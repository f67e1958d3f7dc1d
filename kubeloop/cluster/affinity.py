"""Affinity and topology spread: what a pod asks about where it runs, as ``core/v1`` has it.

Node affinity: ``required`` terms are ORed, each term's expressions ANDed (In, NotIn,
Exists, DoesNotExist, Gt, Lt); ``preferred`` terms add their weight on nodes they match.
Pod affinity and anti-affinity: a term selects pods by labels and names a topology key
(``kubernetes.io/hostname``, ``topology.kubernetes.io/zone``, any node label); nodes
sharing that label's value form one domain. Topology spread constraints bound the skew of
matching pods across the domains of a key. kubeloop has one namespace, so terms' namespaces
and namespaceSelector are not modelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from kubeloop.cluster.labels import LabelSelector, Requirement
from kubeloop.errors import InvalidSpecError

HOSTNAME = "kubernetes.io/hostname"
ZONE = "topology.kubernetes.io/zone"
Unsatisfiable = Literal["DoNotSchedule", "ScheduleAnyway"]


def topology_value(labels: Mapping[str, str], name: str, key: str) -> str | None:
    """A node's value for a topology key; every node is ``kubernetes.io/hostname=<name>``
    (the kubelet's label) even when the scenario did not write it."""
    value = labels.get(key)
    if value is None and key == HOSTNAME:
        return name
    return value


def topology_pairs(labels: Mapping[str, str], name: str) -> list[tuple[str, str]]:
    pairs = list(labels.items())
    if HOSTNAME not in labels:
        pairs.append((HOSTNAME, name))
    return pairs


def _weight(weight: int) -> None:
    if not isinstance(weight, int) or isinstance(weight, bool) or not 1 <= weight <= 100:
        raise InvalidSpecError(f"weight must be in the range 1-100, got {weight!r}")


def _key(key: str) -> None:
    if not isinstance(key, str) or not key:
        raise InvalidSpecError("topologyKey is required: name a node label such as " + HOSTNAME)


@dataclass(frozen=True)
class NodeSelectorTerm:
    """Expressions ANDed over a node's labels; an empty term matches no node."""

    match_expressions: tuple[Requirement, ...]

    def __post_init__(self) -> None:
        if isinstance(self.match_expressions, str) or not all(
            isinstance(r, Requirement) for r in self.match_expressions
        ):
            raise InvalidSpecError("a node selector term's expressions must be Requirements")
        object.__setattr__(self, "match_expressions", tuple(self.match_expressions))
        if not self.match_expressions:
            raise InvalidSpecError("a node selector term needs at least one matchExpressions entry")

    def matches(self, labels: Mapping[str, str]) -> bool:
        return all(r.matches(labels) for r in self.match_expressions)


@dataclass(frozen=True)
class PreferredSchedulingTerm:
    weight: int
    preference: NodeSelectorTerm

    def __post_init__(self) -> None:
        _weight(self.weight)


@dataclass(frozen=True)
class PodAffinityTerm:
    """Pods matching ``selector``, in the domain of ``topology_key`` the node belongs to."""

    selector: LabelSelector
    topology_key: str = HOSTNAME

    def __post_init__(self) -> None:
        _key(self.topology_key)
        if not isinstance(self.selector, LabelSelector):
            raise InvalidSpecError("a pod affinity term's selector must be a LabelSelector")


@dataclass(frozen=True)
class WeightedPodAffinityTerm:
    weight: int
    term: PodAffinityTerm

    def __post_init__(self) -> None:
        _weight(self.weight)


@dataclass(frozen=True)
class Affinity:
    """``spec.affinity``: node affinity, pod affinity and pod anti-affinity."""

    node_required: tuple[NodeSelectorTerm, ...] = ()
    node_preferred: tuple[PreferredSchedulingTerm, ...] = ()
    pod_required: tuple[PodAffinityTerm, ...] = ()
    pod_preferred: tuple[WeightedPodAffinityTerm, ...] = ()
    anti_required: tuple[PodAffinityTerm, ...] = ()
    anti_preferred: tuple[WeightedPodAffinityTerm, ...] = ()

    def __post_init__(self) -> None:
        kinds: dict[str, type] = {
            "node_required": NodeSelectorTerm,
            "node_preferred": PreferredSchedulingTerm,
            "pod_required": PodAffinityTerm,
            "pod_preferred": WeightedPodAffinityTerm,
            "anti_required": PodAffinityTerm,
            "anti_preferred": WeightedPodAffinityTerm,
        }
        for name, kind in kinds.items():
            value = getattr(self, name)
            if isinstance(value, str) or not all(isinstance(t, kind) for t in value):
                raise InvalidSpecError(f"affinity {name} must be a sequence of {kind.__name__}")
            object.__setattr__(self, name, tuple(value))

    @property
    def inter_pod(self) -> bool:
        return bool(
            self.pod_required or self.pod_preferred or self.anti_required or self.anti_preferred
        )


@dataclass(frozen=True)
class TopologySpreadConstraint:
    """At most ``max_skew`` more matching pods in one domain than in the emptiest one."""

    max_skew: int
    topology_key: str
    selector: LabelSelector
    when_unsatisfiable: Unsatisfiable = "DoNotSchedule"
    min_domains: int = 1

    def __post_init__(self) -> None:
        _key(self.topology_key)
        if not isinstance(self.selector, LabelSelector):
            raise InvalidSpecError(
                "a topology spread constraint's selector must be a LabelSelector"
            )
        if not isinstance(self.max_skew, int) or isinstance(self.max_skew, bool):
            raise InvalidSpecError("maxSkew must be an integer")
        if self.max_skew < 1:
            raise InvalidSpecError("maxSkew must be greater than zero")
        if self.when_unsatisfiable not in ("DoNotSchedule", "ScheduleAnyway"):
            raise InvalidSpecError("whenUnsatisfiable must be DoNotSchedule or ScheduleAnyway")
        if not isinstance(self.min_domains, int) or self.min_domains < 1:
            raise InvalidSpecError("minDomains must be greater than zero")
        if self.min_domains != 1 and self.when_unsatisfiable != "DoNotSchedule":
            raise InvalidSpecError(
                "minDomains can only be set when whenUnsatisfiable is DoNotSchedule"
            )
