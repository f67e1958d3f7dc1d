"""What a failed pod count adds when pods wait on a topology spread constraint.

kube-scheduler's PodTopologySpread filter (DoNotSchedule) refuses a node when one more pod
in its domain would put that domain more than maxSkew above the emptiest domain. Every
domain of a node that carries the key counts, a NotReady or tainted node's too: taints are
ignored when domains are counted (nodeTaintsPolicy Ignore, the default). So when both
nodes of zone-a fail, zone-a still holds 0 pods, and a third pod in zone-b would make a skew
of 3: it waits, though zone-b has room. The check still fails, and says why, from the pods
and nodes it reads, with the sentence that lets such pods go where there is room; it says
so only when the spread is what holds them.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.referents import known
from kubeloop.harness.world import World

SPREAD_REASON = "didn't match pod topology spread constraints"
"""The words kube-scheduler's FailedScheduling message says for the spread filter."""


def spread_note(world: World, pods: list[Any]) -> str:
    """For each deployment with a Pending pod the spread filter refused: the pods per domain,
    the skew one more pod makes, and why an empty domain still counts; empty otherwise."""
    held = sorted({p.deployment for p in pods if SPREAD_REASON in str(p.reason or "")})
    said = [note for name in held if (note := _why(world, name))]
    return "".join(f"; {note}" for note in said)


def _why(world: World, deployment: str) -> str:
    spec = getattr(world.cluster, "deployment_spec", None)
    if spec is None:
        return ""
    node = world.capability(world.cluster, "node")
    nodes = [node(name) for name in known(world, "node")]
    for constraint in spec(deployment).topology_spread:
        if constraint.when_unsatisfiable != "DoNotSchedule":
            continue
        note = _skew(world, deployment, constraint, nodes, spec(deployment).node_selector)
        if note:
            return note
    return ""


def _skew(world: World, deployment: str, constraint: Any, nodes: list[Any], selector: Any) -> str:
    """The note for one constraint, if one more pod breaks it in every domain that could
    take a pod (a domain with a Ready, schedulable node)."""
    key = constraint.topology_key
    domains: dict[str, list[Any]] = {}
    for each in nodes:
        if key in each.labels and all(each.labels.get(k) == v for k, v in selector.items()):
            domains.setdefault(each.labels[key], []).append(each)
    bound = [p.node for p in world.pods(deployment) if p.node is not None]
    counts = {
        domain: sum(1 for n in bound if n in {m.name for m in members})
        for domain, members in sorted(domains.items())
    }
    if not counts:
        return ""
    least = min(counts.values())
    open_ = [d for d, members in domains.items() if any(_open(m) for m in members)]
    skews = {d: counts[d] + 1 - least for d in open_}
    if not skews or min(skews.values()) <= constraint.max_skew:
        return ""
    target = min(sorted(skews), key=lambda d: skews[d])
    emptiest = [d for d in counts if counts[d] == least]
    held = ", ".join(f"{d} {n}" for d, n in counts.items())
    note = (
        f'the spread of "{deployment}" over {key} (maxSkew {constraint.max_skew}, '
        f"whenUnsatisfiable DoNotSchedule) holds its Pending pods: its pods per domain are "
        f"{held}, so one more in {target} makes a skew of {skews[target]} "
        f"({counts[target] + 1} - {least})"
    )
    closed = [d for d in emptiest if not any(_open(m) for m in domains[d])]
    if closed:
        names = ", ".join(
            f"{m.name} {'cordoned' if m.ready else 'NotReady'}" for d in closed for m in domains[d]
        )
        note += (
            f"; {', '.join(closed)} can take no pod ({names}) yet still "
            f"counts, as kube-scheduler counts a domain whatever its nodes' taints "
            f"(nodeTaintsPolicy Ignore)"
        )
    return note + (
        '; to let such pods go where there is room, spread them "across zones when '
        'possible" (whenUnsatisfiable ScheduleAnyway: the spread then only ranks nodes)'
        if key.endswith("zone")
        else '; to let such pods go where there is room, add "when possible" to the spread '
        "(whenUnsatisfiable ScheduleAnyway: the spread then only ranks nodes)"
    )


def _open(node: Any) -> bool:
    return bool(node.ready) and not node.unschedulable
