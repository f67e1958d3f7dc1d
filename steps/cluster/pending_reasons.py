"""Why pods wait and how they are laid out, said the way platform engineers say it: "the
fourth redis pod is Pending because of anti-affinity" (the scheduler's FailedScheduling
message names the rule), "3 redis pods are running, one on each node" (running, and no two
on one node)."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.referents import known
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pods import _IN_STATE, check, members, pods_are

_RULES = {
    "pod anti-affinity": "didn't match pod anti-affinity rules",
    "anti-affinity": "didn't match pod anti-affinity rules",
    "antiaffinity": "didn't match pod anti-affinity rules",
    "pod affinity": "didn't match pod affinity rules",
    "node affinity": "didn't match Pod's node affinity/selector",
    "its node selector": "didn't match Pod's node affinity/selector",
    "the node selector": "didn't match Pod's node affinity/selector",
    "node selector": "didn't match Pod's node affinity/selector",
    "nodeSelector": "didn't match Pod's node affinity/selector",
    "taints": "untolerated taint",
    "a taint": "untolerated taint",
    "the taint": "untolerated taint",
    "topology spread": "didn't match pod topology spread constraints",
    "the spread constraint": "didn't match pod topology spread constraints",
    "the topology spread constraint": "didn't match pod topology spread constraints",
}
"""A scheduling rule as people name it, and the words kube-scheduler's FailedScheduling
message says for it (kubeloop/cluster/scheduler/, one plugin a file)."""
_RULE = "<" + "|".join(sorted(_RULES, key=len, reverse=True)) + ">"
_BECAUSE = "<because of|due to|blocked by|held back by|because of the|due to the|from>"
_ORDINAL = (
    "<second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|remaining|other|extra|"
    "odd|2nd|3rd|4th|5th|6th|7th|8th|9th|10th>"
)


def _rule(world: World) -> tuple[str, str]:
    """The rule the step names and the message words it means."""
    said = world.step.text.lower()
    found = next(name for name in sorted(_RULES, key=len, reverse=True) if name.lower() in said)
    return found, _RULES[found]


def _reason(world: World, pod: Any) -> str:
    return str(world.attribute(pod, "reason") or "")


@then(
    "{pods:pods} <is|are> [still ][stuck ]{phase:phase} " + _BECAUSE + " " + _RULE,
    "the fourth redis pod is Pending because of anti-affinity",
    "2 etcd pods are pending due to pod anti-affinity",
    "1 gpu pod is stuck Pending because of its node selector",
    variants=(
        "the " + _ORDINAL + " {deployment:deployment} pod <is|stays|remains> [still ][stuck ]"
        "{phase:phase} " + _BECAUSE + " " + _RULE,
        "{pods:pods} <can't|cannot|can not|couldn't|could not> be <scheduled|placed> "
        + _BECAUSE
        + " "
        + _RULE,
    ),
)
def pending_because_of(
    world: World, phase: str = "pending", pods: PodSet | None = None, deployment: str = ""
) -> None:
    """The pods are in that phase and the scheduler's message names the rule ("anti-affinity":
    "didn't match pod anti-affinity rules"); "the fourth redis pod": exactly one redis pod."""
    said, words = _rule(world)
    chosen = pods or PodSet("exactly", 1, deployment, None, None)
    check(
        world,
        chosen,
        lambda p: _IN_STATE[phase](p) and words in _reason(world, p),
        f"{phase} because of {said}",
        detail=lambda p: f"{p.name} {p.phase} {_reason(world, p)!r}",
    )


_APART = (
    "<one on each node|one per node|one on every node|each on its own node|each on a different "
    "node|each on a separate node|on different nodes|on separate nodes|all on different nodes>"
)


@then(
    "{pods:pods} <is|are> [still ]{phase:phase}[,] " + _APART,
    "3 redis pods are running, one on each node",
    "all 3 etcd pods are running on different nodes",
    "both zk pods are running, each on its own node",
)
def in_phase_apart(world: World, pods: PodSet, phase: str) -> None:
    """The pods are in that phase, as many as said, and no two of them share a node; "one on
    each node" also wants every node to hold one."""
    pods_are(world, pods, phase)
    placed = [p for p in members(world, pods) if _IN_STATE[phase](p) and p.node is not None]
    nodes = [p.node for p in placed]
    shared = sorted({n for n in nodes if nodes.count(n) > 1})
    if shared:
        raise world.fail(
            f"{pods.describe()} {phase}, no two on one node",
            "; ".join(f"{n}: {', '.join(p.name for p in placed if p.node == n)}" for n in shared),
        )
    said = world.step.text.lower()
    if " each node" in said or " every node" in said or "per node" in said:
        empty = [n for n in known(world, "node") if n not in nodes]
        if empty:
            raise world.fail(f"{pods.describe()} on every node", f"none on {', '.join(empty)}")
