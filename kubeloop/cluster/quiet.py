"""When time alone could next make a reconcile pass do anything: the quiet cluster's rule.

A pass does work only for what is queued (every mutation queues its owner, ``state.py``)
and for what time alone changes. So when nothing is queued, no pod is Pending, the last
pass changed nothing and a pass now would fold into its history record, every pass before
the earliest instant some timer falls due is a pass that changes nothing: the clock may
skip it (``Clock`` ``quiet``), and the history counts it (``History.idle``). The timers,
each read from the state (a pass acts at the first instant at or after each):

- kubelet (``kubelet.py``): a starting pod's ``ready_at``; a deployment's wake-up when its
  Ready pods turn available (``wakeups``, minReadySeconds);
- node monitor (``node_monitor.py``): a silent node's grace period over (strictly after);
- taint eviction (``node_lifecycle.py``): a pod's ``evict_at`` (tolerationSeconds);
- HPA (``controllers/hpa.py``): its next sync (``last_sync`` + the sync period; at once
  while it never synced or a new sample waits), which moves its observed time even when it
  scales nothing;
- progress deadlines (``state.deadlines``): the earliest one.

Not quiet at all: a queued deployment or node, any Pending pod (the scheduling queue's
flush and retries), a watcher called after every pass (``Cluster.watch`` without
``deployments``: it may read the time), a last pass that changed something. What lives in
its own clock task (the cluster autoscaler, a drain's retries) runs as before; what is
read lazily (event expiry, availability) reads the same whenever it is read.
"""

from __future__ import annotations

from kubeloop.cluster.autoscaling import SYNC_PERIOD
from kubeloop.cluster.controllers.hpa import AutoscalerRecord
from kubeloop.cluster.history import History
from kubeloop.cluster.state import ClusterState

NEVER = 2**62
"""Quiet for ever: no timer is set."""


def quiet_until(
    state: ClusterState,
    history: History,
    autoscalers: dict[str, AutoscalerRecord],
    every_pass_watched: bool,
) -> int:
    """The earliest instant at or after now at which a pass could change anything (now:
    it may at once; ``NEVER``: only a mutation can give it work)."""
    now = state.clock.now
    if (
        every_pass_watched
        or state.dirty_deployments
        or state.dirty_nodes
        or state.pending_count
        or not history.folds(state)
    ):
        return now
    due = NEVER
    for record in autoscalers.values():
        if record.last_sync is None or record.samples != record.synced_samples:
            return now
        due = min(due, record.last_sync + SYNC_PERIOD)
    times = [due, *state.wakeups.values(), *state.deadlines.values()]
    times += [p.ready_at for p in state.starting.values() if p.ready_at is not None]
    times += [p.evict_at for p in state.marked_for_eviction.values() if p.evict_at is not None]
    grace = state.node_grace_seconds
    if grace is not None:
        times += [since + grace + 1 for since in state.silent_nodes.values()]
    return max(now, min(times))
