"""The cluster (Lab 01) as a hypothesis state machine: every rule a public API operation.

Invariants are in ``cluster_invariants.py``; their oracles never call kubeloop's helpers.
Enough derandomized examples run that a defect hit by 1 sequence in 40 (issue 12's
idempotence bug) is caught on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from kubeloop import HPA, Cluster, Deployment, Toleration
from tests.properties.cluster_invariants import Spec
from tests.properties.cluster_operations import ClusterOperations, make_node
from tests.properties.oracles import (
    IntOrPercent,
    NodeModel,
    Resources,
    is_literal_zero,
    is_valid_budget,
)
from tests.properties.strategies import (
    DEPLOYMENTS,
    GHOST,
    NODE_NAMES,
    TOLERATIONS,
    budgets,
    invalid_budgets,
    node_models,
    pod_requests,
    replicas,
    rollout_budgets,
)

pytestmark = pytest.mark.slow

MAX_EXAMPLES = 700
STEPS = 30


class ClusterMachine(ClusterOperations):
    @initialize(nodes=st.lists(node_models, min_size=1, max_size=3))
    def start(self, nodes: list[NodeModel]) -> None:
        names = NODE_NAMES[: len(nodes)]
        self.cluster = Cluster(
            nodes=[make_node(name, n, None, False) for name, n in zip(names, nodes, strict=True)]
        )
        self.model.nodes = dict(zip(names, nodes, strict=True))

    # --- workloads ----------------------------------------------------------------------

    @rule(
        name=st.sampled_from(DEPLOYMENTS),
        count=replicas,
        request=pod_requests,
        version=st.sampled_from(["v1", "v2", "v3"]),
        surge=budgets,
        unavailable=budgets,
        recreate=st.sampled_from([False, False, False, True]),
        settle=st.booleans(),
    )
    def apply(
        self,
        name: str,
        count: int,
        request: Resources,
        version: str,
        surge: IntOrPercent,
        unavailable: IntOrPercent,
        recreate: bool,
        settle: bool,
    ) -> None:
        """Create or change a deployment; with ``settle``, then settle as a scenario would."""
        self.declare(name, count, request, version, surge, unavailable, recreate, settle)

    def declare(
        self,
        name: str,
        count: int,
        request: Resources,
        version: str,
        surge: IntOrPercent,
        unavailable: IntOrPercent,
        recreate: bool,
        settle: bool,
    ) -> None:
        model = self.model
        requests = request
        known = model.requests.get((name, version))
        if known is not None and known != requests:
            version = self.fresh_version()  # a version names exactly one template
        strategy = "Recreate" if recreate else "RollingUpdate"
        reject = (
            strategy == "RollingUpdate" and is_literal_zero(surge) and is_literal_zero(unavailable)
        )

        def run() -> None:
            self.cluster.apply(
                Deployment(
                    name,
                    replicas=count,
                    cpu=requests.cpu_quantity,
                    memory=requests.memory_quantity,
                    version=version,
                    max_surge=surge,
                    max_unavailable=unavailable,
                    strategy=strategy,  # type: ignore[arg-type]
                    tolerations=[
                        Toleration(t.key, t.operator, t.value, t.effect)  # type: ignore[arg-type]
                        for t in TOLERATIONS[name]
                    ],
                )
            )

        label = f"apply {name} x{count} {version} {requests} {strategy} {surge}/{unavailable}"
        if self.attempt(label, run, reject=reject)[0]:
            model.specs[name] = Spec(requests, version, strategy, surge, unavailable)
            model.requests[(name, version)] = requests
        if settle:
            self.settle_and_check()

    @precondition(lambda self: bool(self.model.specs))
    @rule(
        pick=st.integers(0, 1),
        new_template=st.booleans(),
        request=st.none() | pod_requests,
        change=st.integers(-2, 3),
        settle=st.sampled_from([True, True, True, False]),
    )
    def reapply(
        self, pick: int, new_template: bool, request: Resources | None, change: int, settle: bool
    ) -> None:
        """Apply an existing deployment again: a new template, other replicas, or both."""
        name = sorted(self.model.specs)[pick % len(self.model.specs)]
        spec = self.model.specs[name]
        count = max(0, self.cluster.deployment(name).replicas + change)
        requests = spec.requests if request is None else request
        version = self.fresh_version() if new_template else spec.version
        self.declare(
            name,
            count,
            requests,
            version,
            spec.max_surge,
            spec.max_unavailable,
            spec.strategy == "Recreate",
            settle,
        )

    def existing(self, pick: int) -> str:
        """One of the deployments applied so far (rules using it need one)."""
        names = sorted(self.model.specs)
        return names[pick % len(names)]

    @precondition(lambda self: bool(self.model.specs))
    @rule(pick=st.integers(0, 1), count=st.integers(-1, 8), settle=st.booleans())
    def scale(self, pick: int, count: int, settle: bool) -> None:
        name = self.existing(pick)
        operation = partial(self.cluster.scale, name, count)
        self.attempt(f"scale {name} {count}", operation, reject=count < 0)
        if settle:
            self.settle_and_check()

    @rule(index=st.integers(0, 15))
    def delete_pod(self, index: int) -> None:
        pods = self.cluster.pods()
        name = pods[index].name if index < len(pods) else f"{GHOST}-1"
        self.attempt(
            f"delete_pod {name}", lambda: self.cluster.delete_pod(name), reject=index >= len(pods)
        )

    @rule(
        operation=st.sampled_from(
            ["scale", "rolling_update", "rollback", "autoscale", "set_cpu_utilization", "pods"]
        )
    )
    def operate_on_a_missing_deployment(self, operation: str) -> None:
        """Every operation naming a deployment that does not exist is rejected."""
        calls: dict[str, Callable[[], object]] = {
            "scale": lambda: self.cluster.scale(GHOST, 1),
            "rolling_update": lambda: self.cluster.rolling_update(GHOST, "v9"),
            "rollback": lambda: self.cluster.rollback(GHOST),
            "autoscale": lambda: self.cluster.autoscale(GHOST, HPA()),
            "set_cpu_utilization": lambda: self.cluster.set_cpu_utilization(GHOST, 50),
            "pods": lambda: self.cluster.pods(GHOST),
        }
        self.attempt(f"{operation} {GHOST}", calls[operation], reject=True)

    # --- rollouts ------------------------------------------------------------------------

    @precondition(lambda self: bool(self.model.specs))
    @rule(
        pick=st.integers(0, 1),
        new_version=st.booleans(),
        surge=rollout_budgets,
        unavailable=rollout_budgets,
        settle_first=st.sampled_from([True, True, True, False]),
    )
    def rolling_update(
        self,
        pick: int,
        new_version: bool,
        surge: IntOrPercent | None,
        unavailable: IntOrPercent | None,
        settle_first: bool,
    ) -> None:
        """Roll out a new version (or the same one) under a given budget, or the spec's own."""
        if settle_first:
            self.settle_and_check()
        name = self.existing(pick)
        spec = self.model.specs[name]
        used_surge = spec.max_surge if surge is None else surge
        used_unavailable = spec.max_unavailable if unavailable is None else unavailable
        reject = (
            not is_valid_budget(used_surge, at_most_100=False)
            or not is_valid_budget(used_unavailable, at_most_100=True)
            or (is_literal_zero(used_surge) and is_literal_zero(used_unavailable))
        )
        version = self.fresh_version() if new_version else spec.version
        if not reject:
            self.model.specs[name] = replace(
                spec,
                version=version,
                strategy="RollingUpdate",
                max_surge=used_surge,
                max_unavailable=used_unavailable,
            )
            self.model.requests[(name, version)] = spec.requests
        label = f"rolling_update {name} {version} {surge}/{unavailable}"
        run = partial(self.cluster.rolling_update, name, version, surge, unavailable)
        self.check_rollout(name, label, run, reject)

    @precondition(lambda self: bool(self.model.specs))
    @rule(
        pick=st.integers(0, 1),
        budget=st.tuples(budgets | invalid_budgets, invalid_budgets | st.just("150%"))
        | st.tuples(st.sampled_from([0, "0%"]), st.sampled_from([0, "0%"])),
    )
    def rolling_update_with_an_invalid_budget(
        self, pick: int, budget: tuple[IntOrPercent, IntOrPercent]
    ) -> None:
        """An invalid maxUnavailable, or both literally 0, is refused before anything changes."""
        name = self.existing(pick)
        surge, unavailable = budget
        operation = partial(self.cluster.rolling_update, name, "v9", surge, unavailable)
        self.attempt(f"rolling_update {name} {surge}/{unavailable}", operation, reject=True)

    @precondition(lambda self: bool(self.model.specs))
    @rule(pick=st.integers(0, 1), revision=st.none() | st.integers(1, 5))
    def rollback(self, pick: int, revision: int | None) -> None:
        name = self.existing(pick)
        revisions = [rs.revision for rs in self.cluster.replicasets(name)]
        reject = len(revisions) < 2 if revision is None else revision not in revisions
        run = partial(self.cluster.rollback, name, revision)
        if self.check_rollout(name, f"rollback {name} to {revision}", run, reject):
            spec = self.model.specs[name]
            spec.version = self.cluster.deployment(name).version
            spec.requests = self.model.requests[(name, spec.version)]

    # --- autoscaling ---------------------------------------------------------------------

    @precondition(lambda self: bool(self.model.specs))
    @rule(
        pick=st.integers(0, 1),
        low=st.integers(0, 3),
        extra=st.integers(0, 4),
        goal=st.sampled_from([50, 80, 100]),
    )
    def autoscale(self, pick: int, low: int, extra: int, goal: int) -> None:
        name = self.existing(pick)
        hpa = HPA(low, max(1, low + extra), goal)
        operation = partial(self.cluster.autoscale, name, hpa)
        if self.attempt(f"autoscale {name} {hpa}", operation, reject=False)[0]:
            self.model.autoscaled.add(name)

    @precondition(lambda self: bool(self.model.specs))
    @rule(pick=st.integers(0, 1), percent=st.sampled_from([-5, 0, 10, 50, 80, 100, 150, 300]))
    def set_cpu_utilization(self, pick: int, percent: int) -> None:
        name = self.existing(pick)
        reject = name not in self.model.autoscaled or percent < 0
        operation = partial(self.cluster.set_cpu_utilization, name, percent)
        self.attempt(f"set_cpu_utilization {name} {percent}", operation, reject=reject)


TestClusterMachine = ClusterMachine.TestCase
TestClusterMachine.settings = settings(
    max_examples=MAX_EXAMPLES,
    stateful_step_count=STEPS,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
