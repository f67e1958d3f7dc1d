"""The quiet cluster's fast path against its reference: two worlds, one step at a time.

Each world is a cluster, telemetry (a service served by the cluster's pods, an SLO, an
alert on the pods' readiness) and the links between them, on one clock; the reference's
clock runs the cluster at every due instant (``Clock(skip_quiet=False)``), the other's
skips the instants at which the cluster is quiet (``kubeloop/cluster/quiet.py``). Both take
every operation, and every time-driven rule of the cluster is reachable: pods that take
time to start or never turn Ready, minReadySeconds, progress deadlines, realistic node
failures (grace period, tolerationSeconds), NoExecute taints tolerated for a while, HPAs
fed samples or none, Pending pods, the event TTL. After every step everything observable
through the public APIs must be equal: pods, nodes, deployments, HPAs, the history (records,
pass numbers, folds) and extremes, the events, what ``Cluster.run_for`` returned, the
telemetry's samples and alert states, the links' timeline.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop import HPA, Cluster, Deployment, Node, Taint, Telemetry, Toleration
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import KubeloopError
from kubeloop.links import Links

pytestmark = pytest.mark.slow
NODES = ("node-1", "node-2", "node-3")
APPS = ("web", "api")
WAIT = Toleration("wait", "Exists", effect="NoExecute", toleration_seconds=90)
SPANS = [0, 7, 15, 45, 299, 301, 900, 3600, 4 * 3600]


class World:
    """One world; ``skip``: its clock skips the quiet cluster's passes."""

    def __init__(self, skip: bool) -> None:
        self.clock = Clock(skip_quiet=skip)
        events = EventLog(self.clock)
        self.cluster = Cluster(
            nodes=[Node(n, cpu="2", memory="4Gi") for n in NODES], clock=self.clock, events=events
        )
        self.telemetry = Telemetry(clock=self.clock, scrape_interval=15, evaluation_interval=60)
        self.telemetry.add_service("web", 100)
        self.telemetry.add_slo("availability", 99.9, 30 * 86_400, "web")
        self.telemetry.add_alert("NoErrors", 'sum(rate(http_requests_total{code="500"}[5m])) > 0')
        self.links = Links(
            self.clock, events, cluster=lambda: self.cluster, telemetry=lambda: self.telemetry
        )
        self.ticks: list[Any] = []

    def observed(self) -> tuple[Any, ...]:
        """Everything a scenario can read of the world now."""
        cluster, telemetry = self.cluster, self.telemetry
        deployments = cluster.deployments()
        hpas = []
        for d in deployments:
            with contextlib.suppress(KubeloopError):  # (no HPA)
                hpas.append(cluster.autoscaler(d.name))
        return (
            self.clock.now,
            [(p.name, p.node, p.ready, p.version) for p in cluster.pods()],
            cluster.nodes(),
            deployments,
            cluster.replicasets(),
            hpas,
            cluster.history,
            [cluster.extremes(d.name) for d in deployments],
            cluster.events,
            self.ticks,
            str(telemetry.query("count_over_time(http_requests_total[60d])")),
            str(telemetry.query("sum_over_time(http_requests_total[60d])")),
            telemetry.alert_state("NoErrors"),
            telemetry.timeline("NoErrors").changes,
            telemetry.slo_alert_state("availability", "page"),
            telemetry.severity_timeline(telemetry.slo("availability").alert, "page").changes,
            self.links.timeline.marks(),
        )


