"""kube-scheduler in miniature: one module per plugin, a cycle that filters, scores, binds."""

from kubeloop.cluster.scheduler.scheduler import STRATEGIES, CycleResult, Scheduler

__all__ = ["STRATEGIES", "CycleResult", "Scheduler"]
