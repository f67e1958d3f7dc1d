"""Pipeline → cluster: a rollout admitted only for a verified digest.

What an environment runs is the desired state of the cluster deployment it is linked to:
the deployment's version is the version of the artifact whose digest the environment runs.
Each sync recomputes that from the pipeline's and the cluster's public views (level-
triggered) and, if they differ, re-applies the deployment with that version, so the cluster's
own rolling update moves the pods on its next passes. Before it does, the digest is admitted
again here — its latest run passed, a signature over this very digest verifies under a key
the environment trusts, and an environment that needs approval approved it — so a digest
that did not pass all of that never reaches the cluster, whatever put it in the environment.

Which deployment an environment deploys to: an explicit link (``link(environment,
deployment)``) for that environment; otherwise, for the pipeline's final environment (prod),
the cluster deployment named after the artifact's manifest, if the cluster has one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kubeloop.core.events import EventLog
from kubeloop.errors import KubeloopError
from kubeloop.pipeline.signing import verify

ADMITTED, REFUSED, WAITING, STALLED, ABORTED = (
    "admitted",
    "refused",
    "waiting",
    "stalled",
    "aborted",
)


@dataclass(frozen=True)
class RolloutLink:
    """Where an environment's digest went: the deployment, the digest, and what happened."""

    environment: str
    deployment: str
    digest: str
    version: str
    state: str
    """admitted (the deployment runs the digest's version), stalled (admitted, but pods of
    it cannot be placed: ``reason`` says why, as the scheduler does), refused, or waiting
    (for the deployment to exist in the cluster), or aborted (an alert sent the deployment
    back to its stable version, the one it ran before the pipeline's first rollout of it)."""
    reason: str
    time: int


def runs(info: Any, version: str, digest: str) -> bool:
    """Whether a deployment view's template is ``version`` of artifact ``digest`` (another
    engine's view without a digest is judged by its version)."""
    return bool(info.version == version and getattr(info, "digest", digest) == digest)


def _stalled(cluster: Any, name: str, version: str, digest: str) -> str:
    """Why pods of the admitted template cannot run ("" when none waits): the first
    Pending one's FailedScheduling message, by pod name."""
    waiting = sorted(
        (p.name, p.reason or "not scheduled yet")
        for p in cluster.pods(name)
        if p.node is None and p.version == version and getattr(p, "digest", digest) == digest
    )
    return f"pod {waiting[0][0]} is Pending: {waiting[0][1]}" if waiting else ""


def refusal(pipeline: Any, environment: str, digest: str) -> str | None:
    """Why ``digest`` may not reach the cluster from ``environment``; None if it may.

    Admission, in verify-before-deploy's order: a signature over this very digest verifies
    under a key the environment trusts now (a copied one names its claim); the latest run
    passed every gate; the digest ran in the environment before this one and was not rolled
    back there (promoted, never rebuilt: the pipeline's own promotion and deploy order); the
    approval the environment needs was given.
    """
    label = pipeline.artifact(digest).label
    trusted = pipeline.trusted_keys(environment)
    signatures = pipeline.signatures(digest)
    if not signatures:
        return f"{label} has no signature"
    problems = [verify(digest, s, trusted) for s in signatures]
    if all(problems):
        names = ", ".join(f'"{k.name}"' for k in trusted.values()) or "no key"
        return (
            f"{label} carries no signature over its digest by a key {environment} trusts: "
            f"{'; '.join(str(p) for p in problems)} ({environment} trusts {names})"
        )
    latest = pipeline.latest_run(digest)
    if latest is None or not latest.passed:
        return f"{label} did not pass the pipeline"
    order = [e.name for e in pipeline.definition.environments]
    if environment in order and order.index(environment) > 0:
        previous = order[order.index(environment) - 1]
        if digest not in pipeline.environment(previous).known_good:
            approved = (digest, environment) in pipeline.state().approvals
            return (
                f"{label} was never promoted: it has not run in {previous}"
                + (
                    f" (its approval for {environment} lets a promotion from {previous} "
                    "through; it skips no environment)"
                    if approved
                    else ""
                )
                + f"; promote it to {previous} first"
            )
    view = pipeline.environment(environment)
    if view.requires_approval and (digest, environment) not in pipeline.state().approvals:
        return f"{label} was never approved for {environment}"
    return None


