"""kube-scheduler in miniature: one module per plugin, a cycle that filters, scores, binds.

``reference.py`` is the scheduler to read first (every plugin on every node for every pod);
``scheduler.py`` places the same pods on the same nodes faster.
"""

from kubeloop.cluster.scheduler.cycle import CycleResult
from kubeloop.cluster.scheduler.reference import STRATEGIES, ReferenceScheduler
from kubeloop.cluster.scheduler.scheduler import Scheduler

__all__ = ["STRATEGIES", "CycleResult", "ReferenceScheduler", "Scheduler"]
