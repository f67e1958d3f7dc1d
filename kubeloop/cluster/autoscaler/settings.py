"""The cluster autoscaler's flags, with upstream's defaults (``config/flags/flags.go``, CA 1.33).

Durations are logical seconds. ``provisioning_delay`` is kubeloop's stand-in for the cloud
provider: how long a requested node takes to join the cluster, Ready (upstream has no such
flag; a real VM boots in a minute or two). ``priorities`` configures the priority expander as
the ``cluster-autoscaler-priority-expander`` ConfigMap does: priority → regular expressions
matched (searched) against group names, the highest matching priority winning.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from kubeloop.cluster import arguments
from kubeloop.errors import InvalidSpecError

EXPANDERS = ("least-waste", "most-pods", "least-nodes", "priority", "random")
"""The expanders kubeloop offers (upstream also has price and grpc, which need a cloud)."""
MAX_DURATION = 7 * 24 * 3600
MAX_PATTERN = 256


@dataclass(frozen=True)
class AutoscalerSettings:
    """``--scan-interval``, ``--expander``, ``--scale-down-*`` and friends."""

    scan_interval: int = 10
    expander: str = "least-waste"
    """One expander or a comma-separated chain (``priority,least-waste``)."""
    provisioning_delay: int = 60
    scale_down_enabled: bool = True
    scale_down_utilization_threshold: float = 0.5
    scale_down_unneeded_time: int = 600
    scale_down_unready_time: int = 1200
    scale_down_delay_after_add: int = 600
    scale_down_delay_after_delete: int = 0
    scale_down_delay_after_failure: int = 180
    unremovable_node_recheck_timeout: int = 300
    max_pod_eviction_time: int = 120
    max_nodes_total: int = 0
    """0: no cluster-wide limit."""
    max_nodes_per_scale_up: int = 1000
    """``--max-nodes-per-scaleup``: the binpacking estimate stops there."""
    max_scale_down_parallelism: int = 10
    max_drain_parallelism: int = 1
    priorities: Mapping[int, Sequence[str]] = field(default_factory=dict)
    random_seed: int = 0
    """The ``random`` expander draws from a generator seeded with this (deterministic)."""

    def __post_init__(self) -> None:
        arguments.whole(self.scan_interval, "scan interval (seconds)", low=1, high=MAX_DURATION)
        for name in (
            "provisioning_delay",
            "scale_down_unneeded_time",
            "scale_down_unready_time",
            "scale_down_delay_after_add",
            "scale_down_delay_after_delete",
            "scale_down_delay_after_failure",
            "unremovable_node_recheck_timeout",
            "max_pod_eviction_time",
        ):
            arguments.whole(
                getattr(self, name), name.replace("_", " ") + " (seconds)", high=MAX_DURATION
            )
        arguments.flag(self.scale_down_enabled, "scale down enabled")
        threshold = arguments.number(
            self.scale_down_utilization_threshold, "scale-down utilization threshold", high=1
        )
        if isinstance(threshold, float) and not math.isfinite(threshold):
            raise InvalidSpecError("scale-down utilization threshold must be finite")
        arguments.whole(self.max_nodes_total, "max nodes total", high=10 * 10_000)
        arguments.whole(
            self.max_scale_down_parallelism, "max scale-down parallelism", low=1, high=10_000
        )
        arguments.whole(self.max_drain_parallelism, "max drain parallelism", low=1, high=10_000)
        arguments.whole(self.random_seed, "random seed", high=2**63 - 1)
        arguments.text(self.expander, "expander", nonempty=True)
        chain = self.expanders
        for name in chain:
            if name not in EXPANDERS:
                raise InvalidSpecError(
                    f'expander "{name}" is not supported; use one of {", ".join(EXPANDERS)} '
                    "(or a comma-separated chain of them)"
                )
        if len(set(chain)) != len(chain):
            raise InvalidSpecError(
                f'expander "{self.expander}": each expander must not be specified more than once'
            )
        if "random" in chain[:-1]:
            raise InvalidSpecError(
                f'expander "{self.expander}": random always returns one option, so nothing '
                "may come after it"
            )
        object.__setattr__(self, "priorities", MappingProxyType(_priorities(self.priorities)))
        if "priority" in chain and not self.priorities:
            raise InvalidSpecError(
                "the priority expander needs priorities (priority → group name patterns)"
            )

    @property
    def expanders(self) -> tuple[str, ...]:
        return tuple(part.strip() for part in self.expander.split(","))


def _priorities(value: object) -> dict[int, tuple[str, ...]]:
    if not isinstance(value, Mapping):
        raise InvalidSpecError("priorities must map a priority to a list of patterns")
    checked: dict[int, tuple[str, ...]] = {}
    for priority, patterns in value.items():
        arguments.whole(priority, "a priority", high=arguments.INT32_MAX)
        listed = (patterns,) if isinstance(patterns, str) else patterns
        items = tuple(arguments.instances(listed, str, f"priority {priority}'s patterns"))
        for pattern in items:
            if len(pattern) > MAX_PATTERN:
                raise InvalidSpecError(f"priority {priority}: a pattern is longer than 256")
            try:
                re.compile(pattern)
            except re.error as error:
                raise InvalidSpecError(
                    f"Can't compile regexp rule for priority {priority} and rule {pattern}: {error}"
                ) from None
        checked[priority] = items
    return dict(sorted(checked.items()))
