"""Amounts and states in sentences: requests ("4 CPU and 8Gi memory each") and node states
("NotReady", "cordoned"), each a parameter type like the noun phrases in nouns.py."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kubeloop.harness.params import QUANTITY, ParamType, quantity


def _compile(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.IGNORECASE)


def _strip_groups(regex: str) -> str:
    return re.sub(r"\(\?P<\w+>", "(?:", regex)


# --- requests ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Resources:
    """CPU and memory as written (Kubernetes quantities); None when not said."""

    cpu: str | None
    memory: str | None


_CPU = rf"(?P<cpu>{QUANTITY}) ?(?:v?cpus?|cores?|millicores)"
_MEMORY = (
    rf"(?:(?P<memory>{QUANTITY}) ?(?:of )?(?:memory|mem|ram)"
    r"|(?P<memory_b>[0-9.]+(?:[KMGTPE]i)B?))"
)
_EACH = r"(?: (?:each|apiece|per pod|per node|per replica|per container|a pod|a node))?"
_AND = "(?:,? and |, | )"
_RESOURCES = _compile(
    f"(?:{_CPU}(?:{_AND}{_MEMORY})?"
    f"|{_MEMORY.replace('memory>', 'memory2>').replace('memory_b>', 'memory2_b>')}"
    f"(?:{_AND}{_CPU.replace('cpu>', 'cpu2>')})?)"
    f"{_EACH}"
)


def _resources(text: str) -> Resources:
    found = _RESOURCES.fullmatch(text)
    assert found is not None
    g = found.groupdict()
    cpu = g["cpu"] or g["cpu2"]
    memory = g["memory"] or g["memory_b"] or g["memory2"] or g["memory2_b"]
    if text.lower().split(" ")[1:2] == ["millicores"] and cpu is not None:
        cpu = f"{cpu}m"
    return Resources(quantity(cpu) if cpu else None, quantity(memory) if memory else None)


# --- states -------------------------------------------------------------------------------

_NODE_STATES = {
    "ready": "Ready",
    "healthy": "Ready",
    "up": "Ready",
    "notready": "NotReady",
    "not ready": "NotReady",
    "down": "NotReady",
    "failed": "NotReady",
    "unhealthy": "NotReady",
    "unreachable": "NotReady",
    "unavailable": "NotReady",
    "unschedulable": "unschedulable",
    "cordoned": "unschedulable",
    "schedulable": "schedulable",
    "uncordoned": "schedulable",
}


def _node_state(text: str) -> str:
    return _NODE_STATES[" ".join(text.lower().split())]


AMOUNTS: dict[str, ParamType] = {
    "resources": ParamType(
        _strip_groups(_RESOURCES.pattern),
        _resources,
        "requests: 4 cpu and 8Gi memory, 1 CPU, 256Mi memory, 2 cores, 4Gi of memory and "
        "2 vcpus; optionally followed by each / per pod / per node",
    ),
    "effect": ParamType(
        "NoSchedule|PreferNoSchedule|NoExecute",
        lambda text: {e.lower(): e for e in ("NoSchedule", "PreferNoSchedule", "NoExecute")}[
            text.lower()
        ],
        "a taint effect: NoSchedule, PreferNoSchedule or NoExecute",
    ),
    "nodestate": ParamType(
        "|".join(sorted(_NODE_STATES, key=len, reverse=True)).replace(" ", " +"),
        _node_state,
        "Ready (healthy, up), NotReady (not ready, down, failed, unreachable), "
        "unschedulable (cordoned), schedulable (uncordoned); any case",
    ),
}
