"""What the cluster keeps of its past: how long events live, how many pass records stay."""

from __future__ import annotations

from kubeloop.harness.registry import given
from kubeloop.harness.world import World


@given(
    "events expire {seconds:duration} after their last update",
    "events expire 1 hour after their last update",
    "events expire 10 minutes after their last update",
)
def events_expire(world: World, seconds: int) -> None:
    """kube-apiserver's --event-ttl (default 1 hour): an event goes that long after its last
    update."""
    world.capability(world.cluster, "set_event_ttl")(seconds)


@given("events are kept <forever|for ever>", "events are kept forever")
def events_kept(world: World) -> None:
    """No event TTL: every event stays in the log, however old."""
    world.capability(world.cluster, "set_event_ttl")(None)


@given(
    "the cluster keeps the last {records:n} pass record(s)",
    "the cluster keeps the last 2 pass records",
)
def history_limit(world: World, records: int) -> None:
    """``Cluster.history`` keeps only the latest RECORDS records ("at no point" still sees
    every pass)."""
    world.capability(world.cluster, "set_history_limit")(records)
