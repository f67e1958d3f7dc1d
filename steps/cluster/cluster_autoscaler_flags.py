"""The cluster autoscaler's flags: provisioning delay, expander, priorities, any flag."""

from __future__ import annotations

import difflib
from typing import Any

from kubeloop.harness.registry import given
from kubeloop.harness.world import World

SETTINGS = "cluster autoscaler settings"
"""world.parts key: the AutoscalerSettings keyword arguments the scenario set."""


def configure(world: World, **changes: Any) -> None:
    """Set some flags, keeping the ones set before."""
    current: dict[str, Any] = world.parts.setdefault(SETTINGS, {})
    current.update(changes)
    settings = world.make("AutoscalerSettings", **current)
    world.capability(world.cluster, "configure_autoscaler")(settings)


@given(
    "new nodes take {delay:duration} to <join|become Ready|be provisioned|provision>",
    "new nodes take 2 minutes to become Ready",
    "new nodes take 0 seconds to join",
    variants=("nodes take {delay:duration} to <join|become Ready|be provisioned|provision>",),
)
def provisioning_delay(world: World, delay: int) -> None:
    """How long the cloud takes to bring a node the autoscaler asked for (default 1 minute)."""
    configure(world, provisioning_delay=delay)


@given(
    "the cluster autoscaler uses the {name:word} expander",
    "the cluster autoscaler uses the most-pods expander",
    'the cluster autoscaler uses the expanders "priority,least-waste"',
    variants=("the cluster autoscaler uses the expanders {name:text}",),
)
def expander(world: World, name: str) -> None:
    """``--expander``: least-waste (default), most-pods, least-nodes, priority, random, or a
    comma-separated chain."""
    configure(world, expander=name)


@given(
    "the priority expander prefers {high:name} over {low:name}",
    "the priority expander prefers spot over ondemand",
)
def priorities(world: World, high: str, low: str) -> None:
    """The priority expander's ConfigMap: groups named HIGH (a regex) at priority 20, LOW
    at 10; the expander becomes ``priority`` (ties then by least-waste)."""
    configure(world, priorities={20: (high,), 10: (low,)}, expander="priority,least-waste")


_FLAGS = {
    "scan-interval": ("scan_interval", "duration"),
    "expander": ("expander", "text"),
    "scale-down-enabled": ("scale_down_enabled", "bool"),
    "scale-down-utilization-threshold": ("scale_down_utilization_threshold", "float"),
    "scale-down-unneeded-time": ("scale_down_unneeded_time", "duration"),
    "scale-down-unready-time": ("scale_down_unready_time", "duration"),
    "scale-down-delay-after-add": ("scale_down_delay_after_add", "duration"),
    "scale-down-delay-after-delete": ("scale_down_delay_after_delete", "duration"),
    "scale-down-delay-after-failure": ("scale_down_delay_after_failure", "duration"),
    "unremovable-node-recheck-timeout": ("unremovable_node_recheck_timeout", "duration"),
    "max-pod-eviction-time": ("max_pod_eviction_time", "duration"),
    "max-nodes-total": ("max_nodes_total", "int"),
    "max-nodes-per-scaleup": ("max_nodes_per_scale_up", "int"),
    "max-scale-down-parallelism": ("max_scale_down_parallelism", "int"),
    "max-drain-parallelism": ("max_drain_parallelism", "int"),
    "provisioning-delay": ("provisioning_delay", "duration"),
}


@given(
    "the cluster autoscaler runs with {flags:text}",
    'the cluster autoscaler runs with "--scale-down-unneeded-time=5m --expander=most-pods"',
)
def flags(world: World, flags: str) -> None:
    """The autoscaler's command-line flags, upstream's names and Go durations (10s, 5m)."""
    from kubeloop.fixtures.node_group_rules import seconds_of  # noqa: PLC0415

    changes: dict[str, Any] = {}
    for item in flags.split():
        name, _, value = item.removeprefix("--").partition("=")
        if name not in _FLAGS or not value:
            close = difflib.get_close_matches(name, list(_FLAGS), n=1)
            hint = f' (did you mean "--{close[0]}"?)' if close else ""
            raise world.fail(f"--flag=value with a flag of {', '.join(_FLAGS)}", item + hint)
        field, kind = _FLAGS[name]
        parsed: Any = value
        if kind == "duration":
            parsed = seconds_of(value)
        elif kind == "int":
            parsed = int(value) if value.isdigit() and len(value) < 10 else None
        elif kind == "float":
            parsed = _float(value)
        elif kind == "bool":
            parsed = {"true": True, "false": False}.get(value.lower())
        if parsed is None:
            raise world.fail(f"a {kind} for --{name}", repr(value))
        changes[field] = parsed
    configure(world, **changes)


def _float(text: str) -> float | None:
    try:
        return float(text) if len(text) < 20 else None
    except ValueError:
        return None
