"""Which batch places a run of one template's pods by groups of node classes sharing a
domain: spread's (``spread_batch.py``) or preferences' (``preferred_batch.py``)."""

from __future__ import annotations

from collections.abc import Callable

from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.scheduler import preferred_batch, spread_batch
from kubeloop.cluster.scheduler.framework import FilterPlugin, NodeLocalScorePlugin
from kubeloop.cluster.scheduler.inter_pod_affinity import InterPodAffinity
from kubeloop.cluster.scheduler.node_classes import NodeClasses
from kubeloop.cluster.scheduler.topology_spread import PodTopologySpread
from kubeloop.cluster.state import ClusterState

Placer = Callable[[ClusterState, list[PodRecord], NodeClasses], int]
"""Binds the run's pods in order, up to the first no node admits; returns how many."""


def placer(
    template: PodTemplate,
    symmetric: bool,
    filters: list[FilterPlugin],
    scorers: list[NodeLocalScorePlugin],
    spread: PodTopologySpread,
    inter_pod: InterPodAffinity,
) -> Placer | None:
    """How the template's pods are placed by domain, or None if no such batch applies;
    ``symmetric``: some pod has required anti-affinity. ``filters`` and ``scorers`` are the
    node-local plugins; the two topology plugins are the batches' own."""
    if spread_batch.applies(template, symmetric):

        def by_spread(state: ClusterState, pods: list[PodRecord], classes: NodeClasses) -> int:
            return spread_batch.place(state, pods, filters, scorers, classes, spread)

        return by_spread
    if preferred_batch.applies(template, symmetric):

        def by_preference(state: ClusterState, pods: list[PodRecord], classes: NodeClasses) -> int:
            return preferred_batch.place(state, pods, filters, scorers, classes, inter_pod)

        return by_preference
    return None
