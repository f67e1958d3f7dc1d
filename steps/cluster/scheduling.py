"""What the scheduler weighs: scoring strategy, taints and tolerations, node selectors."""

from __future__ import annotations

from kubeloop.harness.params import TaintText, parse_taint
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .engine_objects import reapply, taint, toleration


@given(
    "the scheduler scores nodes with {strategy:strategy}",
    "the scheduler scores nodes with LeastAllocated",
    "the scheduler scores nodes with MostAllocated",
    "the scheduler uses MostAllocated scoring",
    variants=("the scheduler <uses|prefers> {strategy:strategy}[ scoring]",),
)
def scoring(world: World, strategy: str) -> None:
    """Choose how the scheduler scores: first-fit (default), LeastAllocated or MostAllocated."""
    world.capability(world.cluster, "set_scoring")(strategy)


@given(
    "{nodes:nodes} <is|are> tainted [with ]{taint_spec:taint}",
    "node-1 is tainted dedicated=gpu:NoSchedule",
    'node-3 is tainted with "dedicated=gpu:NoSchedule"',
    "node-1 and node-2 are tainted with maintenance=true:NoSchedule",
    "node-1 has the taint dedicated=gpu:NoSchedule",
    variants=("{nodes:nodes} <has|have> <the taint|a taint|taint> {taint_spec:taint}",),
)
def node_is_tainted(world: World, nodes: tuple[str, ...], taint_spec: TaintText) -> None:
    """The node carries a taint key=value:Effect from the start."""
    for node in nodes:
        world.capability(world.cluster, "taint")(node, taint(world, taint_spec))


@given(
    "{node:node} has a {effect:effect} taint {label:label}",
    "node-3 has a NoSchedule taint dedicated=batch",
)
def node_has_effect_taint(world: World, node: str, effect: str, label: str) -> None:
    """The node carries that taint from the start (written effect first)."""
    node_is_tainted(world, (node,), parse_taint(f"{label}:{effect}"))


@when(
    "I taint {node:node} [with ]{taint_spec:taint}",
    "I taint node-2 maintenance=true:NoExecute",
    "I taint node-2 with maintenance=true:NoExecute",
    variants=("I add the taint {taint_spec:taint} to {node:node}",),
)
def i_taint(world: World, node: str, taint_spec: TaintText) -> None:
    """Add a taint; a NoExecute taint evicts pods that do not tolerate it on the next pass."""
    add = world.capability(world.cluster, "taint")
    world.attempt(lambda: add(node, taint(world, taint_spec)))


@when(
    "I remove the taint {key:name} from {node:node}",
    "I remove the taint maintenance from node-2",
    "I untaint node-2 maintenance",
    variants=("I untaint {node:node} {key:name}",),
)
def i_remove_taint(world: World, key: str, node: str) -> None:
    """Remove every taint with that key from the node."""
    remove = world.capability(world.cluster, "untaint")
    world.attempt(lambda: remove(node, key))


@given(
    "{name:deployment} tolerates {taint_spec:taint}[ for {seconds:duration}]",
    'deployment "gpu-job" tolerates dedicated=gpu:NoSchedule',
    'deployment "web" tolerates node.kubernetes.io/unreachable:NoExecute for 5 minutes',
    "its pods tolerate gpu=true:NoSchedule",
    variants=("{name:its} pods tolerate {taint_spec:taint}[ for {seconds:duration}]",),
)
def tolerates(world: World, name: str, taint_spec: TaintText, seconds: int | None = None) -> None:
    """The deployment's pods tolerate that taint (for a while, if a duration is given)."""
    spec = {
        **taint_spec.as_dict(),
        "operator": "Equal" if taint_spec.has_value else "Exists",
        "tolerationSeconds": seconds,
    }
    current = list(world.declared.deployments.get(name, (0, {}))[1].get("tolerations", []))
    reapply(world, name, tolerations=[*current, toleration(world, spec)])


@given(
    "{name:deployment} runs only on nodes labelled {label:label}",
    'deployment "db" runs only on nodes labelled disk=ssd',
    "its pods need nodes labelled disk=ssd",
    variants=(
        "{name:deployment} <runs only|only runs|is pinned> on nodes <labelled|labeled|with> "
        "{label:label}",
        "{name:its} pods <need|require|select> nodes <labelled|labeled|with> {label:label}",
        "{name:deployment} pods <only go|go only|only run|run only|only land|land only|only "
        "get scheduled|can only run|may only run|only ever go> on nodes <labelled|labeled|with> "
        "{label:label}",
        "{name:deployment} has the node selector {label:label}",
    ),
)
def node_selector(world: World, name: str, label: str) -> None:
    """Give the deployment's pods a nodeSelector."""
    key, value = label.split("=", 1)
    current = dict(world.declared.deployments.get(name, (0, {}))[1].get("node_selector", {}))
    reapply(world, name, node_selector={**current, key: value})
