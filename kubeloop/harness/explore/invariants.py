"""The rules every world keeps, whatever happens to it, stated once in the mechanisms' own
terms and judged on what the explorer saw (``observe.py``) and what it did itself.

Each rule gives, when broken, a ``Violation``: which rule, what was seen, and the Then
steps in the catalog's own words that should fail on the scenario found (the explorer keeps
the first that really does).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from kubeloop.harness.explore.observe import Observed, PodSeen
from kubeloop.pipeline.gates.ladder import ORDER as GATES


@dataclass(frozen=True)
class Violation:
    rule: str
    detail: str
    thens: tuple[str, ...] = ()


@dataclass
class Known:
    """What the explorer knows without asking the engine: the nodes it failed or cordoned,
    the artifacts built and whether the pipeline's recorded verdicts verify them, and the
    ``for:`` the scenario's own rules declare."""

    failed: set[str] = field(default_factory=set)
    down: set[str] = field(default_factory=set)
    """Failed nodes the cluster has shown NotReady since they failed: with realistic timing
    a node is NotReady only after its grace period, and until then may get pods, as in
    Kubernetes."""
    realistic: bool = False
    """The scenario times node failures realistically (a grace period before NotReady)."""
    cordoned: set[str] = field(default_factory=set)
    digests: dict[str, str] = field(default_factory=dict)
    """Artifact alias → the digest the pipeline gave it when it was built."""
    verified: dict[str, bool] = field(default_factory=dict)
    """Digest → whether it passed every gate of its latest run and carries a signature."""
    holds: dict[str, int] = field(default_factory=dict)
    """Alert → its ``for:`` in seconds, as the scenario's rules declare it."""

    def start(self, seen: Observed) -> None:
        """Take the situation the Givens left as given."""
        self.failed = {n for n, node in seen.nodes.items() if not node.ready}
        self.down = set(self.failed)
        self.cordoned = {n for n, node in seen.nodes.items() if node.unschedulable}

    def saw(self, seen: Observed) -> None:
        """Note failed nodes the cluster now shows NotReady."""
        self.down |= {n for n in self.failed if n in seen.nodes and not seen.nodes[n].ready}

    def failed_for_scheduling(self) -> set[str]:
        """The failed nodes nothing may be bound to now."""
        return self.down if self.realistic else self.failed

    def did(self, text: str) -> None:
        """Update what is known from an action that succeeded."""
        words = text.split()
        if len(words) == 2 and words[1] == "fails":
            self.failed.add(words[0])
        elif len(words) == 2 and words[1] == "recovers":
            self.failed.discard(words[0])
            self.down.discard(words[0])
        elif words[:2] == ["I", "cordon"] or words[:2] == ["I", "drain"]:
            self.cordoned.add(words[2])
        elif words[:2] == ["I", "uncordon"]:
            self.cordoned.discard(words[2])


@dataclass(frozen=True)
class Moment:
    """One action and the world on each side of it."""

    text: str
    before: Observed
    after: Observed
    rejected: bool
    passes: tuple[tuple[PodSeen, ...], ...]
    """The pods after each reconcile pass the action made (empty where not watched)."""


Rule = Callable[[Moment, Known], Violation | None]


def no_node_is_overcommitted(moment: Moment, known: Known) -> Violation | None:
    """Requests of the pods bound to a node never exceed its cpu or memory."""
    for name, node in moment.after.nodes.items():
        pods = moment.after.on(name)
        for resource in ("cpu", "memory"):
            have = getattr(node, resource)
            asked = [getattr(p, resource) for p in pods]
            if have is None or any(a is None for a in asked):
                continue
            total = sum(a for a in asked if a is not None)
            if total > have + 1e-9:
                return Violation(
                    "no node is over-committed",
                    f"{name} has {have:g} {resource} but its {len(pods)} pods request {total:g}",
                    (f"{name} has at most {len(moment.before.on(name))} pods",),
                )
    return None


def nothing_new_lands_where_it_may_not(moment: Moment, known: Known) -> Violation | None:
    """No pod is newly bound to a node the explorer failed or cordoned."""
    before = {p.name for p in moment.before.pods if p.node is not None}
    for pod in moment.after.pods:
        if pod.node is None or pod.name in before:
            continue
        if pod.node in known.failed_for_scheduling():
            return Violation(
                "nothing is bound to a failed node",
                f"{pod.name} was bound to {pod.node}, which failed",
                (
                    f"no pod was ever bound to {pod.node} after it failed",
                    f"{pod.node} is NotReady",
                    f"{pod.node} has at most {len(moment.before.on(pod.node))} pods",
                ),
            )
        if pod.node in known.cordoned:
            return Violation(
                "nothing is bound to a cordoned node",
                f"{pod.name} was bound to {pod.node}, which is cordoned",
                (f"{pod.node} has at most {len(moment.before.on(pod.node))} pods",),
            )
    return None


