"""The Cluster's priority operations: PriorityClasses in, and what preemption did out.

Mixed into ``Cluster`` so the façade stays one screen; the rules are in ``priority.py``
(classes, admission) and ``scheduler/preemption.py`` (DefaultPreemption).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kubeloop.cluster import arguments
from kubeloop.cluster.priority import Preemption, PriorityClass
from kubeloop.errors import InvalidSpecError, NotFoundError

if TYPE_CHECKING:
    from kubeloop.cluster.state import ClusterState


class PriorityOperations:
    if TYPE_CHECKING:  # set by Cluster.__init__; kept out of the runtime annotations
        _state: ClusterState

    def add_priority_class(self, priority_class: PriorityClass) -> None:
        """``kubectl create priorityclass``: pods created from now on may name it."""
        if not isinstance(priority_class, PriorityClass):
            raise InvalidSpecError(f"expected a PriorityClass, got {priority_class!r}")
        self._state.priorities.add(priority_class)
        # ReplicaSets whose pods were forbidden for want of a class try again.
        for rs_name in sorted(self._state.priorities.failures):
            rs = self._state.replicasets.get(rs_name)
            if rs is not None:
                self._state.touch(rs.deployment)

    def delete_priority_class(self, name: str) -> None:
        """Pods already admitted keep their priority; new pods naming it are forbidden."""
        self._state.priorities.delete(arguments.text(name, "priority class name"))

    def priority_classes(self) -> list[PriorityClass]:
        """``kubectl get priorityclasses``: by name, the two system classes included."""
        classes = self._state.priorities.classes
        return [classes[name] for name in sorted(classes)]

    def priority_class(self, name: str) -> PriorityClass:
        classes = self._state.priorities.classes
        arguments.text(name, "priority class name")
        if name not in classes:
            raise NotFoundError("priority class", name, sorted(classes))
        return classes[name]

    def preemptions(self) -> list[Preemption]:
        """Every pod the scheduler preempted, oldest first."""
        return list(self._state.priorities.preemptions)
