"""What the pods on a node request, summed per node: "no node has more than 4 CPU requested",
"node-2 has 3Gi of memory requested", "no node is overcommitted".

The sums are observed, not trusted: each bound pod's own requests are read from the
cluster's pods and added up by the node it is on (Pending pods are on no node), as
``kubectl describe node`` sums "Allocated resources"; the engine's own tally is not read,
so a scheduler that overcommits a node shows here. "Overcommitted" is requests above the
node's allocatable CPU or memory, which kube-scheduler's NodeResourcesFit never allows.
"""

from __future__ import annotations

from typing import Any

from kubeloop.core.quantity import cpu_millis, format_cpu, memory_bytes
from kubeloop.harness.referents import known
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

_CPU = "<CPU|cpu|CPUs|cpus|cores|of CPU|of cpu>"
_MEMORY = "<memory|of memory|RAM|of RAM>"
_REQUESTED = "<requested|reserved|allocated|in requests|of requests>"
_ON_IT = "[ on it]"


def requested(world: World) -> dict[str, tuple[int, int]]:
    """Every node's summed requests from the pods bound to it: (millicores, bytes)."""
    sums = dict.fromkeys(known(world, "node"), (0, 0))
    for pod in world.capability(world.cluster, "pods")():
        if pod.node is None:
            continue
        cpu, memory = sums.get(pod.node, (0, 0))
        sums[pod.node] = (
            cpu + int(world.attribute(pod, "cpu")),
            memory + int(world.attribute(pod, "memory")),
        )
    return sums


def _mebibytes(size: int) -> str:
    gib = 1024**3
    return f"{size // gib}Gi" if size % gib == 0 else f"{size / 1024**2:g}Mi"


def _shown(sums: dict[str, tuple[int, int]], cpu: bool) -> str:
    return ", ".join(
        f"{node} {format_cpu(c) + ' CPU' if cpu else _mebibytes(m)}"
        for node, (c, m) in sorted(sums.items())
    )


def _at_most(world: World, amount: str, cpu: bool) -> None:
    limit = cpu_millis(amount) if cpu else memory_bytes(amount)
    sums = requested(world)
    over = [node for node, (c, m) in sorted(sums.items()) if (c if cpu else m) > limit]
    if over:
        what = "CPU" if cpu else "memory"
        raise world.fail(
            f"no node with more than {amount} {what} requested",
            f"{', '.join(over)} over it; requested per node: {_shown(sums, cpu)}",
        )


@then(
    "no node has more than {amount:quantity} " + _CPU + " " + _REQUESTED + _ON_IT,
    "no node has more than 4 CPU requested",
    "no node has more than 1500m cpu reserved",
    variants=(
        "<every|each> node has at most {amount:quantity} " + _CPU + " " + _REQUESTED + _ON_IT,
        "no node <gets|has|takes> more than {amount:quantity} " + _CPU + " of pod requests",
    ),
)
def cpu_at_most(world: World, amount: str) -> None:
    """The CPU the pods bound to each node request adds up to AMOUNT or less, on every node."""
    _at_most(world, amount, cpu=True)


@then(
    "no node has more than {amount:quantity} " + _MEMORY + " " + _REQUESTED + _ON_IT,
    "no node has more than 6Gi memory requested",
    "no node has more than 512Mi of memory reserved",
    variants=(
        "<every|each> node has at most {amount:quantity} " + _MEMORY + " " + _REQUESTED + _ON_IT,
        "no node <gets|has|takes> more than {amount:quantity} " + _MEMORY + " of pod requests",
    ),
)
def memory_at_most(world: World, amount: str) -> None:
    """The memory the pods bound to each node request adds up to AMOUNT or less."""
    _at_most(world, amount, cpu=False)


@then(
    "{node:node} has {amount:quantity} " + _CPU + " " + _REQUESTED,
    "node-2 has 3 CPU requested",
    'node "node-1" has 500m cpu allocated',
)
def node_cpu_is(world: World, node: str, amount: str) -> None:
    """The pods bound to NODE request exactly AMOUNT of CPU between them ("is" is whole)."""
    _exactly(world, node, amount, cpu=True)


@then(
    "{node:node} has {amount:quantity} " + _MEMORY + " " + _REQUESTED,
    "node-2 has 3Gi of memory requested",
)
def node_memory_is(world: World, node: str, amount: str) -> None:
    """The pods bound to NODE request exactly AMOUNT of memory between them."""
    _exactly(world, node, amount, cpu=False)


def _exactly(world: World, node: str, amount: str, cpu: bool) -> None:
    sums = requested(world)
    if node not in sums:
        raise world.fail(f"a node {node}", f"nodes: {', '.join(sorted(sums)) or 'none'}")
    want = cpu_millis(amount) if cpu else memory_bytes(amount)
    got = sums[node][0 if cpu else 1]
    if got != want:
        what = "CPU" if cpu else "memory"
        seen = f"{format_cpu(got)} CPU" if cpu else _mebibytes(got)
        raise world.fail(f"{node} with {amount} {what} requested", f"{seen} requested")


@then(
    "no node has more <CPU|cpu|memory|CPU or memory> requested than it has",
    "no node has more CPU or memory requested than it has",
    variants=("no node is <overcommitted|overbooked|oversubscribed>",),
)
def none_overcommitted(world: World) -> None:
    """Every node's summed requests fit its allocatable CPU and memory."""
    node = world.capability(world.cluster, "node")
    sums = requested(world)
    over: list[str] = []
    for name, (cpu, memory) in sorted(sums.items()):
        info: Any = node(name)
        if cpu > info.cpu or memory > info.memory:
            over.append(
                f"{name} requests {format_cpu(cpu)} CPU of {format_cpu(info.cpu)} and "
                f"{_mebibytes(memory)} of {_mebibytes(info.memory)}"
            )
    if over:
        raise world.fail("no node with more requested than it has", "; ".join(over))
