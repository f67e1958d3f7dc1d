"""One world: where the cluster, the pipeline and telemetry meet on the one logical clock.

``Links`` holds each meeting (one module each) and runs them as tasks on the shared clock,
level-triggered: every run recomputes from the mechanisms' public views.

- ``rollout``: what an environment runs rolls the linked cluster deployment (at once, when
  the pipeline says it changed, and at the start and end of every span), and an artifact
  rolled out by hand (``roll_out``) is admitted first;
- ``pod_traffic``: after every reconcile pass, linked services are split over the versions
  of their deployment's Ready pods, within each pod's capacity;
- ``alert_rollback``: after every rule evaluation, a firing alert or page rolls an
  environment back;
- ``query_hpa``: before every reconcile, a PromQL query (or the services' requests per
  second per pod) feeds an HPA;
- ``timeline``: what each of them did, kept on the one clock for the report.

Each mechanism is given as a function returning it, or None while the world has none (a
scenario builds only what it uses): ``Links(clock, events, cluster=lambda: c, ...)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kubeloop.cluster.int_or_percent import IntOrPercent, is_literal_zero, validate_int_or_percent
from kubeloop.core.clock import ORDER_EVALUATE, ORDER_RECONCILE, ORDER_SCRAPE, Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import InvalidSpecError
from kubeloop.links.alert_rollback import AlertRollback, AlertRollbacks, Kind, RollbackRule
from kubeloop.links.pod_traffic import PodTraffic
from kubeloop.links.query_hpa import SYNC_PERIOD, QueryAutoscalers, QueryMetric, requests_query
from kubeloop.links.rollout import WAITING, DigestRollout, RolloutLink, refusal
from kubeloop.links.timeline import TimelineRecorder
from kubeloop.pipeline.errors import AdmissionRefusedError

Provider = Callable[[], Any]
ORDER_LINKS = ORDER_RECONCILE - 10
"""Rollouts and query-fed HPAs sync just before the cluster's reconcile at an instant."""
ORDER_TRAFFIC = ORDER_SCRAPE - 10
"""Traffic splits follow the pods after the reconcile and before the scrape of an instant."""
ORDER_ALERT_ACTIONS = ORDER_EVALUATE + 50
"""Alert rollbacks act after the rule evaluations of the same instant."""
DEFAULT_EVALUATION_INTERVAL = 60
SETTLE_ONLY = 2**40
"""An interval no span reaches: the rollout sync runs at the start and end of every span
(and whenever the pipeline deploys), not every few seconds of a 30-day span."""


def _none() -> None:
    return None


