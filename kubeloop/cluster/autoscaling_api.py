"""The HPAs attached to deployments: attach one, feed it a metric, read its view.

A part of the ``Cluster`` façade; the passes (``reconcile_loop.py``) read the same records.
"""

from __future__ import annotations

from kubeloop.cluster import arguments, lookup, workload_views
from kubeloop.cluster.autoscaling import HPA, AutoscalerInfo
from kubeloop.cluster.controllers.hpa import AutoscalerRecord
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import InvalidSpecError, NotFoundError


class AutoscalingOperations:
    def __init__(self, state: ClusterState) -> None:
        self._state = state
        self.records: dict[str, AutoscalerRecord] = {}
        """Each autoscaled deployment's HPA, by deployment name."""

    def autoscale(self, name: str, hpa: HPA) -> None:
        lookup.deployment(self._state, name)
        arguments.instance(hpa, HPA, "autoscale's hpa")
        self.records[name] = AutoscalerRecord(name, hpa)

    def set_cpu_utilization(self, name: str, percent: int | float) -> None:
        record = self._record(name)
        arguments.number(percent, "utilization (percent)", low=-1e9, high=1e9)
        if percent < 0:
            raise InvalidSpecError("utilization must not be negative")
        ready = sum(rs.ready_count for rs in self._state.replicasets_of(name))
        record.demand = int(percent * max(ready, 1))
        record.samples += 1

    def clear_cpu_utilization(self, name: str) -> None:
        record = self._record(name)
        if record.demand is not None:
            record.demand = None
            record.samples += 1

    def autoscaler(self, name: str) -> AutoscalerInfo:
        return workload_views.autoscaler_info(self._state, self._record(name))

    def _record(self, name: str) -> AutoscalerRecord:
        lookup.deployment(self._state, name)
        try:
            return self.records[name]
        except KeyError:
            raise NotFoundError("autoscaler", name, sorted(self.records)) from None
