"""What one scheduling cycle did: the pods it bound, the pods it left Pending with a new
message, and the pods preemption deleted. Every scheduler (``reference.py``,
``scheduler.py``) and the helpers they call fill one in."""

from __future__ import annotations

from dataclasses import dataclass, field

from kubeloop.cluster.pods import PodRecord


@dataclass
class CycleResult:
    scheduled: list[str] = field(default_factory=list)
    failed: list[PodRecord] = field(default_factory=list)
    preempted: list[str] = field(default_factory=list)
