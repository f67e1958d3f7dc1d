"""Place a run of one template's spread pods, exactly as filtering and scoring every node
would, deciding every pod before binding them a node at a time.

``spread_groups.py`` chooses each pod's node from node classes grouped by domain. Where a
pod goes changes only which class its node is in and the domain counts, both of which the
choice follows itself, so the pods are bound afterwards, each node's in one run — a bind
per pod cost more than the choosing. The one thing the choice cannot foresee is a class a
node of some class joins with one pod more: the first time, the pods decided so far are
bound, then that pod, and its node's new class is filtered and scored as it really is.

The decided pods bind in one call (``bind_pairs``), which moves each node's totals once
and records the binds on the change feed in the order they were decided, as binding each
pod in turn would have: the Scheduled events and the topology counts read them there.
"""

from __future__ import annotations

import heapq

from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import spread_fill
from kubeloop.cluster.scheduler.aware_classes import template_keys
from kubeloop.cluster.scheduler.framework import FilterPlugin, NodeLocalScorePlugin
from kubeloop.cluster.scheduler.node_classes import NodeClasses, class_key
from kubeloop.cluster.scheduler.spread_groups import SpreadChoice
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread
from kubeloop.cluster.state import ClusterState

Decided = list[tuple[PodRecord, NodeRecord]]


def applies(template: PodTemplate, symmetric: bool) -> bool:
    """Spread constraints are all this template's pods ask of other pods, and no answer
    depends on a node's name; ``symmetric``: some pod has required anti-affinity."""
    affinity = template.affinity
    return (
        not symmetric
        and bool(template.topology_spread)
        and not (affinity is not None and affinity.inter_pod)
        and not template.names_hosts
        and HOSTNAME not in template_keys(template)
    )


def place(
    state: ClusterState,
    pods: list[PodRecord],
    filters: list[FilterPlugin],
    scorers: list[NodeLocalScorePlugin],
    classes: NodeClasses,
    spread: PodTopologySpread,
) -> int:
    """Bind the pods, in order, each where filtering and scoring every node would; stops at
    the first pod no node admits and returns how many were bound."""
    choice = SpreadChoice(pods[0], filters, scorers, classes, spread)
    after, nodes = choice.after, classes.nodes
    decided: Decided = []
    for placed, pod in enumerate(pods):
        group = choice.choose()
        if group is None:
            spread_fill.flush_all(choice)
            bind_decided(state, decided)
            return placed
        fill = group.fill
        if fill is not None:  # the group's best node is being filled (``spread_fill.py``)
            decided.append((pod, fill.node))
            for tally, value in group.counting:  # ``choice.counted(group)``, inlined
                tally.add(value)
            fill.at += 1
            if fill.at == fill.end:
                spread_fill.ended(choice, group)
            continue
        _, name, old = heapq.heappop(group.heap)
        node = nodes[name]
        new = after.get(old)
        if new is None:  # a class not followed yet: bind, and look at the node as it is
            decided.append((pod, node))
            bind_decided(state, decided)
            decided = []
            new = after[old] = classes.number(class_key(node))
            if new not in choice.group_of:
                choice.learn(new, node)
        else:
            decided.append((pod, node))
        choice.moved(node, old, new, group)
        spread_fill.start(choice, group, node)
    spread_fill.flush_all(choice)
    bind_decided(state, decided)
    return len(pods)


def bind_decided(state: ClusterState, decided: Decided) -> None:
    """Bind the decided pods, in the order decided (also ``preferred_batch.py``'s)."""
    if decided:
        state.bind_pairs([pod for pod, _ in decided], [node for _, node in decided])
