"""One world under mixed operations of all three mechanisms: builds that pass or not,
promotions, approvals, explicit rollouts of artifacts, copied signatures, pages that roll
back, node failures, scaling, capacity and traffic changes, time passing.

Checked after every step, each mechanism's own invariants and the ones of their meetings:
- a digest that never passed the ladder never runs on the cluster (the oracle is what this
  machine did: ran it green, promoted it through staging, approved it for prod);
- an artifact alias is never read as a version string (every pod's version is its digest's);
- traffic is served only by Ready pods, within their capacity;
- a rollback never skips verification (every rollback target is admissible when it lands);
- the cluster keeps its replicas off failed nodes; counters only go up; prod runs what its
  history says.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import Phase, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from kubeloop import Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import InvalidSpecError, KubeloopError, RolloutStalledError
from kubeloop.links import Links, refusal
from kubeloop.pipeline import AdmissionRefusedError, Pipeline, TestSummary

pytestmark = pytest.mark.slow
GREEN = TestSummary(passed=True, tests=1)
RED = TestSummary(passed=False, tests=1, failures=1)
NODES = ("node-1", "node-2", "node-3")
SLO = "availability"
LIKELY = st.sampled_from([True, True, True, False])
"""Most builds pass, are promoted and approved; some stop at each step."""


class OneWorld(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = Clock()
        events = EventLog(self.clock)
        self.cluster = Cluster(
            nodes=[Node(n, cpu="4", memory="8Gi") for n in NODES], clock=self.clock, events=events
        )
        self.cluster.apply(Deployment("web", replicas=4, cpu="500m", memory="256Mi"))
        self.pipeline = Pipeline(clock=self.clock, events=events)
        self.telemetry = Telemetry(clock=self.clock)
        self.telemetry.add_service("web", 120)
        self.telemetry.add_slo(SLO, 99.9, 30 * 86400, "web")
        self.links = Links(
            self.clock,
            events,
            cluster=lambda: self.cluster,
            pipeline=lambda: self.pipeline,
            telemetry=lambda: self.telemetry,
        )
        self.links.roll_back_on("slo", SLO, "web")
        self.links.sync()
        self.built: list[str] = []
        self.ladder: set[str] = set()
        """Digests this machine ran green, promoted through staging and approved for prod."""
        self.failed: set[str] = set()
        self.capacity: int | None = None
        self.requests = 0

    # --- the pipeline -------------------------------------------------------------------------

    @initialize()
    def a_known_good_release(self) -> None:
        """Prod runs a release that passed the ladder: something to roll back to."""
        self.build("v1", green=True, promote=True, approve=True)
        self.pipeline.promote(self.built[-1], "prod")

    @rule(
        version=st.sampled_from(["v2", "v3", "v4", "D1"]),
        green=LIKELY,
        promote=LIKELY,
        approve=LIKELY,
    )
    def build(self, version: str, green: bool, promote: bool, approve: bool) -> None:
        """A build that may fail its tests, stop before staging, or wait for approval."""
        labels = {"n": str(len(self.built))}
        digest = self.pipeline.build({"name": "web", "version": version, "labels": labels})
        self.built.append(digest)
        self.pipeline.record_unit_tests(digest, GREEN if green else RED)
        self.pipeline.record_coverage(digest, 100)
        self.pipeline.record_scan(digest, [])
        self.pipeline.record_integration_tests(digest, GREEN)
        self.pipeline.run(digest)
        if not (green and promote):
            return
        self.pipeline.promote(digest, "dev")
        self.pipeline.promote(digest, "staging")
        if approve:
            self.pipeline.approve(digest, "prod")
            self.ladder.add(digest)

    @rule(data=st.data())
    @precondition(lambda self: bool(self.built))
    def promote_to_prod(self, data: st.DataObject) -> None:
        digest = data.draw(st.sampled_from(self.built))
        try:
            self.pipeline.promote(digest, "prod")
        except KubeloopError:
            return

    @rule(data=st.data(), surge=st.sampled_from([0, 1, "25%"]), unavailable=st.sampled_from([1, 0]))
    @precondition(lambda self: bool(self.built))
    def roll_out(self, data: st.DataObject, surge: object, unavailable: object) -> None:
        """An explicit rollout of an artifact: admitted only for the ladder's digests, and a
        refusal changes nothing in the cluster."""
        digest = data.draw(st.sampled_from(self.built))
        before = self._cluster_state()
        try:
            self.links.roll_out("web", digest, surge, unavailable)  # type: ignore[arg-type]
        except RolloutStalledError:
            pass  # admitted, and the cluster says why it cannot finish (failed nodes)
        except (AdmissionRefusedError, InvalidSpecError) as error:
            if isinstance(error, AdmissionRefusedError):
                assert digest not in self.ladder
            assert self._cluster_state() == before
            event("roll out: refused")
            return
        assert digest in self.ladder
        event("roll out: admitted")

    def _cluster_state(self) -> tuple[object, ...]:
        pods = sorted(p.name for p in self.cluster.pods())
        return self.cluster.deployment_spec("web"), pods, self.pipeline.running("prod")

    @rule(data=st.data())
    @precondition(lambda self: bool(self.built))
    def copy_a_signature(self, data: st.DataObject) -> None:
        source = data.draw(st.sampled_from(self.built))
        labels = {"n": str(len(self.built))}
        forged = self.pipeline.build({"name": "web", "version": "v9", "labels": labels})
        self.built.append(forged)
        try:
            self.pipeline.attach_signature(source, forged)
        except KubeloopError:
            return  # the source has no signature to copy

    # --- telemetry ----------------------------------------------------------------------------

    @rule(ratio=st.sampled_from([None, 0.0, 1.0, 1.0]), version=st.sampled_from(["v1", "v2", "v3"]))
    def pods_fail(self, ratio: float | None, version: str) -> None:
        try:
            self.links.fail_pods_of(version, ratio)
        except KubeloopError:
            return  # no split yet

    @rule(rate=st.sampled_from([60, 120, 400]))
    def traffic(self, rate: int) -> None:
        self.telemetry.service("web").set_rate(rate, self.clock.now)

    @rule(per_pod=st.sampled_from([40, 100]))
    def capacity_is(self, per_pod: int) -> None:
        self.links.limit("web", per_pod)
        self.capacity = per_pod

    # --- the cluster --------------------------------------------------------------------------

    @rule(node=st.sampled_from(NODES))
    def fail_node(self, node: str) -> None:
        if len(self.failed) < len(NODES) - 1:
            self.cluster.fail_node(node)
            self.failed.add(node)

    @rule(node=st.sampled_from(NODES))
    def recover_node(self, node: str) -> None:
        self.cluster.recover_node(node)
        self.failed.discard(node)

    @rule(replicas=st.integers(0, 6))
    def scale(self, replicas: int) -> None:
        self.cluster.scale("web", replicas)

    @rule(seconds=st.sampled_from([0, 15, 60, 600]))
    def time_passes(self, seconds: int) -> None:
        self.clock.run_for(seconds)

    # --- the invariants -----------------------------------------------------------------------

    @invariant()
    def a_digest_off_the_ladder_never_runs_and_an_alias_is_never_a_version(self) -> None:
        for pod in self.cluster.pods("web"):
            if pod.digest is not None:
                assert pod.digest in self.ladder, pod
                assert self.pipeline.artifact(pod.digest).version == pod.version
            else:
                assert pod.version == "v1"  # the deployment's own, before any artifact ran

    @invariant()
    def traffic_is_served_by_ready_pods_within_capacity(self) -> None:
        self.clock.run_for(0)  # the level-triggered loops at this instant
        versions = self.telemetry.service("web").versions
        ready = Counter(p.version for p in self.cluster.pods("web") if p.ready)
        if versions is None:
            assert not ready
            return
        assert versions.serving() == dict(sorted(ready.items()))
        for version, (rate, ratio) in versions.rates().items():
            if not ready[version]:
                assert rate == 0 or ratio == 1.0  # no endpoint: nothing served
            elif self.capacity is not None:
                assert rate * (1 - ratio) <= ready[version] * self.capacity + 1e-9

    @invariant()
    def a_rollback_never_skips_verification(self) -> None:
        for rollback in self.links.alert_rollbacks():
            event("a page rolled prod back")
            if rollback.rolled_to is not None:
                assert rollback.rolled_to in self.ladder
                assert refusal(self.pipeline, "prod", rollback.rolled_to) is None
        view = self.pipeline.environment("prod")
        for record in view.deployments:
            assert record.digest in self.ladder  # prod ran only what passed the ladder
        assert view.running == (view.deployments[-1].digest if view.deployments else None)

    @invariant()
    def the_cluster_and_the_counters_keep_their_rules(self) -> None:
        assert all(p.node not in self.failed for p in self.cluster.pods())
        served = self.telemetry.service("web").view(self.clock.now)
        assert served.requests >= self.requests and served.errors <= served.requests
        self.requests = served.requests


TestOneWorld = OneWorld.TestCase
TestOneWorld.settings = settings(
    max_examples=50,
    stateful_step_count=30,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
)
