"""How long a node failure takes: the lab's instant eviction, or Kubernetes' timing."""

from __future__ import annotations

from kubeloop.harness.registry import given
from kubeloop.harness.world import World


@given(
    "node failures are timed realistically",
    "node failures are timed realistically",
)
def realistic_node_failure(world: World) -> None:
    """A failed node stays Ready for the 50 s grace period, then its pods get 300 s."""
    world.capability(world.cluster, "use_realistic_node_failure")()


@given(
    "node failures are timed realistically with a grace period of {grace:duration} "
    "and tolerations of {seconds:duration}",
    "node failures are timed realistically with a grace period of 40 seconds "
    "and tolerations of 5 minutes",
)
def timed_node_failure(world: World, grace: int, seconds: int) -> None:
    """Realistic timing with another node-monitor grace period and default tolerationSeconds."""
    world.capability(world.cluster, "use_realistic_node_failure")(grace, seconds)
