"""The state machine's plumbing and its node and time rules (workload rules are in
``test_cluster_machine.py``).

Every operation goes through ``attempt``: it predicts from the rule alone whether the call
must be rejected, runs it, and records the outcome and the state around it for the
invariants to judge.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from hypothesis import strategies as st
from hypothesis.stateful import rule

from kubeloop import KubeloopError, Node, RolloutSnapshot, RolloutStalledError, Taint
from tests.properties.cluster_invariants import (
    ClusterInvariants,
    Outcome,
    RolloutCheck,
    SettleCheck,
    bounds,
)
from tests.properties.oracles import NodeModel, TaintModel, fingerprint
from tests.properties.strategies import NODE_NAMES, node_models, taints


def make_node(name: str, node: NodeModel, taint: TaintModel | None, cordoned: bool) -> Node:
    return Node(
        name,
        cpu=f"{node.cpu}m",
        memory=node.memory,
        pods=node.pods,
        taints=[] if taint is None else [Taint(taint.key, taint.value, taint.effect)],
        unschedulable=cordoned,
    )


class ClusterOperations(ClusterInvariants):
    def __init__(self) -> None:
        super().__init__()
        self.fresh_versions = 0

    def fingerprint(self) -> tuple[object, ...]:
        return fingerprint(self.cluster, sorted(self.model.autoscaled))

    def attempt(
        self, label: str, operation: Callable[[], object], *, reject: bool
    ) -> tuple[bool, list[RolloutSnapshot]]:
        """Run one operation: (accepted, the rollout snapshots it produced).

        A stalled rollout is accepted — the cluster stays where the rollout got to — unless
        the rule says the call itself is invalid.
        """
        self.outcome = self.rollout = None
        before = self.fingerprint()
        error: str | None = None
        snapshots: list[RolloutSnapshot] = []
        try:
            result = operation()
            if isinstance(result, list):
                snapshots = [s for s in result if isinstance(s, RolloutSnapshot)]
        except RolloutStalledError as stalled:
            snapshots = list(stalled.snapshots)
            if reject:
                error = str(stalled)
        except KubeloopError as rejected:
            error = f"{type(rejected).__name__}: {rejected}"
        self.outcome = Outcome(label, reject, error, before, self.fingerprint())
        return error is None, snapshots

    def check_rollout(self, name: str, label: str, run: Callable[[], object], reject: bool) -> bool:
        """Run a rollout; when it starts fully available, hold every snapshot to its budget.

        Only while ``replicas`` stays put: an autoscaler that rescales mid-rollout moves the
        bound (its SuccessfulRescale event says so).
        """
        start = None if reject else self.cluster.deployment(name)
        first_event = len(self.cluster.events)
        accepted, snapshots = self.attempt(label, run, reject=reject)
        spec = self.model.specs[name]
        rescaled = any(
            e.reason == "SuccessfulRescale" and e.object == f"hpa/{name}"
            for e in self.cluster.events[first_event:]
        )
        if (
            accepted
            and start is not None
            and spec.strategy == "RollingUpdate"
            and not rescaled
            and start.pods == start.ready == start.replicas
        ):
            surge, unavailable = bounds(spec, start.replicas)
            self.rollout = RolloutCheck(label, start.replicas, surge, unavailable, tuple(snapshots))
        return accepted

    def fresh_version(self) -> str:
        self.fresh_versions += 1
        return f"u{self.fresh_versions}"

    # --- nodes ---------------------------------------------------------------------------

    def node_operation(self, verb: str, name: str, operation: Callable[[], object]) -> bool:
        return self.attempt(f"{verb} {name}", operation, reject=name not in self.model.nodes)[0]

    @rule(name=st.sampled_from(NODE_NAMES))
    def fail_node(self, name: str) -> None:
        if self.node_operation("fail_node", name, lambda: self.cluster.fail_node(name)):
            self.model.failed.add(name)

    @rule(name=st.sampled_from(NODE_NAMES))
    def recover_node(self, name: str) -> None:
        if self.node_operation("recover_node", name, lambda: self.cluster.recover_node(name)):
            self.model.failed.discard(name)

    @rule(name=st.sampled_from(NODE_NAMES))
    def cordon(self, name: str) -> None:
        if self.node_operation("cordon", name, lambda: self.cluster.cordon(name)):
            self.model.cordoned.add(name)

    @rule(name=st.sampled_from(NODE_NAMES))
    def uncordon(self, name: str) -> None:
        if self.node_operation("uncordon", name, lambda: self.cluster.uncordon(name)):
            self.model.cordoned.discard(name)

    @rule(name=st.sampled_from(NODE_NAMES), taint=taints)
    def taint(self, name: str, taint: TaintModel) -> None:
        existing = self.model.taints.get(name, set())
        reject = name not in self.model.nodes or any(
            (t.key, t.effect) == (taint.key, taint.effect) for t in existing
        )
        operation = partial(self.cluster.taint, name, Taint(taint.key, taint.value, taint.effect))
        if self.attempt(f"taint {name} {taint}", operation, reject=reject)[0]:
            self.model.taints.setdefault(name, set()).add(taint)
            if taint.effect == "NoExecute":
                self.no_execute_mark = self.latest_pass()

    @rule(
        name=st.sampled_from(NODE_NAMES),
        key=st.sampled_from(["maintenance", "dedicated"]),
        effect=st.sampled_from([None, "NoSchedule", "NoExecute", "PreferNoSchedule"]),
    )
    def untaint(self, name: str, key: str, effect: str | None) -> None:
        existing = self.model.taints.get(name, set())
        gone = {t for t in existing if t.key == key and effect in (None, t.effect)}
        reject = name not in self.model.nodes or not gone
        operation = partial(self.cluster.untaint, name, key, effect)
        if self.attempt(f"untaint {name} {key}:{effect}", operation, reject=reject)[0]:
            existing -= gone

    @rule(
        name=st.sampled_from(NODE_NAMES),
        node=node_models,
        taint=st.none() | taints,
        cordoned=st.booleans(),
    )
    def add_node(
        self, name: str, node: NodeModel, taint: TaintModel | None, cordoned: bool
    ) -> None:
        operation = partial(self.cluster.add_node, make_node(name, node, taint, cordoned))
        if self.attempt(f"add_node {name}", operation, reject=name in self.model.nodes)[0]:
            self.model.nodes[name] = node
            self.model.taints[name] = set() if taint is None else {taint}
            if cordoned:
                self.model.cordoned.add(name)
            if taint is not None and taint.effect == "NoExecute":
                self.no_execute_mark = self.latest_pass()

    # --- reconciling and time ------------------------------------------------------------

    @rule()
    def reconcile(self) -> None:
        self.attempt("reconcile", self.cluster.reconcile, reject=False)

    def one_more_pass(self) -> None:
        """Record what one more pass does to a settled cluster (an invariant judges it)."""
        settled = self.fingerprint()
        again = self.cluster.reconcile()
        self.settle = SettleCheck(settled, self.fingerprint(), again.describe(), again.changed)

    def settle_and_check(self) -> None:
        """Settle as a scenario's ``Given … settled`` does, then take one more pass."""
        self.cluster.reconcile_until_stable()
        self.one_more_pass()

    @rule()
    def reconcile_until_stable(self) -> None:
        settle = self.cluster.reconcile_until_stable
        if self.attempt("reconcile_until_stable", settle, reject=False)[0]:
            self.one_more_pass()

    @rule(seconds=st.sampled_from([1, 15, 45, 300]))
    def run_for(self, seconds: int) -> None:
        """Let time pass; the cluster settles at every tick and at the end."""
        operation = partial(self.cluster.run_for, seconds)
        if self.attempt(f"run_for {seconds}", operation, reject=False)[0]:
            self.one_more_pass()
