"""The Cluster's autoscaling operations: attach an HPA, feed it a metric, read its view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubeloop.cluster import arguments, observe
from kubeloop.cluster.autoscaling import HPA, AutoscalerInfo
from kubeloop.cluster.controllers.hpa import AutoscalerRecord
from kubeloop.errors import InvalidSpecError, NotFoundError

if TYPE_CHECKING:
    from kubeloop.cluster.deployments import DeploymentRecord
    from kubeloop.cluster.state import ClusterState


class AutoscalingOperations:
    if TYPE_CHECKING:  # set by Cluster.__init__; kept out of the runtime annotations
        _state: ClusterState
        _autoscalers: dict[str, AutoscalerRecord]

        def _deployment(self, name: str) -> DeploymentRecord: ...

    def autoscale(self, name: str, hpa: HPA) -> None:
        """Attach a HorizontalPodAutoscaler to a deployment (replacing any earlier one)."""
        self._deployment(name)
        arguments.instance(hpa, HPA, "autoscale's hpa")
        self._autoscalers[name] = AutoscalerRecord(name, hpa)

    def set_cpu_utilization(self, name: str, percent: int | float) -> None:
        """The deployment's pods now average ``percent`` of their CPU request."""
        record = self._autoscaler(name)
        arguments.number(percent, "utilization (percent)", low=-1e9, high=1e9)
        if percent < 0:
            raise InvalidSpecError("utilization must not be negative")
        ready = sum(rs.ready_count for rs in self._state.replicasets_of(name))
        record.demand = int(percent * max(ready, 1))
        record.samples += 1

    def clear_cpu_utilization(self, name: str) -> None:
        """No metric for the deployment's pods now: at its next sync the HPA holds the
        replicas and says why (ScalingActive=False), as upstream does when a metric is
        missing, instead of acting on the last value it was given."""
        record = self._autoscaler(name)
        if record.demand is not None:
            record.demand = None
            record.samples += 1

    def _autoscaler(self, name: str) -> AutoscalerRecord:
        self._deployment(name)
        try:
            return self._autoscalers[name]
        except KeyError:
            raise NotFoundError("autoscaler", name, sorted(self._autoscalers)) from None

    def autoscaler(self, name: str) -> AutoscalerInfo:
        return observe.autoscaler_info(self._state, self._autoscaler(name))
