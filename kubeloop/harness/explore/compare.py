"""``--compare``: the engine under test and the reference, step by step. After every step
both worlds are read through the same public views and compared on what the specs pin —
how many pods of each deployment run, are ready and at which version, each node's state,
each deployment's replicas, what each environment runs, each alert's state — not on what
the specs leave open (which node a pod lands on, pod names, wording)."""

from __future__ import annotations

from collections import Counter

from kubeloop.harness.explore.invariants import Violation
from kubeloop.harness.explore.observe import Observed


def _counts(seen: Observed) -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    for pod in seen.pods:
        mine = counts.setdefault(pod.deployment, Counter())
        mine[f"{pod.phase.lower()} pods"] += 1
        mine[f"pods of version {pod.version}"] += 1
        mine["ready pods"] += pod.ready
    return counts


def _alert(changes: tuple[tuple[int, str], ...]) -> str:
    return changes[-1][1] if changes else "inactive"


def disagreement(
    engine: Observed, reference: Observed, aliases: dict[str, str]
) -> Violation | None:
    """Where the engine's world differs from the reference's, with the Then that the
    reference passes and the engine should fail; None when they agree."""
    rule = "the engine agrees with the reference"
    mine, theirs = _counts(engine), _counts(reference)
    for deployment in sorted(set(mine) | set(theirs)):
        have, want = mine.get(deployment, Counter()), theirs.get(deployment, Counter())
        for what in sorted(set(have) | set(want)):
            if have[what] != want[what]:
                return Violation(
                    rule,
                    f"{deployment} has {have[what]} {what}; the reference has {want[what]}",
                    (f"{deployment} has {want[what]} {what}",),
                )
    for name, node in reference.nodes.items():
        other = engine.nodes.get(name)
        if other is not None and other.ready != node.ready:
            state = "Ready" if node.ready else "NotReady"
            return Violation(
                rule, f"{name} is not {state} as in the reference", (f"{name} is {state}",)
            )
    for name, count in reference.replicas.items():
        if engine.replicas.get(name) != count:
            return Violation(
                rule,
                f"{name} wants {engine.replicas.get(name)} replicas; the reference {count}",
                (f"{name} has {count} replicas",),
            )
    names = {digest: alias for alias, digest in aliases.items()}
    for env, digest in reference.running.items():
        if engine.running.get(env) != digest:
            said = "nothing" if digest is None else names.get(digest, digest)
            return Violation(
                rule,
                f"{env} runs {engine.running.get(env)}; the reference runs {said}",
                (f"{env} runs {said}",),
            )
    for name, changes in reference.alerts.items():
        state, shown = _alert(changes), _alert(engine.alerts.get(name, ()))
        if state != shown:
            return Violation(
                rule,
                f"alert {name} is {shown}; in the reference it is {state}",
                (f"the alert {name} is {state}",),
            )
    return None