class DigestRollout:
    """The links from pipeline environments to cluster deployments, and their last outcome."""

    def __init__(self, events: EventLog) -> None:
        self._events = events
        self.explicit: dict[str, str] = {}
        """environment → deployment, as a scenario said it."""
        self.auto = True
        """Link the final environment to the deployment named after its artifact."""
        self._status: dict[str, RolloutLink] = {}
        self.stable: dict[str, Any] = {}
        """deployment → its spec before the pipeline's first rollout of it, when that was
        no artifact's (its stable ReplicaSet, in Argo Rollouts' words)."""
        self.aborted: dict[str, str] = {}
        """deployment → the digest whose rollout an alert aborted (held off until the
        environment runs another)."""

    def keep_stable(self, cluster: Any, name: str) -> None:
        """Remember what ``name`` runs before the pipeline first rolls it, if it is no
        artifact's (a template without a digest)."""
        if name in self.stable:
            return
        spec = cluster.deployment_spec(name)
        if getattr(spec, "digest", None) is None:
            self.stable[name] = spec

    def abort(self, cluster: Any, pipeline: Any, env: str, now: int) -> str | None:
        """Send the deployment ENV deploys to back to its stable version, the one it ran
        before the pipeline's first rollout of it, as Argo Rollouts' abort returns a rollout
        to its stable ReplicaSet (what ENV runs stays, as the Rollout's spec does); that
        version, or None when there is none to go back to (nothing changes)."""
        digest = pipeline.running(env)
        linked = [s for s in self._status.values() if s.environment == env and s.digest == digest]
        if digest is None or cluster is None or not linked:
            return None
        name = linked[0].deployment
        stable = self.stable.get(name)
        if stable is None or stable.version == linked[0].version:
            return None  # nothing ran before the pipeline, or the release is that version
        spec = cluster.deployment_spec(name)
        fields = {"version": stable.version}
        if hasattr(spec, "digest"):
            fields["digest"] = None
        try:
            cluster.apply(replace(spec, **fields))
        except KubeloopError:
            return None
        self.aborted[name] = digest
        label = pipeline.artifact(digest).label
        self._record(
            env,
            name,
            digest,
            linked[0].version,
            ABORTED,
            now,
            f"rollout of {label} aborted: {name} is back on {stable.version}, the version it "
            f"ran before the pipeline's first rollout of it ({env} still runs {label})",
        )
        return str(stable.version)

    def link(self, environment: str, deployment: str) -> None:
        self.explicit[environment] = deployment

    def environment_for(self, pipeline: Any, deployment: str) -> str:
        """The environment whose digest ``deployment`` runs: the one linked to it, else the
        pipeline's final environment (prod)."""
        linked = sorted(e for e, d in self.explicit.items() if d == deployment)
        if linked:
            return linked[0]
        return str(pipeline.definition.environments[-1].name)

    def targets(self, pipeline: Any) -> list[str]:
        """The environments that deploy to the cluster, in the pipeline's order."""
        names = [e.name for e in pipeline.definition.environments]
        final = names[-1:] if self.auto else []
        return [n for n in names if n in self.explicit or n in final]

    def sync(self, cluster: Any, pipeline: Any, now: int) -> None:
        """Bring every linked deployment to its environment's digest (or say why not)."""
        for environment in self.targets(pipeline):
            digest = pipeline.running(environment)
            if digest is not None:
                self._sync_one(cluster, pipeline, environment, digest, now)

    def _sync_one(self, cluster: Any, pipeline: Any, env: str, digest: str, now: int) -> None:
        artifact = pipeline.artifact(digest)
        name = self.explicit.get(env, artifact.name)
        known = cluster is not None and name in {d.name for d in cluster.deployments()}
        if not known:
            if env in self.explicit:
                self._record(
                    env, name, digest, artifact.version, WAITING, now, "no such deployment"
                )
            return
        if self.aborted.get(name) == digest:
            return  # an alert aborted this rollout: the deployment stays on its stable version
        self.aborted.pop(name, None)
        reason = refusal(pipeline, env, digest)
        if reason is None and not runs(cluster.deployment(name), artifact.version, digest):
            reason = self._roll(cluster, name, artifact.version, digest)
            if reason is None:
                self._events.normal(
                    "RolloutAdmitted",
                    f"deployment/{name}",
                    f"{env} runs {artifact.label}: rolling {name} to {artifact.version}",
                )
        if reason is None:
            stall = _stalled(cluster, name, artifact.version, digest)
            state = STALLED if stall else ADMITTED
            said = f"rolling {name} to {artifact.label} stalls: {stall}" if stall else ""
            self._record(env, name, digest, artifact.version, state, now, said)
        else:
            self._record(env, name, digest, artifact.version, REFUSED, now, reason)

    def _roll(self, cluster: Any, name: str, version: str, digest: str) -> str | None:
        """Apply the deployment again at ``version`` of ``digest``; the cluster's rollout
        does the rest (another engine's Deployment without a digest gets the version)."""
        self.keep_stable(cluster, name)
        spec = cluster.deployment_spec(name)
        fields = {"version": version}
        if hasattr(spec, "digest"):
            fields["digest"] = digest
        try:
            cluster.apply(replace(spec, **fields))
        except KubeloopError as error:
            return f"the cluster refused version {version!r}: {error}"
        return None

    def refuse(self, env: str, name: str, digest: str, version: str, now: int, reason: str) -> None:
        """Record a refused explicit rollout of ``digest`` onto ``name`` (and its event)."""
        self._record(env, name, digest, version, REFUSED, now, reason)

    def _record(
        self, env: str, name: str, digest: str, version: str, state: str, now: int, reason: str
    ) -> None:
        previous = self._status.get(name)
        status = RolloutLink(env, name, digest, version, state, reason, now)
        if previous is not None and replace(previous, time=now) == status:
            return
        self._status[name] = status
        if state == REFUSED:
            self._events.warning("RolloutRefused", f"deployment/{name}", reason)
        elif state == STALLED:
            self._events.warning("RolloutStalled", f"deployment/{name}", reason)
        elif state == WAITING:
            self._events.warning(
                "RolloutWaiting",
                f"deployment/{name}",
                f"{env} deploys to {name}, which the cluster does not have",
            )

    def status(self) -> tuple[RolloutLink, ...]:
        """Each linked deployment's last outcome, by deployment name."""
        return tuple(self._status[name] for name in sorted(self._status))