class QuietCluster(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.worlds = (World(skip=False), World(skip=True))

    def both(self, act: Any) -> None:
        """Do ``act`` to both worlds: both must accept it, or both refuse it alike."""
        outcomes = []
        for world in self.worlds:
            try:
                act(world)
                outcomes.append(None)
            except KubeloopError as error:
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1]

    @initialize(load=st.sampled_from([None, None, 10, 200]))
    def web_runs(self, load: int | None) -> None:
        """web runs 3 pods; with a load, an HPA scales it (down only after the 300 s
        stabilization window, a timer of its own)."""

        def start(world: World) -> None:
            world.cluster.apply(Deployment("web", replicas=3, cpu="500m", memory="256Mi"))
            if load is not None:
                world.cluster.autoscale("web", HPA(min_replicas=1, max_replicas=6))
                world.cluster.set_cpu_utilization("web", load)

        self.both(start)

    @rule(
        app=st.sampled_from(APPS),
        replicas=st.integers(0, 5),
        startup=st.sampled_from([0, 0, 20, 100, None]),
        min_ready=st.sampled_from([0, 0, 30]),
        deadline=st.sampled_from([600, 60, None]),
        tolerates=st.booleans(),
        version=st.sampled_from(["v1", "v2"]),
    )
    def apply(
        self,
        app: str,
        replicas: int,
        startup: int | None,
        min_ready: int,
        deadline: int | None,
        tolerates: bool,
        version: str,
    ) -> None:
        spec = Deployment(
            app,
            replicas=replicas,
            cpu="500m",
            memory="256Mi",
            version=version,
            startup_seconds=startup,
            min_ready_seconds=min_ready,
            progress_deadline_seconds=deadline,
            tolerations=[WAIT] if tolerates else [],
        )
        self.both(lambda w: w.cluster.apply(spec))

    @rule(app=st.sampled_from(APPS), replicas=st.integers(0, 8))
    def scale(self, app: str, replicas: int) -> None:
        self.both(lambda w: w.cluster.scale(app, replicas))

    @rule(node=st.sampled_from(NODES), realistic=st.booleans())
    def fail_node(self, node: str, realistic: bool) -> None:
        def fail(world: World) -> None:
            if realistic:
                world.cluster.use_realistic_node_failure(40, 120)
            world.cluster.fail_node(node)

        self.both(fail)

    @rule(node=st.sampled_from(NODES))
    def recover_node(self, node: str) -> None:
        self.both(lambda w: w.cluster.recover_node(node))

    @rule(node=st.sampled_from(NODES), taint=st.booleans())
    def taint(self, node: str, taint: bool) -> None:
        def act(world: World) -> None:
            if taint:
                world.cluster.taint(node, Taint("wait", "", "NoExecute"))
            else:
                world.cluster.untaint(node, "wait")

        self.both(act)

    @rule(app=st.sampled_from(APPS), low=st.integers(0, 2))
    def autoscale(self, app: str, low: int) -> None:
        self.both(lambda w: w.cluster.autoscale(app, HPA(min_replicas=low, max_replicas=6)))

    @rule(app=st.sampled_from(APPS), percent=st.sampled_from([None, 10, 80, 200]))
    def utilization(self, app: str, percent: int | None) -> None:
        def act(world: World) -> None:
            if percent is None:
                world.cluster.clear_cpu_utilization(app)
            else:
                world.cluster.set_cpu_utilization(app, percent)

        self.both(act)

    @rule(data=st.data())
    def delete_a_pod(self, data: st.DataObject) -> None:
        pods = [p.name for p in self.worlds[0].cluster.pods()]
        if pods:
            name = data.draw(st.sampled_from(pods))
            self.both(lambda w: w.cluster.delete_pod(name))

    @rule(ttl=st.sampled_from([None, 600, 3600]))
    def event_ttl(self, ttl: int | None) -> None:
        self.both(lambda w: w.cluster.set_event_ttl(ttl))

    @rule(per_pod=st.sampled_from([20, 100]))
    def capacity(self, per_pod: int) -> None:
        self.both(lambda w: w.links.limit("web", per_pod))

    @rule(rate=st.sampled_from([0, 50, 100]))
    def traffic(self, rate: int) -> None:
        self.both(lambda w: w.telemetry.service("web").set_rate(rate, w.clock.now))

    @rule(seconds=st.sampled_from(SPANS), by_cluster=st.booleans())
    def time_passes(self, seconds: int, by_cluster: bool) -> None:
        def run(world: World) -> None:
            if by_cluster:
                world.ticks = world.cluster.run_for(seconds)
            else:
                world.clock.run_for(seconds)

        self.both(run)

    @rule(seconds=st.sampled_from([1, 20]))
    def advance(self, seconds: int) -> None:
        self.both(lambda w: w.cluster.advance(seconds))

    @invariant()
    def the_worlds_are_equal(self) -> None:
        reference, fast = (world.observed() for world in self.worlds)
        for seen, expected in zip(fast, reference, strict=True):
            assert seen == expected


TestQuietCluster = QuietCluster.TestCase
TestQuietCluster.settings = settings(
    max_examples=60,
    stateful_step_count=25,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
)
