"""The runs of pods a cycle places together: each ReplicaSet's consecutive pods, and for first
fit, consecutive ReplicaSets whose pods ask the same.

First fit places a batch exactly as it would place its pods one by one, and a batch of pods
that ask what the batch before asked resumes where that one stopped (``first_fit.py``). So
consecutive batches with the same asks placed as one give what placing them in turn gives,
and many ReplicaSets of identical pods cost one placement, not one each (their binds are
still one per ReplicaSet and node: ``ClusterState.bind``).

Joining reads ahead: a batch is taken from the queue before the one before it is placed.
So only pods no cycle has tried join: they are the pods created since the last cycle, which
the queue hands out after every other (they are the newest, and the order is by creation)
and every one of them, so reading ahead among them takes nothing the queue would otherwise
have held back (a parked group drained lazily stops at its first failure). And nothing is
joined while failures may preempt: preemption frees room between one pod and the next, and
orders pods by priority first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import groupby
from operator import attrgetter

from kubeloop.cluster.pods import PodRecord, PodTemplate

_replicaset = attrgetter("replicaset")
_parked_at = attrgetter("parked_at")


def of_replicasets(queue: Iterator[PodRecord]) -> Iterator[list[PodRecord]]:
    """Runs of consecutive pods of one ReplicaSet (so of one template), found at C speed."""
    for _, run in groupby(queue, key=_replicaset):
        yield list(run)


def joined(
    batches: Iterator[list[PodRecord]], first_fit: Callable[[list[PodRecord]], bool]
) -> Iterator[list[PodRecord]]:
    """``batches``, with each run of consecutive ones that ``first_fit`` places, of pods never
    tried, with the same asks and priority, joined into one (in order)."""
    run: list[PodRecord] | None = None
    asks: tuple[object, ...] = ()
    for batch in batches:
        if first_fit(batch) and _never_tried(batch):
            these = _asks(batch[0])
            if run is not None and these == asks:
                run.extend(batch)
                continue
            if run is not None:
                yield run
            run, asks = batch, these
            continue
        if run is not None:
            yield run
            run = None
        yield batch
    if run is not None:
        yield run


def _never_tried(batch: list[PodRecord]) -> bool:
    """No pod of the batch was ever parked (``parked_at`` is -1 until a pod is)."""
    return list(map(_parked_at, batch)).count(-1) == len(batch)


def _asks(pod: PodRecord) -> tuple[object, ...]:
    """What the scheduler asks of a pod's template, and the group its failures park in
    (``queue.asks_of``: all but version, labels and startup), with its priority."""
    t: PodTemplate = pod.template
    return (
        pod.priority,
        t.containers,
        t.init_containers,
        t.tolerations,
        t.node_selector,
        t.affinity,
        t.topology_spread,
        t.priority_class_name,
    )
