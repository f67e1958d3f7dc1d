"""How an incident ended, as an incident commander says it: "prod still runs v1 of reports"
(what an environment runs, by the version of a project). How many pages an SLO sent is
telemetry's (steps/telemetry/page_counts.py).

A version is resolved through the builds the world knows (version_builds.py): the build an
environment runs must be of that project at that very version; a name bound to a build is
that build.
"""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import env_named, scene
from ..pipeline.version_builds import runs_version
from .links_part import artifact_named


@then(
    "{env:name} <runs|is running|is on|is at> [version ]{version:version} of {project:name}",
    "prod runs v1 of reports",
    'prod is on version v2 of "orders"',
    variants=(
        "{env:name} <still runs|is still running|is still on|is back on|is running> [version ]"
        "{version:version} of {project:name}[ again]",
    ),
)
def env_runs_version_of(world: World, env: str, version: str, project: str) -> None:
    """ENV runs PROJECT's build at VERSION now (a build's alias: that very build, which
    must be of PROJECT)."""
    env = env_named(world, env)
    digest = world.attempt(lambda: artifact_named(world, version))
    if world.error is not None:
        return
    if digest is None:
        runs_version(world, env, version, project)
        return
    current = scene(world)
    running = world.capability(current.pipeline, "running")(env)
    built = current.pipeline.artifact(digest)
    if running != digest or str(built.name) != project:
        shown = "nothing" if running is None else current.alias_of(running)
        raise world.fail(f"{env} to run {version} of {project}", f"it runs {shown}")
