"""The cluster's voluntary-disruption operations: budgets, evictions, drains.

A part of the ``Cluster`` façade: each method checks its arguments and hands the work to
``disruption.py`` and ``eviction.py``. The budgets are shared with preemption, which
weighs them (``ClusterState.priorities.budgets``).
"""

from __future__ import annotations

from kubeloop.cluster import eviction
from kubeloop.cluster.disruption import DisruptionBudgetInfo, status
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.eviction import DrainResult
from kubeloop.cluster.state import ClusterState
from kubeloop.core.clock import Clock
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError

MAX_DRAIN_TIMEOUT = 7 * 24 * 3600


class DisruptionOperations:
    def __init__(
        self, state: ClusterState, clock: Clock, budgets: dict[str, PodDisruptionBudget]
    ) -> None:
        self._state = state
        self._clock = clock
        self._budgets = budgets

    def add_disruption_budget(self, pdb: PodDisruptionBudget) -> None:
        if not isinstance(pdb, PodDisruptionBudget):
            raise InvalidSpecError(f"expected a PodDisruptionBudget, got {pdb!r}")
        if pdb.name in self._budgets:
            raise AlreadyExistsError(f'disruption budget "{pdb.name}" already exists')
        self._budgets[pdb.name] = pdb

    def disruption_budgets(self) -> list[DisruptionBudgetInfo]:
        return [status(self._state, self._budgets[n]) for n in sorted(self._budgets)]

    def disruption_budget(self, name: str) -> DisruptionBudgetInfo:
        if name not in self._budgets:
            raise NotFoundError("disruption budget", name, sorted(self._budgets))
        return status(self._state, self._budgets[name])

    def evict(self, pod: str) -> None:
        if pod not in self._state.pods:
            raise NotFoundError("pod", pod, sorted(self._state.pods)[:10])
        eviction.evict(self._state, self._budgets, pod)

    def drain(self, node: str, timeout: int = 0) -> DrainResult:
        if node not in self._state.nodes:
            raise NotFoundError("node", node, sorted(self._state.nodes))
        if not isinstance(timeout, int) or isinstance(timeout, bool) or timeout < 0:
            raise InvalidSpecError("drain timeout must be a whole number of seconds ≥ 0")
        if timeout > MAX_DRAIN_TIMEOUT:
            raise InvalidSpecError(f"drain timeout must be at most {MAX_DRAIN_TIMEOUT} s")
        record = self._state.nodes[node]
        return eviction.drain(self._state, self._budgets, record, timeout, self._clock.run_for)