def a_failed_node_is_not_ready(moment: Moment, known: Known) -> Violation | None:
    """A node that fails is NotReady at once (after its grace period, with realistic timing)."""
    words = moment.text.split()
    if known.realistic or moment.rejected or len(words) != 2 or words[1] != "fails":
        return None
    node = moment.after.nodes.get(words[0])
    if node is None or not node.ready:
        return None
    return Violation(
        "a failed node is NotReady",
        f"{words[0]} failed but shows Ready",
        (f"{words[0]} is NotReady",),
    )


def a_rejected_operation_changes_nothing(moment: Moment, known: Known) -> Violation | None:
    if not moment.rejected or moment.before.state() == moment.after.state():
        return None
    changed = [d for d, n in moment.after.replicas.items() if moment.before.replicas.get(d) != n]
    thens = [f"{d} has {moment.before.replicas.get(d, 0)} replicas" for d in changed]
    return Violation(
        "a rejected operation changes nothing",
        f'"{moment.text}" was refused but changed the world',
        ("the operation is refused", *thens),
    )


def rollouts_stay_within_budget(moment: Moment, known: Known) -> Violation | None:
    """Every pass of a rollout: at most replicas + maxSurge pods, and at least
    replicas - maxUnavailable ready (or as many as were ready when it began)."""
    words = moment.text.split()
    if words[:3] != ["I", "roll", "out"] or "maxSurge" not in words or moment.rejected:
        return None
    name = words[words.index("of") + 1]
    surge = int(words[words.index("maxSurge") + 1])
    unavailable = int(words[words.index("maxUnavailable") + 1])
    replicas = moment.before.replicas.get(name)
    if replicas is None:
        return None
    ready_before = sum(1 for p in moment.before.pods if p.deployment == name and p.ready)
    mine_before = {p.name for p in moment.before.pods if p.deployment == name}
    preempted = sum(
        1
        for _, victim in moment.after.preemptions[len(moment.before.preemptions) :]
        if victim in mine_before
    )  # the scheduler's preemption is an involuntary disruption: not the rollout's budget
    floor = min(ready_before, replicas - unavailable) - preempted
    for number, pods in enumerate(moment.passes, 1):
        mine = [p for p in pods if p.deployment == name]
        if len(mine) > replicas + surge:
            return Violation(
                "a rollout stays within maxSurge",
                f"pass {number} of the rollout had {len(mine)} pods of {name} "
                f"(replicas {replicas} + maxSurge {surge})",
                (f"the rollout never exceeded {replicas + surge} pods",),
            )
        ready = sum(1 for p in mine if p.ready)
        if ready < floor:
            return Violation(
                "a rollout stays within maxUnavailable",
                f"pass {number} of the rollout had {ready} ready pods of {name} "
                f"(at least {floor} must stay ready)",
                (f"the rollout never dropped below {floor} ready pods",),
            )
    return None


def drains_keep_disruption_budgets(moment: Moment, known: Known) -> Violation | None:
    """A drain (a voluntary disruption) never takes a budget below the pods it wants healthy."""
    if not moment.text.startswith("I drain "):
        return None
    for name, (healthy, wanted) in moment.after.budgets.items():
        before = moment.before.budgets.get(name, (0, 0))[0]
        if healthy < wanted <= before:
            return Violation(
                "no disruption budget is broken by a voluntary disruption",
                f"after the drain {name} has {healthy} healthy pods; it keeps {wanted}",
                (f"the disruption budget {name} has {wanted} healthy pods",),
            )
    return None


def preemption_only_by_higher_priority(moment: Moment, known: Known) -> Violation | None:
    """A pod is only ever preempted by one of strictly higher priority."""
    priority = {p.name: p.priority for p in (*moment.before.pods, *moment.after.pods)}
    for preemptor, victim in moment.after.preemptions[len(moment.before.preemptions) :]:
        if preemptor in priority and victim in priority and priority[preemptor] <= priority[victim]:
            return Violation(
                "no preemption by an equal or lower priority",
                f"{preemptor} (priority {priority[preemptor]}) preempted {victim} "
                f"(priority {priority[victim]})",
            )
    return None


def node_groups_stay_within_bounds(moment: Moment, known: Known) -> Violation | None:
    """An autoscaled node group never wants or has fewer nodes than its minimum or more
    than its maximum."""
    for name, (low, high, target, count) in moment.after.groups.items():
        if not low <= target <= high or count > high:
            return Violation(
                "autoscaled groups stay within their bounds",
                f"node group {name} targets {target} and has {count} nodes; bounds {low}..{high}",
                (f"node group {name} has a target size of {min(max(target, low), high)}",),
            )
    return None


