"""Pipeline → cluster: which deployment an environment deploys to, and what reached it."""

from __future__ import annotations

from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import scene
from .links_part import links


@given(
    "{env:name} deploys to the cluster deployment {deployment:deployment}",
    'prod deploys to the cluster deployment "web"',
    variants=(
        "{env:name} deploys to {deployment:deployment} in the cluster",
        "{env:name} is linked to the cluster deployment {deployment:deployment}",
    ),
)
def env_deploys_to(world: World, env: str, deployment: str) -> None:
    """What ENV runs rolls DEPLOYMENT in the cluster, whatever the artifact is named."""
    scene(world)
    world.attempt(lambda: links(world).link(env, deployment))


@given(
    "the pipeline does not deploy to the cluster",
    "the pipeline does not deploy to the cluster",
    variants=("prod does not deploy to the cluster",),
)
def no_auto_link(world: World) -> None:
    """Turn off the default link (prod → the cluster deployment named after its artifact)."""
    scene(world)
    links(world).set_auto(False)


@then(
    "{deployment:deployment} runs the digest of {alias:artifact}",
    '"web" runs the digest of R2',
    variants=("the cluster deployment {deployment:deployment} runs {alias:artifact}",),
)
def deployment_runs_digest(world: World, deployment: str, alias: str) -> None:
    """DEPLOYMENT's template runs that artifact's very digest (at its version), as the
    cluster's own view says; another engine's view without a digest: the link's record."""
    digest = scene(world).digest(world, alias)
    info = world.cluster.deployment(deployment)
    version = scene(world).pipeline.artifact(digest).version
    running = getattr(info, "digest", None)
    if running is None and not hasattr(info, "digest"):
        status = {s.deployment: s for s in links(world).rollouts()}.get(deployment)
        running = status.digest if status is not None and status.state == "admitted" else None
    if running != digest or info.version != version:
        shown = scene(world).alias_of(running) if running else "no artifact"
        raise world.fail(
            f'"{deployment}" running {alias} ({digest[:19]}…) at {version}',
            f"{shown} at {info.version}; {_describe(world, deployment)}",
        )


@then(
    "the rollout to {deployment:deployment} was refused with {text:text}",
    'the rollout to "web" was refused with "never approved"',
)
def rollout_refused(world: World, deployment: str, text: str) -> None:
    """The link refused what the environment runs; the reason contains TEXT."""
    status = {s.deployment: s for s in links(world).rollouts()}.get(deployment)
    if status is None or status.state != "refused" or text not in status.reason:
        raise world.fail(
            f'a refused rollout to "{deployment}" saying "{text}"', _describe(world, deployment)
        )


def _describe(world: World, deployment: str) -> str:
    status = {s.deployment: s for s in links(world).rollouts()}.get(deployment)
    if status is None:
        return f'no environment has deployed to "{deployment}"'
    alias = scene(world).alias_of(status.digest)
    said = f": {status.reason}" if status.reason else ""
    return f"{status.environment} → {deployment}: {alias} at {status.version} {status.state}{said}"


@then(
    "the <rollout to|rollback of> {deployment:deployment} is stalled with {text:text}",
    'the rollback of "web" is stalled with "Insufficient cpu"',
    'the rollout to "web" is stalled with "Insufficient cpu"',
)
def rollout_stalled(world: World, deployment: str, text: str) -> None:
    """What the environment runs was admitted to DEPLOYMENT, but pods of it cannot be placed;
    the reason (a Pending pod's FailedScheduling message) contains TEXT."""
    status = {s.deployment: s for s in links(world).rollouts()}.get(deployment)
    if status is None or status.state != "stalled" or text not in status.reason:
        raise world.fail(
            f'a stalled rollout to "{deployment}" saying "{text}"', _describe(world, deployment)
        )
