"""A release said by its place in the story ("the new version", "the previous release", "the
bad build", "the current version"), read off the environment that has run releases.

The environment is the last one of the pipeline that has run anything (prod, in a story that
reached it). "new" is the artifact built last, else the one that reached that environment last;
"old" is the release that reached it before the new one; "current" is the one running there
now. Each resolves to the artifact's alias, so a step reads it as it reads "D2": the pods run
its very digest. None of them to be found is an error at the line, never a guess.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import Release
from kubeloop.harness.referents import RESOLVERS
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import scene


def _story_environment(world: World) -> Any:
    """The last environment of the pipeline that has run a release, None if none has."""
    current = scene(world)
    environment = world.capability(current.pipeline, "environment")
    views = [environment(spec.name) for spec in current.definition.environments]
    ran = [view for view in views if view.deployments]
    return ran[-1] if ran else None


def _said(world: World, digest: str) -> str:
    """The alias bound to DIGEST, else the version it was built at."""
    current = scene(world)
    aliases = [alias for alias, bound in current.aliases.items() if bound == digest]
    return aliases[-1] if aliases else str(current.pipeline.artifact(digest).version)


def _newest(current: Any, arrived: list[str]) -> str | None:
    """The later of the artifact built last and the one that reached the environment last
    (aliases are kept in the order they were bound)."""
    order = list(current.aliases.values())
    candidates = [d for d in (current.aliases.get(current.built_last or ""),) if d is not None]
    candidates += arrived[-1:]
    return max(candidates, key=lambda d: order.index(d) if d in order else -1, default=None)


def release(world: World, which: Release) -> str:
    """The alias (else the version) of the release WHICH names."""
    if "pipeline" not in world.parts:
        raise world.fail(
            f"the {which} release in an environment's story",
            "no pipeline has built or released anything: name the version (v2)",
        )
    current = scene(world)
    view = _story_environment(world)
    arrived = list(dict.fromkeys(d.digest for d in view.deployments)) if view else []
    newest = _newest(current, arrived)
    if which == "new" and newest is not None:
        return _said(world, newest)
    if which == "current" and view is not None and view.running is not None:
        return _said(world, str(view.running))
    before = [digest for digest in arrived if digest != newest]
    if which == "old" and before:
        return _said(world, before[-1])
    where = view.name if view is not None else "any environment"
    ran = ", ".join(_said(world, d) for d in arrived) or "nothing"
    raise world.fail(f"the {which} release in {where}", f"{where} has run {ran}")


RESOLVERS["release"] = release


_IN = "<in|running in|live in|deployed in|deployed to|on>"


@then(
    "{env:name} <runs|is running|is on|is back on|is serving|still runs|is still on|now runs|"
    "keeps running|kept running|is still running|went back to|is back to> {release:ourrelease}"
    "[ again]",
    "prod runs the previous version again",
    "prod is back on the last good release",
    variants=("{release:ourrelease} is [<still|now|back> ]" + _IN + " {env:name}[ again]",),
)
def env_runs_release(world: World, env: str, release: str) -> None:
    """ENV runs that release now, as "prod runs D1" checks."""
    from ..pipeline.promotion import env_runs  # noqa: PLC0415  (the pipeline's own check)

    env_runs(world, env, release)


@then(
    "{release:ourrelease} <was|has been|got|is> rolled back[ <from|in> {env:name}]",
    "the bad release was rolled back",
    "the new version was rolled back automatically",
    variants=(
        "{release:ourrelease} <was|has been|got|is> <rolled back automatically|automatically "
        "rolled back|rolled back by an alert|rolled back on its own>[ <from|in> {env:name}]",
    ),
)
def release_rolled_back(world: World, release: str, env: str | None = None) -> None:
    """The release ran in ENV (else the story's environment) and was rolled back there: it is
    not running now; "automatically": automation made a rollback of ENV, not a hand."""
    current = scene(world)
    view = (
        world.capability(current.pipeline, "environment")(env)
        if env is not None
        else _story_environment(world)
    )
    digest = current.digest(world, release)
    where = view.name if view is not None else "any environment"
    if view is None or digest not in [d.digest for d in view.deployments]:
        raise world.fail(f"{release} once running in {where}", "it never ran there")
    if view.running == digest or digest not in view.rolled_back:
        state = "running there now" if view.running == digest else "never rolled back"
        raise world.fail(f"{release} rolled back in {where}", state)
    if (
        "automatic" in world.step.text
        or "by an alert" in world.step.text
        or "on its own" in (world.step.text)
    ):
        from .rollback_counts import rolled_back_on_its_own  # noqa: PLC0415

        rolled_back_on_its_own(world, view.name)


@then(
    "{release:ourrelease} is no longer <in|running in|live in|deployed in> {env:name}",
    "the bad build is no longer in prod",
)
def release_gone(world: World, release: str, env: str) -> None:
    """The release once ran in ENV and does not now (rolled back or replaced)."""
    current = scene(world)
    view = world.capability(current.pipeline, "environment")(env)
    digest = current.digest(world, release)
    if digest not in [d.digest for d in view.deployments]:
        raise world.fail(f"{release} once running in {env}", "it never ran there")
    if view.running == digest:
        raise world.fail(f"{release} no longer in {env}", "it is running there now")
