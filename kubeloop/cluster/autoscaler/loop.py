"""The cluster autoscaler's loop (``core/static_autoscaler.go``, ``RunOnce``) on the logical clock.

Every ``scan-interval`` (10 s) of logical time, after the cluster's reconcile and before
scrapes (``ORDER_AUTOSCALE`` = 150, between ``ORDER_RECONCILE`` 100 and ``ORDER_SCRAPE``
200: CA acts on the Pending pods the reconcile at the same instant left, and a scrape sees
what CA did), one loop:

1. nodes whose provisioning delay is over join the cluster, Ready, and the cluster
   reconciles at once (the scheduler reacts to a node joining; likewise after the loop
   evicted pods or deleted a node, the ReplicaSets and the scheduler react at once);
2. drains in progress go on (``actuation.py``);
3. a snapshot of the cluster, with a template node for every node still provisioning,
   is built; scale-up runs (``scale_up.py``); a successful scale-up ends the loop, as
   upstream skips scale-down in a loop that scaled up;
4. scale-down planning runs (``scale_down.py``) — even in cooldown, so the unneeded time
   accumulates — and, unless a cooldown holds (``scale-down-delay-after-add`` after a
   scale-up, ``-after-delete`` after a deletion started, ``-after-failure``, or pods too new
   to scale up for), deletions start. A drain that times out counts as a scale-down
   failure (``scale-down-delay-after-failure``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from kubeloop.cluster.autoscaler.actuation import Actuator
from kubeloop.cluster.autoscaler.groups import NodeGroupRecord, UpcomingNode, template_node
from kubeloop.cluster.autoscaler.scale_down import Planner
from kubeloop.cluster.autoscaler.scale_up import ScaleUpStatus, scale_up
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings
from kubeloop.cluster.autoscaler.simulation import Snapshot
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.state import ClusterState

ORDER_AUTOSCALE = 150
NEVER = -(2**62)


class AutoscalerLoop:
    def __init__(
        self,
        state: ClusterState,
        budgets: Mapping[str, PodDisruptionBudget],
        reconcile: Callable[[], object],
    ) -> None:
        self.state = state
        self.budgets = budgets
        self.reconcile = reconcile
        self.settings = AutoscalerSettings()
        self.groups: dict[str, NodeGroupRecord] = {}
        self.planner = Planner()
        self.actuator = Actuator()
        self.rng = random.Random(self.settings.random_seed)
        self.last_scale_up = NEVER
        self.last_delete = NEVER
        self.last_failure = NEVER
        self.last_status = ScaleUpStatus("NotNeeded")

    def configure(self, settings: AutoscalerSettings) -> None:
        if settings.random_seed != self.settings.random_seed:
            self.rng = random.Random(settings.random_seed)
        self.settings = settings

    def add_group(self, record: NodeGroupRecord) -> None:
        """Register a group and its initial nodes (already there, Ready)."""
        self.groups[record.name] = record
        for _ in range(record.spec.initial_size or 0):
            self._join(record, record.next_name(self.state.nodes))

    def _join(self, record: NodeGroupRecord, name: str) -> None:
        self.state.add_node(NodeRecord.from_spec(record.spec.node(name)))
        record.nodes.add(name)

    def provision(self) -> bool:
        """Nodes whose provisioning delay is over join; True if any did."""
        now = self.state.clock.now
        joined = False
        for name in sorted(self.groups):
            record = self.groups[name]
            due = [u for u in record.upcoming if u.ready_at <= now]
            record.upcoming = [u for u in record.upcoming if u.ready_at > now]
            for upcoming in due:
                self._join(record, upcoming.name)
                self.state.events.normal(
                    "RegisteredNode",
                    f"node/{upcoming.name}",
                    f"Node {upcoming.name} event: Registered Node {upcoming.name} in Controller",
                )
                joined = True
        return joined

    def run_once(self) -> None:
        self._run_once()
        if self.actuator.changed:  # the ReplicaSets and the scheduler react to evictions
            self.actuator.changed = False
            self.reconcile()

    def _run_once(self) -> None:
        state, settings = self.state, self.settings
        now = state.clock.now
        if self.provision():
            self.reconcile()
        if self.actuator.progress(state, self.groups, self.budgets, settings.max_pod_eviction_time):
            self.last_failure = now
        for record in self.groups.values():
            record.nodes &= set(state.nodes)
        snapshot = Snapshot.of(state)
        for name in sorted(self.groups):
            for upcoming in self.groups[name].upcoming:
                snapshot.add_node(template_node(self.groups[name].spec, upcoming.name))
        status = scale_up(state, snapshot, self.groups, settings, self.rng)
        self.last_status = status
        if status.scale_up is not None:
            record = self.groups[status.scale_up.group]
            for _ in range(status.scale_up.new - status.scale_up.current):
                name = record.next_name(state.nodes)
                record.upcoming.append(UpcomingNode(name, now + settings.provisioning_delay))
            self.last_scale_up = now
            if settings.provisioning_delay == 0 and self.provision():
                self.reconcile()
            return
        if not settings.scale_down_enabled:
            return
        deleting = {d.node: d.group for d in self.actuator.deletions.values()}
        self.planner.update(state, snapshot, self.groups, self.budgets, settings, set(deleting))
        if status.result == "InCooldown" or self.in_cooldown():
            return
        chosen = self.planner.removable_now(
            state, self.groups, settings, deleting, self.actuator.drains
        )
        if chosen:
            self.last_delete = now
            self.actuator.start(
                state, self.groups, self.budgets, chosen, settings.max_pod_eviction_time
            )
            for removed in chosen:
                self.planner.unneeded.pop(removed.node, None)

    def in_cooldown(self) -> bool:
        """``isScaleDownInCooldown``: within a delay after a scale-up, deletion or failure."""
        now, s = self.state.clock.now, self.settings
        return (
            self.last_scale_up + s.scale_down_delay_after_add > now
            or self.last_failure + s.scale_down_delay_after_failure > now
            or self.last_delete + s.scale_down_delay_after_delete > now
        )
