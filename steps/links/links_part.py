"""The links part of the world: ``kubeloop.links.Links`` over the world's own mechanisms.

It is built as soon as the world has a pipeline (the pipeline's support asks for it), so
prod deploys to a cluster deployment of the artifact's name without a word about links;
the cluster and telemetry are read only once the scenario has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kubeloop.errors import InvalidSpecError
from kubeloop.harness.world import World

if TYPE_CHECKING:
    from kubeloop.links.links import Links


class _Asked:
    """Another engine's cluster, every method asked through ``world.capability``: a
    learner's engine that lacks what a link needs says so ("engine lab does not provide
    Cluster.deployment_spec"), never a bare AttributeError or a wrong answer."""

    def __init__(self, world: World, inner: Any) -> None:
        self._world, self._inner = world, inner

    def __getattr__(self, name: str) -> Any:
        return self._world.capability(self._inner, name)


def links(world: World) -> Links:
    # the cluster and the links load with a scenario's first link: kubeloop check runs none
    from kubeloop.cluster.cluster import Cluster  # noqa: PLC0415
    from kubeloop.links.links import Links  # noqa: PLC0415
    from kubeloop.links.timeline import snapshot as timeline_snapshot  # noqa: PLC0415

    def cluster() -> Any:
        if not world.declared.deployments:
            return None
        found = world.cluster
        return found if isinstance(found, Cluster) else _Asked(world, found)

    def pipeline() -> Any:
        scene = world.parts.get("pipeline")
        return None if scene is None else scene.pipeline

    def telemetry() -> Any:
        return world.parts.get("telemetry")

    def build() -> Links:
        built = Links(
            world.clock, world.events, cluster=cluster, pipeline=pipeline, telemetry=telemetry
        )
        world.report.snapshots["timeline"] = lambda: timeline_snapshot(
            built, pipeline(), telemetry(), lambda digest: _name_of(world, digest)
        )
        world.report.pictures["links"] = lambda: "\n".join(
            filter(None, (_room(world, built, cluster(), telemetry()), _acted(world, built)))
        )
        return built

    return world.part("links", build)  # type: ignore[no-any-return]


def _room(world: World, built: Links, cluster: Any, telemetry: Any) -> str:
    """Each service whose pods serve a bounded rate: its ready pods' room beside its rate,
    so a failure about errors shows whether pods were short (and by how much)."""
    if cluster is None or telemetry is None:
        return ""
    try:
        pairs = built.traffic.pairs(cluster, telemetry)
    except Exception:  # another engine's cluster without ReplicaSets: nothing to add
        return ""
    lines = []
    for service, deployment, ready in pairs:
        each = built.traffic.capacity.get(deployment)
        if each is None:
            continue
        pods = sum(ready.values())
        room = float(pods * each)
        rate = float(telemetry.service(service).view(world.clock.now).rate)
        short = (
            f"{rate - room:g} rps fail for want of pods"
            if rate > room
            else "none fails for want of pods"
        )
        lines.append(
            f"service {service}: {pods} ready pod(s) of {deployment} at most {float(each):g} "
            f"rps each, room for {room:g} of its {rate:g} rps: {short}"
        )
    return "\n".join(lines)


def _acted(world: World, built: Links) -> str:
    """What the alert rollbacks did, for a failed step's message: each rollback an alert
    made, and each it could not make with the pipeline's reason; one with nothing to go
    back to says how a version the cluster ran before the pipeline becomes a release."""
    # telemetry loads with the scenario's first link: kubeloop check runs none
    from kubeloop.telemetry.slo.windows import format_duration  # noqa: PLC0415

    lines = []
    for done in built.alert_rollbacks():
        env = done.rule.environment
        at = f"at {format_duration(done.time)}: {done.rule.subject}"
        if done.rolled_to is not None:
            lines.append(f"{at}: rolled {env} back to {_name_of(world, done.rolled_to)}")
            continue
        if done.to_stable is not None:
            lines.append(
                f"{at}: {env} had no earlier release, so its deployment went back to "
                f"{done.to_stable}, the version it ran before the pipeline's first rollout "
                f"({env} still runs {_name_of(world, done.rolled_from or '')})"
            )
            continue
        lines.append(f"{at}, but {env} did not roll back: {done.reason}")
        current = world.parts.get("pipeline")
        if done.rolled_from is None or current is None or "no previous" not in done.reason:
            continue
        name = str(current.pipeline.artifact(done.rolled_from).name)
        lines.append(
            f"  (a version {name} ran in the cluster before the pipeline's first deploy to "
            f"{env} is no release, so no rollback goes to it: start from it as one (for v1: "
            f'"Given {env} runs version v1 of "{name}" on 3 nodes with 4 replicas"), or '
            f'release it first, "v1 is signed, approved and promoted all the way to {env}")'
        )
    return "\n".join(lines)


def aborted_to(world: World, env: str) -> str | None:
    """The version ENV's deployment went back to when an alert aborted its rollout (ENV had
    no earlier release; kubeloop/links/rollout.py's ``abort``), read from the cluster; None
    when no rollout of ENV is aborted."""
    if "links" not in world.parts or world.built_cluster is None:
        return None
    aborted = [s for s in links(world).rollouts() if s.environment == env and s.state == "aborted"]
    if not aborted:
        return None
    return str(world.cluster.deployment(aborted[0].deployment).version)


def _name_of(world: World, digest: str) -> str:
    current = world.parts.get("pipeline")
    return str(current.alias_of(digest)) if current is not None else digest[:19] + "…"


def pipeline_built(world: World, pipeline: Any) -> None:
    """The pipeline support's hook: watch the new pipeline for deploys."""
    links(world).watch(pipeline)


def versions_in_use(world: World) -> set[str]:
    """Version strings the scenario has used: its deployments' and its manifests'."""
    found = {str(spec.get("version", "")) for _, spec in world.declared.deployments.values()}
    current = world.parts.get("pipeline")
    if current is not None:
        found |= {str(m.get("version", "")) for m in current.manifests.values()}
    return found - {""}


def artifact_named(world: World, text: str) -> str | None:
    """The digest of the artifact whose alias is TEXT, None if no alias is TEXT.

    An alias is an artifact wherever it appears, never a version string; a name that is
    both an alias and a version string in use is an ambiguity (``InvalidSpecError``), not
    a guess, unless the artifact was built at that very version (a build named only by
    "M2 passed every gate" is built at version M2, and a deployment running it runs M2).
    """
    current = world.parts.get("pipeline")
    if current is None or text not in current.aliases:
        return None
    own = world.declared.artifact_versions.get(text) == text
    if not own and text in versions_in_use(world):
        raise InvalidSpecError(
            f'"{text}" is both the artifact {text} and a version string of this scenario, '
            "so it names two things: give the artifact another alias "
            '(When I build "web" as D2)'
        )
    return str(current.aliases[text])


def version_only(world: World, text: str) -> str:
    """TEXT as a plain version string, for a phrase that cannot roll an artifact out
    (``InvalidSpecError`` when TEXT is an artifact's alias: it never becomes a version)."""
    current = world.parts.get("pipeline")
    if current is not None and text in current.aliases:
        raise InvalidSpecError(
            f"{text} is an artifact, never a version string: roll it out through admission "
            f'with "When I roll out {text} to <deployment>"'
        )
    return text
