"""The FailedScheduling message, exactly as ``FitError.Error()`` assembles it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

NO_NODES = "no nodes available to schedule pods"


def fit_error_message(total_nodes: int, node_reasons: Iterable[tuple[str, ...]]) -> str:
    """``0/N nodes are available: <count> <reason>, ….`` — items sorted as plain strings.

    Each (node, reason) pair counts once, so counts may add up to more than N.
    DefaultPreemption's ``preemption: …`` suffix is added by ``preemption.py``.
    """
    histogram: Counter[str] = Counter()
    for reasons in node_reasons:
        histogram.update(reasons)
    return message_from_counts(total_nodes, histogram)


def message_from_counts(total_nodes: int, histogram: Mapping[str, int]) -> str:
    """The same message from a histogram already counted; reasons counted 0 are left out."""
    if total_nodes == 0:
        return NO_NODES
    items = sorted(f"{count} {reason}" for reason, count in histogram.items() if count > 0)
    message = f"0/{total_nodes} nodes are available:"
    if items:
        message += " " + ", ".join(items) + "."
    return message
