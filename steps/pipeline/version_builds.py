"""A version said where a build is meant ("v2 is signed, approved and promoted to prod",
"prod still runs v1 of reports"), resolved through the builds the world knows.

A name bound to a build is that build, always; only a name no build is bound to and that
reads as a version (v2, 2.3.0) is a version. A version said of something to do is the
build of the project at that version the scenario already made (its own alias, say
"reports-v1"), else a new build of it named "PROJECT-VERSION"; a version said of what an
environment runs compares the version the running build was built at (and its project,
when said), whole. A name that is no version and no build, said in a Given about what the
build went through ("R4 is signed and promoted to staging", "prod runs D1"), is a new build
of the project under that name (build_named).
"""

from __future__ import annotations

from kubeloop.harness.world import World

from .build import bind
from .pipeline_part import VERSION, scene

DEFAULT_PROJECT = "web"
"""The project a build is of when the scenario names none (the default deployment's name)."""


def is_version(world: World, text: str) -> bool:
    """TEXT names no build and reads as a version."""
    current = world.parts.get("pipeline")
    bound = current is not None and text in current.aliases
    return not bound and VERSION.fullmatch(text) is not None


def _projects(world: World) -> list[str]:
    """Every project built so far, by name."""
    current = scene(world)
    names = {str(current.pipeline.artifact(d).name) for d in current.aliases.values()}
    return sorted(names | set(current.manifests))


def project_of(world: World, version: str) -> str:
    """The one project built so far (else the one deployment declared): what VERSION is a
    version of, when the line does not say."""
    projects = _projects(world) or sorted(world.declared.deployments)
    if len(projects) != 1:
        raise world.fail(
            f'the project of version {version} ("version {version} of checkout")',
            f"projects: {', '.join(projects) or 'none yet'}",
        )
    return projects[0]


def build_at(world: World, version: str, project: str | None = None) -> str | None:
    """The alias of PROJECT's build at VERSION: one already made, else a new one named
    "PROJECT-VERSION" (None: the build was refused, the refusal kept)."""
    current = scene(world)
    project = project or project_of(world, version)
    for alias, digest in current.aliases.items():
        artifact = current.pipeline.artifact(digest)
        if str(artifact.name) == project and str(artifact.version) == version:
            return alias
    manifest = {"name": project, "version": version}
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(manifest))
    if digest is None:
        return None
    alias = f"{project}-{version}"
    bind(world, alias, digest, version)
    return alias


def build_named(world: World, alias: str) -> str | None:
    """The build ALIAS names: the one bound to it, the build at it when it is a version
    (build_at), else a new build of the scenario's one project ("web" when it has none) at
    the version ALIAS (the only thing said of it, as a commit build's version is its
    commit), so two such names are two builds (None: the build was refused)."""
    current = scene(world)
    if alias in current.aliases:
        return alias
    if is_version(world, alias):
        return build_at(world, alias)
    project = _projects(world) or sorted(world.declared.deployments) or [DEFAULT_PROJECT]
    if len(project) != 1:
        raise world.fail(
            f'the project {alias} is a build of ("{alias} is a build of checkout")',
            f"projects: {', '.join(project)}",
        )
    manifest = {"name": project[0], "version": alias}
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(manifest))
    if digest is None:
        return None
    bind(world, alias, digest, alias)
    return alias


def runs_version(world: World, env: str, version: str, project: str | None = None) -> None:
    """ENV runs a build made at VERSION (of PROJECT, when said): the whole version string;
    or, when an alert aborted ENV's rollout because ENV had no earlier release, its
    deployment is back on VERSION, the version it ran before the pipeline (a version is
    what the pods run)."""
    current = scene(world)
    running = world.capability(current.pipeline, "running")(env)
    said = f"{version} of {project}" if project else version
    if running is None:
        raise world.fail(f"{env} to run {said}", "it runs nothing")
    artifact = current.pipeline.artifact(running)
    if str(artifact.version) != version or (project and str(artifact.name) != project):
        from ..links.links_part import aborted_to  # noqa: PLC0415  (one world)

        if not project and aborted_to(world, env) == version:
            return  # an alert sent its deployment back to the version it ran before
        shown = f"{current.alias_of(running)}, {artifact.version} of {artifact.name}"
        raise world.fail(
            f"{env} to run {said}", f"it runs {shown}{never_released(world, env, version)}"
        )


def never_released(world: World, env: str, version: str) -> str:
    """Why ENV cannot be back on VERSION, when the pipeline never deployed a build at it
    there (a version a cluster deployment ran on its own is no release, so no rollback goes
    to it), and the sentences that make it one; else nothing."""
    current = scene(world)
    view = world.capability(current.pipeline, "environment")(env)
    ran = [d.digest for d in world.attribute(view, "deployments")]
    if any(str(current.pipeline.artifact(d).version) == version for d in ran):
        return ""
    project = current.pipeline.artifact(ran[-1]).name if ran else DEFAULT_PROJECT
    return (
        f"; the pipeline never deployed a build at {version} to {env}, so no rollback there "
        f"goes to it (a version a deployment ran before the pipeline's first deployment is "
        f'no release): release it there first, said before the later one ("Given {version} '
        f'is signed, approved and promoted all the way to {env}"), or start from it ("Given '
        f'{env} runs version {version} of "{project}" on 3 nodes with 4 replicas")'
    )
