"""The cluster's priority operations: PriorityClasses in, and what preemption did out.

A part of the ``Cluster`` façade; the rules are in ``priority.py`` (classes, admission)
and ``scheduler/preemption.py`` (DefaultPreemption).
"""

from __future__ import annotations

from kubeloop.cluster import arguments
from kubeloop.cluster.priority import Preemption, PriorityClass
from kubeloop.cluster.state import ClusterState
from kubeloop.errors import InvalidSpecError, NotFoundError


class PriorityOperations:
    def __init__(self, state: ClusterState) -> None:
        self._state = state

    def add_priority_class(self, priority_class: PriorityClass) -> None:
        if not isinstance(priority_class, PriorityClass):
            raise InvalidSpecError(f"expected a PriorityClass, got {priority_class!r}")
        self._state.priorities.add(priority_class)
        # ReplicaSets whose pods were forbidden for want of a class try again.
        for rs_name in sorted(self._state.priorities.failures):
            rs = self._state.replicasets.get(rs_name)
            if rs is not None:
                self._state.touch(rs.deployment)

    def delete_priority_class(self, name: str) -> None:
        self._state.priorities.delete(arguments.text(name, "priority class name"))

    def priority_classes(self) -> list[PriorityClass]:
        classes = self._state.priorities.classes
        return [classes[name] for name in sorted(classes)]

    def priority_class(self, name: str) -> PriorityClass:
        classes = self._state.priorities.classes
        arguments.text(name, "priority class name")
        if name not in classes:
            raise NotFoundError("priority class", name, sorted(classes))
        return classes[name]

    def preemptions(self) -> list[Preemption]:
        return list(self._state.priorities.preemptions)
