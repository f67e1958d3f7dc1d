"""One world's invariant: after the cluster settles, the linked deployment runs the version
of the digest prod runs — through promotions, approvals, rollbacks, refused deploys and
node failures.

The oracle is a model of prod's history kept here (the rollback rule as Lab 02 states it:
the most recent earlier digest that was not itself rolled back), independent of the
pipeline's delivery code and of the link.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from kubeloop import Cluster, Deployment, Node
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import KubeloopError
from kubeloop.links import Links
from kubeloop.pipeline import Pipeline, TestSummary

pytestmark = pytest.mark.slow

GREEN = TestSummary(passed=True, tests=1)
NODES = ("node-1", "node-2", "node-3")


class LinksMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = Clock()
        events = EventLog(self.clock)
        self.cluster = Cluster(
            nodes=[Node(n, cpu="4", memory="8Gi") for n in NODES], clock=self.clock, events=events
        )
        self.cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
        self.pipeline = Pipeline(clock=self.clock, events=events)
        self.links = Links(
            self.clock, events, cluster=lambda: self.cluster, pipeline=lambda: self.pipeline
        )
        self.links.sync()
        self.versions: dict[str, str] = {}
        self.history: list[str] = []
        """Digests prod ran, in order (the model)."""
        self.rolled_back: set[str] = set()
        self.failed: set[str] = set()

    # --- the model ---------------------------------------------------------------------

    def running(self) -> str | None:
        return self.history[-1] if self.history else None

    def rollback_target(self) -> str | None:
        current = self.running()
        for digest in reversed(self.history):
            if digest != current and digest not in self.rolled_back:
                return digest
        return None

    # --- rules ------------------------------------------------------------------------------

    @rule(version=st.sampled_from(["v1", "v2", "v3", "v4"]), extra=st.integers(0, 2))
    def ship(self, version: str, extra: int) -> None:
        """Build, pass, promote through dev and staging, approve into prod."""
        digest = self.pipeline.build({"name": "web", "version": version, "labels": {"n": extra}})
        self.versions[digest] = version
        for record in (self.pipeline.record_unit_tests, self.pipeline.record_integration_tests):
            record(digest, GREEN)
        self.pipeline.record_coverage(digest, 100)
        self.pipeline.record_scan(digest, [])
        assert self.pipeline.run(digest).passed
        self.pipeline.promote(digest, "dev")
        self.pipeline.promote(digest, "staging")
        self.pipeline.promote(digest, "prod")
        self.pipeline.approve(digest, "prod")
        if self.running() != digest:
            self.history.append(digest)
            self.rolled_back.discard(digest)

    @rule()
    def roll_back(self) -> None:
        target = self.rollback_target()
        try:
            got = self.pipeline.rollback("prod")
        except KubeloopError:
            assert target is None
            return
        assert got == target
        current = self.running()
        assert current is not None
        self.rolled_back.add(current)
        self.history.append(got)
        self.rolled_back.discard(got)

    @rule(version=st.sampled_from(["v7", "v8"]))
    @precondition(lambda self: self.running() is not None)
    def copied_signature_is_refused(self, version: str) -> None:
        current = self.running()
        assert current is not None
        forged = self.pipeline.build({"name": "web", "version": version})
        self.pipeline.attach_signature(current, forged)
        try:
            self.pipeline.deploy(forged, "prod")
        except KubeloopError:
            return
        raise AssertionError("a digest with a copied signature was deployed")

    @rule(node=st.sampled_from(NODES))
    def fail_node(self, node: str) -> None:
        if len(self.failed) < len(NODES) - 1:
            self.cluster.fail_node(node)
            self.failed.add(node)

    @rule(node=st.sampled_from(NODES))
    def recover_node(self, node: str) -> None:
        self.cluster.recover_node(node)
        self.failed.discard(node)

    @rule(seconds=st.sampled_from([0, 15, 60]))
    def time_passes(self, seconds: int) -> None:
        self.clock.run_for(seconds)

    # --- the invariant ------------------------------------------------------------------------

    @invariant()
    def settled_deployment_runs_prods_version(self) -> None:
        self.cluster.reconcile_until_stable()
        assert self.pipeline.running("prod") == self.running()
        expected = self.versions[d] if (d := self.running()) is not None else "v1"
        assert self.cluster.deployment("web").version == expected
        pods = self.cluster.pods("web")
        assert len(pods) == 4
        assert {p.version for p in pods} == {expected}
        assert all(p.phase == "Running" and p.node not in self.failed for p in pods)


TestLinksMachine = LinksMachine.TestCase
TestLinksMachine.settings = settings(
    max_examples=60, stateful_step_count=25, deadline=None, derandomize=True, database=None
)
