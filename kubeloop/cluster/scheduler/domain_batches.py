"""Which batch places a run of one template's pods by groups of node classes sharing a
domain: spread's (``spread_batch.py``) or preferences' (``preferred_batch.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import preferred_batch, spread_batch
from kubeloop.cluster.scheduler.framework import FilterPlugin, NodeLocalScorePlugin
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread
from kubeloop.cluster.state import ClusterState

Placer = Callable[[ClusterState, list[PodRecord], NodeClasses], int]
"""Binds the run's pods in order, up to the first no node admits; returns how many."""


class Plugins(Protocol):
    """What the batches need from the scheduler they run in."""

    filters: list[FilterPlugin]
    scorers: list[NodeLocalScorePlugin]
    spread: PodTopologySpread
    inter_pod: InterPodAffinity


def placer(plugins: Plugins, template: PodTemplate, symmetric: bool) -> Placer | None:
    """How the template's pods are placed by domain, or None if no such batch applies;
    ``symmetric``: some pod has required anti-affinity."""
    if spread_batch.applies(template, symmetric):
        spread = plugins.spread

        def by_spread(state: ClusterState, pods: list[PodRecord], classes: NodeClasses) -> int:
            return spread_batch.place(
                state, pods, plugins.filters, plugins.scorers, classes, spread
            )

        return by_spread
    if preferred_batch.applies(template, symmetric):
        inter_pod = plugins.inter_pod

        def by_preference(state: ClusterState, pods: list[PodRecord], classes: NodeClasses) -> int:
            filters, scorers = plugins.filters, plugins.scorers
            return preferred_batch.place(state, pods, filters, scorers, classes, inter_pod)

        return by_preference
    return None
