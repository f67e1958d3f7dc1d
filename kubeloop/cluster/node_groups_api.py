"""The Cluster's cluster-autoscaler operations: node groups, the autoscaler's flags, its view.

Mixed into ``Cluster``. Nothing runs until the first node group is added: then the
autoscaler's loop is put on the cluster's clock (every ``scan_interval`` seconds, at
``ORDER_AUTOSCALE``), so a cluster without node groups pays nothing.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from kubeloop.cluster import arguments
from kubeloop.cluster.autoscaler.groups import NodeGroup, NodeGroupInfo, NodeGroupRecord, group_info
from kubeloop.cluster.autoscaler.loop import ORDER_AUTOSCALE, AutoscalerLoop
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings
from kubeloop.cluster.autoscaler.views import ClusterAutoscalerInfo, autoscaler_info
from kubeloop.errors import AlreadyExistsError, NotFoundError

if TYPE_CHECKING:
    from kubeloop.cluster.disruption_budget import PodDisruptionBudget
    from kubeloop.cluster.history import ReconcileResult
    from kubeloop.cluster.state import ClusterState
    from kubeloop.core.clock import Clock, PeriodicTask

MAX_GROUPS = 100


class NodeGroups:
    if TYPE_CHECKING:  # set by Cluster.__init__; kept out of the runtime annotations
        _state: ClusterState
        _clock: Clock
        _budgets: dict[str, PodDisruptionBudget]

        def reconcile_until_stable(self, max_passes: int = 100) -> list[ReconcileResult]: ...

    def _node_autoscaler(self) -> AutoscalerLoop:
        """The autoscaler, made (with its clock task) the first time it is needed."""
        loop: AutoscalerLoop | None = self.__dict__.get("_ca_loop")
        if loop is None:
            cluster = weakref.ref(self)

            def settle() -> None:
                alive = cluster()
                if alive is not None:
                    alive.reconcile_until_stable()

            loop = AutoscalerLoop(self._state, self._budgets, settle)
            self.__dict__["_ca_loop"] = loop
            self._schedule_autoscaler(loop)
        return loop

    def _schedule_autoscaler(self, loop: AutoscalerLoop) -> None:
        task: PeriodicTask | None = self.__dict__.get("_ca_task")
        if task is not None:
            task.cancel()
        ref = weakref.ref(loop)

        def tick(_now: int) -> None:
            alive = ref()
            if alive is not None:
                alive.run_once()

        self.__dict__["_ca_task"] = self._clock.every(
            loop.settings.scan_interval, tick, name="cluster autoscaler", order=ORDER_AUTOSCALE
        )

    def add_node_group(self, group: NodeGroup) -> None:
        """Declare a node group; its initial nodes join at once and the autoscaler runs."""
        arguments.instance(group, NodeGroup, "add_node_group's group")
        loop = self.__dict__.get("_ca_loop")
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
        self._node_autoscaler().add_group(NodeGroupRecord(group))

    def configure_autoscaler(self, settings: AutoscalerSettings) -> None:
        """Set the autoscaler's flags (``AutoscalerSettings``); a new scan interval applies
        from now on."""
        arguments.instance(settings, AutoscalerSettings, "configure_autoscaler's settings")
        loop = self._node_autoscaler()
        interval = loop.settings.scan_interval
        loop.configure(settings)
        if settings.scan_interval != interval:
            self._schedule_autoscaler(loop)

    def node_groups(self) -> list[NodeGroupInfo]:
        loop = self.__dict__.get("_ca_loop")
        if loop is None:
            return []
        return [group_info(loop.groups[name]) for name in sorted(loop.groups)]

    def node_group(self, name: str) -> NodeGroupInfo:
        arguments.text(name, "node group name")
        loop = self.__dict__.get("_ca_loop")
        groups = loop.groups if loop is not None else {}
        if name not in groups:
            raise NotFoundError("node group", name, sorted(groups))
        return group_info(groups[name])

    def cluster_autoscaler(self) -> ClusterAutoscalerInfo:
        """What the autoscaler knows now: groups, unneeded nodes (and since when), deletions."""
        return autoscaler_info(self._node_autoscaler())