class Links:
    def __init__(
        self,
        clock: Clock | None = None,
        events: EventLog | None = None,
        *,
        cluster: Provider = _none,
        pipeline: Provider = _none,
        telemetry: Provider = _none,
    ) -> None:
        self.clock = clock if clock is not None else Clock()
        self.events = events if events is not None else EventLog(self.clock)
        self._cluster, self._pipeline, self._telemetry = cluster, pipeline, telemetry
        self.rollout = DigestRollout(self.events)
        self.alerts = AlertRollbacks(self.events)
        self.autoscalers = QueryAutoscalers(self.events)
        self.traffic = PodTraffic()
        self._watched: Any = None
        self._alert_task: Any = None
        self._hpa_task: Any = None
        self._traffic_task: Any = None
        self._request_hpas: set[str] = set()
        """Deployments whose HPA reads their services' requests per second per pod."""
        self._hooked: Any = None
        self._served: set[str] = set()
        """Deployments whose pods serve a telemetry service (as last split)."""
        self.timeline = TimelineRecorder()
        self.clock.every(
            SETTLE_ONLY, lambda _now: self.sync(), name="links", order=ORDER_LINKS, settle=True
        )

    # --- pipeline → cluster -----------------------------------------------------------------

    def link(self, environment: str, deployment: str) -> None:
        """``environment`` deploys to the cluster deployment ``deployment``."""
        self.rollout.link(environment, deployment)
        self.sync()

    def set_auto(self, on: bool) -> None:
        """Link the final environment to the deployment named after its artifact (default on)."""
        self.rollout.auto = on
        self.sync()

    def sync(self) -> None:
        """Bring every linked deployment to its environment's digest (or record why not),
        and split linked services by the versions of their ready pods."""
        pipeline = self._watch()
        cluster = self._cluster()
        if pipeline is not None:
            self.rollout.sync(cluster, pipeline, self.clock.now)
            for status in self.rollout.status():
                self.timeline.link(status)
        if cluster is not None:
            self._hook(cluster)
        self._split(self.clock.now)
        self._record_rollouts(self.clock.now)

    def _hook(self, cluster: Any) -> bool:
        """Follow every reconcile pass of ``cluster`` if it can say so (``watch``)."""
        if self._hooked is cluster:
            return True
        if getattr(type(cluster), "watch", None) is None:
            return False
        self._hooked = cluster
        try:
            cluster.watch(self._on_pass, deployments=True)
        except TypeError:  # another engine's watch calls back with nothing: follow every pass
            cluster.watch(lambda: self._on_pass(None))
        return True

    def _on_pass(self, touched: frozenset[str] | None) -> None:
        """After a reconcile pass: re-split and record what it may have changed (None: it
        may have changed anything)."""
        linked = self._served | {s.deployment for s in self.rollout.status()}
        if touched is not None and touched.isdisjoint(linked) and self._traffic_task is not None:
            return  # nothing linked moved
        self._split(self.clock.now)
        self._record_rollouts(self.clock.now)

    def _record_rollouts(self, now: int) -> None:
        cluster = self._cluster()
        if cluster is None:
            return
        linked = {s.deployment for s in self.rollout.status() if s.state != WAITING}
        self.timeline.rollouts(cluster, sorted(linked | self._served), now)

    def _watch(self) -> Any:
        pipeline = self._pipeline()
        if pipeline is not None:
            self.watch(pipeline)
        return pipeline

    def watch(self, pipeline: Any) -> None:
        """Sync whenever ``pipeline`` changes what an environment runs (its ``delivery.watch``
        hook; a pipeline without one is synced when time passes)."""
        if pipeline is self._watched:
            return
        self._watched = pipeline
        delivery = getattr(pipeline, "delivery", None)
        if delivery is not None and hasattr(delivery, "watch"):
            delivery.watch(lambda _env, _digest: self.sync())

    def rollouts(self) -> tuple[RolloutLink, ...]:
        return self.rollout.status()

    def roll_out(
        self,
        deployment: str,
        digest: str,
        max_surge: IntOrPercent | None = None,
        max_unavailable: IntOrPercent | None = None,
    ) -> list[Any]:
        """Roll the artifact ``digest`` onto ``deployment`` through admission, then drive the
        cluster's rolling update under the budget; returns its snapshots.

        The environment that deploys to the deployment (its link, else prod) must admit the
        digest (``rollout.refusal``); a refusal raises ``AdmissionRefusedError`` with the
        reason and changes nothing. Admitted, the digest is deployed to that environment
        through the pipeline (its history, its verification) and the environment deploys
        to this deployment from now on, so later promotions and rollbacks follow.
        """
        pipeline, cluster = self._watch(), self._cluster()
        if pipeline is None or cluster is None:
            raise InvalidSpecError("rolling an artifact out needs a pipeline and a cluster")
        artifact = pipeline.artifact(digest)
        cluster.deployment(deployment)  # NotFoundError before anything changes
        where = f'rolling {artifact.label} out to "{deployment}"'
        if max_surge is not None:
            validate_int_or_percent(max_surge, "maxSurge", where)
        if max_unavailable is not None:
            validate_int_or_percent(max_unavailable, "maxUnavailable", where, at_most_100=True)
        if is_literal_zero(max_surge) and is_literal_zero(max_unavailable):
            raise InvalidSpecError(
                f"{where}: maxSurge and maxUnavailable may not both be 0 (no pod could be added "
                "or removed); nothing was changed"
            )
        env = self.rollout.environment_for(pipeline, deployment)
        linked = self.rollout.explicit.get(env)
        if linked is not None and linked != deployment:
            raise InvalidSpecError(
                f'{env} deploys to "{linked}", not "{deployment}": roll {artifact.label} '
                f'out to "{linked}", or link another environment to "{deployment}"'
            )
        reason = refusal(pipeline, env, digest)
        if reason is not None:
            self.rollout.refuse(env, deployment, digest, artifact.version, self.clock.now, reason)
            raise AdmissionRefusedError(f"{env} refuses to roll {deployment} out: {reason}")
        self.rollout.keep_stable(cluster, deployment)
        pipeline.deploy(digest, env)
        self.link(env, deployment)
        # another engine's Deployment without a digest rolls to the artifact's version
        extra = {"digest": digest} if hasattr(cluster.deployment_spec(deployment), "digest") else {}
        return list(
            cluster.rolling_update(
                deployment, artifact.version, max_surge, max_unavailable, **extra
            )
        )

    # --- cluster → telemetry -------------------------------------------------------------------

    def serve(self, service: str, deployment: str) -> None:
        """The telemetry service ``service`` is served by the pods of ``deployment``."""
        self.traffic.serve(service, deployment)
        self._split(self.clock.now)

    def fail_version(self, service: str, version: str, ratio: float | None) -> None:
        """``version`` of ``service`` fails ``ratio`` of its requests (None: as the service)."""
        telemetry = self._telemetry()
        if telemetry is None:
            raise InvalidSpecError(f'no telemetry in the world: there is no service "{service}"')
        self._split(self.clock.now)
        self.traffic.fail(telemetry, service, version, ratio, self.clock.now)

    def limit(self, deployment: str, per_pod: float) -> None:
        """Each ready pod of ``deployment`` serves at most ``per_pod`` requests per second;
        what its services send beyond that fails."""
        cluster = self._cluster()
        if cluster is not None:
            cluster.deployment(deployment)  # NotFoundError before anything changes
        self.traffic.limit(deployment, per_pod)
        self._split(self.clock.now)

    def fail_pods_of(self, version: str, ratio: float | None) -> list[str]:
        """Pods running ``version`` fail ``ratio`` of their requests, in every service they
        serve (None: as the service); returns those services. Said before any pod of a
        linked service is ready (a fault set up before the release), it holds from the
        moment its pods first serve that service."""
        cluster, telemetry = self._cluster(), self._telemetry()
        if cluster is None or telemetry is None:
            raise InvalidSpecError("pods that fail requests need a cluster and telemetry")
        self._split(self.clock.now)
        linked = [name for name, _, _ in self.traffic.pairs(cluster, telemetry)]
        if not linked:
            listed = getattr(cluster, "deployments", None)  # one a learner's may lack
            names = [d.name for d in listed()] if listed is not None else []
            names = names or ["web"]
            raise InvalidSpecError(
                "no service is served by a deployment's pods yet, so there are no requests "
                "to fail and no errors for an SLO to burn on: declare the traffic of a service "
                f'of the deployment\'s name first (Given the service "{names[0]}" serves 100 '
                "requests per second)"
            )
        self.traffic.hold(version, ratio)
        for name in linked:
            if getattr(telemetry.service(name), "versions", None) is not None:
                self.traffic.fail(telemetry, name, version, ratio, self.clock.now)
        return linked

    def _split(self, now: int) -> None:
        cluster, telemetry = self._cluster(), self._telemetry()
        if cluster is None or telemetry is None:
            return
        if self._traffic_task is None:
            if not self.traffic.pairs(cluster, telemetry):
                return  # nothing is linked: no task every 15 s over a span of months
            self._follow(cluster)
        pairs = self.traffic.sync(cluster, telemetry, now)
        self._served = {deployment for _, deployment, _ in pairs}
        self.timeline.traffic(telemetry, [service for service, _, _ in pairs], now)

    def _follow(self, cluster: Any) -> None:
        """Re-split after every reconcile pass of a cluster that can say so (``watch``),
        and at the start and end of every span; another engine's: every 15 s."""
        interval = SETTLE_ONLY if self._hook(cluster) else SYNC_PERIOD
        self._traffic_task = self.clock.every(
            interval, self._split, name="links: traffic", order=ORDER_TRAFFIC, settle=True
        )

    # --- telemetry → pipeline ------------------------------------------------------------------

    def roll_back_on(self, kind: Kind, name: str, environment: str) -> RollbackRule:
        """When the SLO ``name`` pages (kind "slo") or the alert ``name`` fires (kind "alert"),
        roll ``environment`` back, once per firing, at the next rule evaluation. A cluster
        deployment's name stands for the environment that deploys to it. The SLO or alert and
        the environment must exist already (NotFoundError): a link naming nothing would never
        act, silently."""
        environment = self.environment_of(environment)
        telemetry, pipeline = self._telemetry(), self._pipeline()
        if telemetry is not None and kind in ("slo", "alert"):
            self.alerts.firing(telemetry, RollbackRule(kind, name, environment))
        if pipeline is not None:
            pipeline.environment(environment)
        rule = self.alerts.add(kind, name, environment)
        if self._alert_task is None:
            telemetry = self._telemetry()
            interval = getattr(telemetry, "evaluation_interval", DEFAULT_EVALUATION_INTERVAL)
            self._alert_task = self.clock.every(
                interval,
                self._check_alerts,
                name="links: alert rollbacks",
                order=ORDER_ALERT_ACTIONS,
            )
        return rule

    def environment_of(self, target: str) -> str:
        """``target`` if it is an environment; for a cluster deployment, the environment
        that deploys to it (its link, else prod)."""
        pipeline, cluster = self._watch(), self._cluster()
        if pipeline is None or target in {e.name for e in pipeline.definition.environments}:
            return target
        if cluster is not None and target in {d.name for d in cluster.deployments()}:
            return self.rollout.environment_for(pipeline, target)
        return target

    def _check_alerts(self, now: int) -> None:
        telemetry, pipeline = self._telemetry(), self._watch()
        if telemetry is not None and pipeline is not None:
            self.alerts.check(
                telemetry,
                pipeline,
                now,
                lambda env, at: self.rollout.abort(self._cluster(), pipeline, env, at),
            )

    def alert_rollbacks(self) -> tuple[AlertRollback, ...]:
        return tuple(self.alerts.history)

    # --- telemetry → cluster --------------------------------------------------------------------

    def autoscale_on(self, deployment: str, query: str, *, per_pod: bool = False) -> None:
        """Feed ``deployment``'s HPA from the PromQL ``query`` every sync period (divided by
        its ready pods if ``per_pod``: upstream's AverageValue target)."""
        telemetry, cluster = self._telemetry(), self._cluster()
        if telemetry is None or cluster is None:
            raise InvalidSpecError("an HPA fed by a query needs a cluster and telemetry")
        cluster.autoscaler(deployment)  # NotFoundError before anything changes
        self.autoscalers.add(telemetry, deployment, query, per_pod)
        if self._hpa_task is None:
            self._hpa_task = self.clock.every(
                SYNC_PERIOD, lambda _now: self._feed(), name="links: query HPAs", order=ORDER_LINKS
            )
        self._feed()

    def autoscale_on_requests(self, deployment: str) -> None:
        """Feed ``deployment``'s HPA the requests per second per pod of the services its
        pods serve: the autoscaling/v2 Pods metric, as prometheus-adapter computes it
        (``requests_query``), averaged over the ready pods."""
        telemetry, cluster = self._telemetry(), self._cluster()
        services = [deployment]
        if telemetry is not None and cluster is not None:
            services = self.traffic.services_of(cluster, telemetry, deployment) or services
        self.autoscale_on(deployment, requests_query(services), per_pod=True)
        self._request_hpas.add(deployment)

    def _feed(self) -> None:
        telemetry, cluster = self._telemetry(), self._cluster()
        if cluster is None or telemetry is None:
            return
        for deployment in sorted(self._request_hpas):
            services = self.traffic.services_of(cluster, telemetry, deployment)
            if services:
                self.autoscalers.requery(deployment, requests_query(services))
        self.autoscalers.feed(cluster, telemetry)

    def query_metrics(self) -> tuple[QueryMetric, ...]:
        return self.autoscalers.metrics()