def nothing_unverified_runs(moment: Moment, known: Known) -> Violation | None:
    """Every environment runs a digest that passed every gate and carries a signature."""
    aliases = {digest: alias for alias, digest in known.digests.items()}
    for env, digest in moment.after.running.items():
        if digest is None or digest == moment.before.running.get(env):
            continue
        if not known.verified.get(digest, False):
            alias = aliases.get(digest, digest)
            return Violation(
                "nothing unverified runs anywhere",
                f"{env} runs {alias}, which did not pass every gate with a signature",
                tuple(f"{gate} for {alias} passed" for gate in GATES),
            )
    ran = {p.digest for p in moment.before.pods}
    for pod in moment.after.pods:
        if pod.digest is None or pod.digest in ran or known.verified.get(pod.digest, False):
            continue
        alias = aliases.get(pod.digest, pod.digest[:19] + "…")
        return Violation(
            "nothing unverified runs anywhere",
            f"{pod.name} of {pod.deployment} runs {alias}, which did not pass every gate "
            "with a signature",
            (f"no pod of {pod.deployment} runs {alias}",),
        )
    return None


def promotion_never_changes_a_digest(moment: Moment, known: Known) -> Violation | None:
    """What an environment runs after a promotion is the promoted artifact's digest."""
    words = moment.text.split()
    if moment.rejected or words[:2] not in (["I", "promote"], ["I", "deploy"], ["I", "approve"]):
        return None
    alias, env = words[-3], words[-1]
    digest = known.digests.get(alias)
    now = moment.after.running.get(env)
    if digest is None or now in (digest, moment.before.running.get(env)):
        return None
    shown = "nothing" if now is None else now[:19] + "…"
    return Violation(
        "promotion never changes a digest",
        f"{env} runs {shown} after {alias} ({digest[:19]}…) was moved there",
        (f"{env} runs {alias}",),
    )


def no_alert_fires_before_its_for(moment: Moment, known: Known) -> Violation | None:
    """An alert fires only after being pending for its whole ``for:``."""
    for name, changes in moment.after.alerts.items():
        hold = known.holds.get(name, 0)
        if hold <= 0 or changes == moment.before.alerts.get(name):
            continue
        for (since, state), (at, now) in itertools.pairwise(((0, "inactive"), *changes)):
            if now == "firing" and (state != "pending" or at - since < hold):
                waited = f"pending for {at - since} s" if state == "pending" else f"{state}"
                return Violation(
                    "no alert fires before its for:",
                    f"{name} fired at {at} s after being {waited}; its for: is {hold} s",
                    (f"the alert {name} does not fire",),
                )
    return None


def counters_never_decrease(moment: Moment, known: Known) -> Violation | None:
    """A counter only goes up (the explorer draws no reset)."""
    for series, value in moment.after.counters.items():
        before = moment.before.counters.get(series)
        if before is not None and value < before:
            return Violation(
                "counters never decrease except at resets",
                f"{series} went from {before:g} to {value:g}",
            )
    return None


def one_rollback_per_firing(moment: Moment, known: Known) -> Violation | None:
    """Alerts roll an environment back at most once per firing: the rollbacks a step made
    that the explorer did not ask for are no more than the alerts that started firing."""
    asked = moment.text.split()[:3] == ["I", "roll", "back"]
    fired = sum(
        sum(
            1
            for _, state in changes[len(moment.before.alerts.get(name, ())) :]
            if state == "firing"
        )
        for name, changes in moment.after.alerts.items()
    )
    aliases = {digest: alias for alias, digest in known.digests.items()}
    for env, history in moment.after.history.items():
        before = moment.before.history.get(env, ())
        new = history[len(before) :]
        allowed = fired + (1 if asked and moment.text.split()[-1] == env else 0)
        rollbacks = [i for i, (_, how) in enumerate(new) if how == "rollback"]
        if len(rollbacks) > allowed:
            kept = [*before, *(e for i, e in enumerate(new) if i not in rollbacks[allowed:])]
            names = [aliases.get(digest, digest[:19]) for digest, _ in kept]
            listed = (
                ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
            )
            return Violation(
                "a rollback happens only when asked for, or once per firing page",
                f"{env} was rolled back {len(rollbacks)} times while {fired} alert(s) "
                f"started firing{' and one was asked for' if allowed > fired else ''}",
                (f"the history of {env} is {listed}",) if listed else (),
            )
    return None


RULES: tuple[Rule, ...] = (
    no_node_is_overcommitted,
    a_failed_node_is_not_ready,
    nothing_new_lands_where_it_may_not,
    a_rejected_operation_changes_nothing,
    rollouts_stay_within_budget,
    drains_keep_disruption_budgets,
    preemption_only_by_higher_priority,
    node_groups_stay_within_bounds,
    promotion_never_changes_a_digest,
    nothing_unverified_runs,
    no_alert_fires_before_its_for,
    counters_never_decrease,
    one_rollback_per_firing,
)


def broken(moment: Moment, known: Known) -> Violation | None:
    """The first rule the moment breaks, if any."""
    for rule in RULES:
        found = rule(moment, known)
        if found is not None:
            return found
    return None
