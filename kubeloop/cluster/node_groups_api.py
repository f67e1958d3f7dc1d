"""The cluster's cluster-autoscaler operations: node groups, the autoscaler's flags, its view.

A part of the ``Cluster`` façade. Nothing runs until the first node group is added: then
the autoscaler's loop is put on the cluster's clock (every ``scan_interval`` seconds, at
``ORDER_AUTOSCALE``), so a cluster without node groups pays nothing.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from kubeloop.cluster import arguments
from kubeloop.cluster.autoscaler.groups import NodeGroup, NodeGroupInfo, NodeGroupRecord, group_info
from kubeloop.cluster.autoscaler.loop import ORDER_AUTOSCALE, AutoscalerLoop
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings
from kubeloop.cluster.autoscaler.views import ClusterAutoscalerInfo, autoscaler_info
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.state import ClusterState
from kubeloop.core.clock import Clock, PeriodicTask
from kubeloop.errors import AlreadyExistsError, NotFoundError

MAX_GROUPS = 100


class NodeGroups:
    def __init__(
        self,
        state: ClusterState,
        clock: Clock,
        budgets: dict[str, PodDisruptionBudget],
        settle: Callable[[], object],
    ) -> None:
        """``settle``: reconcile until stable (the autoscaler calls it after it acts)."""
        self._state = state
        self._clock = clock
        self._budgets = budgets
        self._settle = settle
        self._loop: AutoscalerLoop | None = None
        self._task: PeriodicTask | None = None

    def _autoscaler(self) -> AutoscalerLoop:
        """The autoscaler, made (with its clock task) the first time it is needed."""
        loop = self._loop
        if loop is None:
            loop = self._loop = AutoscalerLoop(self._state, self._budgets, self._settle)
            self._schedule(loop)
        return loop

    def _schedule(self, loop: AutoscalerLoop) -> None:
        """Run the loop every scan interval; the clock holds it weakly, so a dropped
        cluster is freed at once."""
        if self._task is not None:
            self._task.cancel()
        ref = weakref.ref(loop)

        def tick(_now: int) -> None:
            alive = ref()
            if alive is not None:
                alive.run_once()

        self._task = self._clock.every(
            loop.settings.scan_interval, tick, name="cluster autoscaler", order=ORDER_AUTOSCALE
        )

    def add_node_group(self, group: NodeGroup) -> None:
        arguments.instance(group, NodeGroup, "add_node_group's group")
        loop = self._loop
        if loop is not None and group.name in loop.groups:
            raise AlreadyExistsError(f'node group "{group.name}" already exists')
        if loop is not None and len(loop.groups) >= MAX_GROUPS:
            raise AlreadyExistsError(f"at most {MAX_GROUPS} node groups")
        initial = group.initial_size or 0
        taken = set(self._state.nodes)
        planned = [f"{group.name}-{i}" for i in range(1, initial + 1)]
        clash = sorted(set(planned) & taken)
        if clash:
            raise AlreadyExistsError(
                f'node group "{group.name}": its nodes would be named {", ".join(clash)}, '
                "which already exist; rename the group"
            )
        self._autoscaler().add_group(NodeGroupRecord(group))

    def configure_autoscaler(self, settings: AutoscalerSettings) -> None:
        arguments.instance(settings, AutoscalerSettings, "configure_autoscaler's settings")
        loop = self._autoscaler()
        interval = loop.settings.scan_interval
        loop.configure(settings)
        if settings.scan_interval != interval:
            self._schedule(loop)

    def node_groups(self) -> list[NodeGroupInfo]:
        loop = self._loop
        if loop is None:
            return []
        return [group_info(loop.groups[name]) for name in sorted(loop.groups)]

    def node_group(self, name: str) -> NodeGroupInfo:
        arguments.text(name, "node group name")
        groups = self._loop.groups if self._loop is not None else {}
        if name not in groups:
            raise NotFoundError("node group", name, sorted(groups))
        return group_info(groups[name])

    def cluster_autoscaler(self) -> ClusterAutoscalerInfo:
        return autoscaler_info(self._autoscaler())
