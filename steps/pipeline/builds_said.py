"""Builds said the way release engineers say them: a commit at a version ("commit 4b7c21e
of payments at version 2.3.0 is built as P1"), a build named with its project ("build M4 of
mobile-api version 5.2.1", "P4 of payments passed every gate"), several at once ("R1 and R2
of payments both passed every gate"), and a rebuild ("I build payments again as A2": the
same content, so the same digest).

Several builds said at once are different builds of one version: each carries its name as
SemVer build metadata (``2.3.0+R1``), which is what tells builds of one version apart.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from kubeloop.harness.artifacts import commit_alias
from kubeloop.harness.pipeline_words import Fact
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .build import REVISION, _build, bind
from .commits import VERSION_LABEL, _commit, build_commit, make_true
from .pipeline_part import scene
from .version_builds import build_at, is_version, project_of

DEFAULT_VERSION = "1.0.0"
"""The version of a project built without one said and no manifest declared."""


def build_commit_at(world: World, commit: str, project: str, version: str, alias: str) -> None:
    """Build PROJECT at VERSION from COMMIT (labelled with both, as OCI images record them)
    and bind ALIAS and "commit COMMIT" to the digest."""
    manifest = {
        "name": project,
        "version": version,
        "labels": {REVISION: commit, VERSION_LABEL: version},
    }
    current = scene(world)
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(manifest))
    if digest is not None:
        current.manifests[project] = manifest
        current.projects[digest] = project
        bind(world, commit_alias(commit), digest, version)
        bind(world, alias, digest, version)


@when(
    "commit {commit:commit} of {project:name} at version {version:name} <is|was|has been> built as "
    "{alias:name}[{facts:facts}]",
    'commit 4b7c21e of "payments" at version "2.3.0" is built as P1',
    "commit 9e01d77 of payments-api at version 2.4.1 is built as build-B",
    variants=(
        "version {version:name} of {project:name} is built from commit {commit:commit} as "
        "{alias:name}[{facts:facts}]",
        "I build commit {commit:commit} of {project:name} at version {version:name} as "
        "{alias:name}",
        "{project:name} version {version:name} is built from commit {commit:commit} as "
        "{alias:name}[{facts:facts}]",
    ),
)
def commit_at_version(
    world: World,
    commit: str,
    project: str,
    version: str,
    alias: str,
    facts: Sequence[Fact] = (),
) -> None:
    """Build PROJECT at VERSION from COMMIT as ALIAS (the manifest of the project from now
    on); then make each fact said after it true."""
    build_commit_at(world, commit, project, version, alias)
    if world.error is None:
        make_true(world, alias, facts)


def _manifest(world: World, project: str, version: str | None) -> dict[str, Any]:
    """The manifest of PROJECT: at VERSION if said, else the one declared, else at the
    default version."""
    current = scene(world)
    declared = current.manifests.get(project)
    if version is not None:
        return {"name": project, "version": version}
    if declared is not None:
        return dict(declared)
    return {"name": project, "version": DEFAULT_VERSION}


@given(
    "build {alias:name} of {project:name}[ [at ]version {version:name}][{facts:facts}]",
    'build M4 of "mobile-api" version "5.2.1"',
    'build M6 of "mobile-api"',
    "build R7 of payments that passed every gate and was promoted to dev and staging",
    variants=(
        "{alias:name} of {project:name}[ version {version:name}]{facts:facts}",
        "{alias:name} of {project:name} at version {version:name}[{facts:facts}]",
    ),
)
def build_of(
    world: World,
    alias: str,
    project: str,
    version: str | None = None,
    facts: Sequence[Fact] = (),
) -> None:
    """Build PROJECT (at VERSION, else its declared manifest, else at the default
    version) as ALIAS; then make each fact said after it true. A version said where the
    name goes ("v2 of search is signed …") is PROJECT's build at that version, never a
    build named "v2" (version_builds.build_at)."""
    if version is None and is_version(world, alias):
        built = build_at(world, alias, project)
        if built is not None:
            make_true(world, built, facts)
        return
    _build_as(world, project, _manifest(world, project, version), alias)
    if world.error is None:
        make_true(world, alias, facts)


@given(
    "{env:name} <runs|is running> {alias:name} of {project:name}{facts:facts}",
    'prod runs R1 of "checkout" which passed every gate',
    "staging is running S2 of search, which was signed",
)
def env_runs_build_of(
    world: World, env: str, alias: str, project: str, facts: Sequence[Fact]
) -> None:
    """ENV runs build ALIAS of PROJECT, of which the facts said after it are true: "prod runs
    R1 of checkout which passed every gate" is R1 passing every gate, then running in prod."""
    build_of(world, alias, project, facts=(*facts, Fact("running", env)))


def _build_as(world: World, project: str, manifest: dict[str, Any], alias: str) -> None:
    """Build MANIFEST as PROJECT's manifest; refused, the project keeps the one it had."""
    current = scene(world)
    before = current.manifests.get(project)
    current.manifests[project] = manifest
    _build(world, project, alias)
    if world.error is not None:
        if before is None:
            del current.manifests[project]
        else:
            current.manifests[project] = before


@given(
    "{aliases:several} of {project:name}[ version {version:name}][ <both|all>]{facts:facts}",
    'R1 and R2 of "payments" both passed every gate',
    "B1, B2 and B3 of checkout version 2.0.0 all passed every gate",
    variants=(
        "{aliases:several} <are|were> [<both|all> ]builds of {project:name}"
        "[ version {version:name}][{facts:facts}]",
    ),
)
def several_builds_of(
    world: World,
    aliases: Sequence[str],
    project: str,
    facts: Sequence[Fact] = (),
    version: str | None = None,
) -> None:
    """Each is a different build of PROJECT at one version (its name as SemVer build
    metadata: ``2.3.0+R1``), and each fact holds for each, in the order named. A name that
    reads as a version, with no version said ("v1 and v2 of web are signed …"), is
    PROJECT's build at that version (build_at), as a version said of one build is."""
    if len(set(aliases)) < len(aliases):
        raise world.fail("different names for different builds", ", ".join(aliases))
    base = _manifest(world, project, version)
    current = scene(world)
    for alias in aliases:
        if world.error is not None:
            break
        if version is None and is_version(world, alias):
            built = build_at(world, alias, project)
            if built is not None and world.error is None:
                make_true(world, built, facts)
            continue
        release = str(base["version"]).partition("+")[0]
        _build_as(world, project, {**base, "version": f"{release}+{alias}"}, alias)
        if world.error is None:
            make_true(world, alias, facts)
    current.manifests[project] = base


@given(
    "{aliases:several} <are|were> [<both|all|respectively> ]builds of {project:name} "
    "[<versions|version|at versions|at version> ]{versions:releases}[ respectively]",
    "G4 and G5 are builds of gateway 4.3.0 and 4.3.1",
    'B1, B2 and B3 are builds of "checkout" versions 2.0.0, 2.1.0 and 2.2.0',
    variants=(
        "{aliases:several} <are|were> [<respectively> ]{project:name} "
        "[<versions|version> ]{versions:releases}[ respectively]",
    ),
)
def builds_of_versions(
    world: World, aliases: Sequence[str], project: str, versions: Sequence[str]
) -> None:
    """Each name a build of PROJECT at the version said in the same place (the first
    name the first version); a refused build leaves the ones before it unbuilt too."""
    if len(aliases) != len(versions):
        raise world.fail(
            f"as many versions as names ({len(aliases)})", ", ".join(versions) or "none"
        )
    if len(set(aliases)) < len(aliases):
        raise world.fail("different names for different builds", ", ".join(aliases))
    current = scene(world)
    before = dict(current.aliases)
    for alias, version in zip(aliases, versions, strict=True):
        if world.error is None:
            _build_as(world, project, {"name": project, "version": version}, alias)
    if world.error is not None:
        current.aliases.clear()
        current.aliases.update(before)


@when(
    "I build {manifest:name} again as {alias:name}",
    'I build "payments" again as A2',
    "I rebuild orders as build-8",
    variants=(
        "I rebuild {manifest:name} as {alias:name}",
        "{manifest:name} is <built|rebuilt|built again> as {alias:name}[{facts:facts}]",
    ),
)
def build_again(world: World, manifest: str, alias: str, facts: Sequence[Fact] = ()) -> None:
    """Build the manifest's current content again: the same content is the same digest,
    so ALIAS names the artifact an earlier build of it named; then each fact said after it
    ("…, signed and promoted to dev") is made true. A version where the manifest goes ("v2
    is built as R2"), naming no manifest, is that version of the one project."""
    if manifest not in scene(world).manifests and is_version(world, manifest):
        version_built_as(world, manifest, alias, facts=facts)
        return
    _build(world, manifest, alias)
    if world.error is None:
        make_true(world, alias, facts)


@when(
    "I <build|rebuild> <the same manifest|that manifest|the manifest|this manifest|the same "
    "source|the same code|the same thing|the same project> [again ]as {alias:name}",
    "I build the same manifest again as A2",
    variants=(
        "<the same manifest|that manifest|the manifest|the same source|the same code> is "
        "<built|rebuilt|built again> as {alias:name}",
    ),
)
def build_the_same_again(world: World, alias: str) -> None:
    """Build the manifest built last again, as it is now: ALIAS names the artifact."""
    said = world.declared.mentioned.get("manifest")
    if said is None:
        raise world.fail(
            'a manifest built before (When I build "payments" as A1)', "nothing built yet"
        )
    _build(world, said, alias)


@given(
    "<version|release> {version:release}[ of {project:name}] <is|was|has been|gets|got>[ then] "
    "built as "
    "{alias:name}[{facts:facts}]",
    "version 3 of billing was built as B3, passed everything and is in production",
    "version 4 is built as B4 and passes every gate",
    variants=(
        "{project:name} [<version|release> ]{version:release} <is|was|has been|gets|got>[ then] "
        "built as {alias:name}{facts:facts}",
        "{project:name} {version:release} <is|was|has been|gets|got>[ then] built as {alias:name}",
        "<the team|we|I|CI|the pipeline|someone|somebody|they> <built|build|builds|have built|has "
        "built|rebuilt|then built> {project:name} [version ]{version:release} as {alias:name}"
        "[{facts:facts}]",
    ),
)
def version_built_as(
    world: World,
    version: str,
    alias: str,
    project: str | None = None,
    facts: Sequence[Fact] = (),
) -> None:
    """A build's whole history in one sentence: PROJECT (said, else the one project built
    or declared so far: version_builds.project_of) built at VERSION as ALIAS, then each fact
    said after it made true in turn."""
    project = project or project_of(world, version)
    _build_as(world, project, {"name": project, "version": version}, alias)
    if world.error is None:
        make_true(world, alias, facts)


@given(
    "<a|the> build of {project:name}{facts:facts}",
    'a build of "checkout" that passed every gate',
    "the build of payments that was signed and promoted to dev",
)
def a_build_said_with_facts(world: World, project: str, facts: Sequence[Fact]) -> None:
    """Build PROJECT (its declared manifest, else at the default version), named
    "PROJECT:VERSION" (and "it"); then make each fact said after it true."""
    manifest = _manifest(world, project, None)
    alias = f"{project}:{manifest['version']}"
    _build_as(world, project, manifest, alias)
    if world.error is None:
        make_true(world, alias, facts)


@when(
    "<CI|the pipeline|the build|Jenkins|GitHub Actions> builds {project:name} from {source:source} "
    "<as|into> {alias:name}",
    "CI builds payments-api from that commit as build-A",
    "the pipeline builds checkout from commit 4f2a9c1 as B1",
)
def ci_builds_project(world: World, project: str, source: str, alias: str) -> None:
    """Build the commit named (or said last) of PROJECT; ALIAS names the artifact."""
    build_commit(world, _commit(world, source), project, alias)


@given(
    "<a|the> build of commit {commit:commit}[ <for|of> {project:name}][ <as|called|named> "
    "{alias:name}]",
    'a build of commit "f00dbab" for "checkout"',
    "a build of commit 9e8d7c6 of payments as B2",
)
def a_build_of_commit(
    world: World, commit: str, project: str | None = None, alias: str | None = None
) -> None:
    """Build COMMIT of PROJECT ("the build", "it", "commit COMMIT"; ALIAS if said)."""
    build_commit(world, commit, project, alias or commit_alias(commit))


@given(
    "[<my|our|the|a|their> ]<next|new|newer|later|following|another> commit[ of {project:name}] "
    "<is|was|got|has been> built as {alias:name}[{facts:facts}]",
    "my next commit was built as O2, passed every gate and was promoted to dev, staging and prod",
    "a new commit of payments is built as P3",
)
def next_commit_built(
    world: World, alias: str, project: str | None = None, facts: Sequence[Fact] = ()
) -> None:
    """A commit after the last one the scenario built, its id not said ("my next commit"):
    an id derived from the last one's (git's ids are hashes too), so it is another commit
    of the same project with its own digest; then each fact said after it holds."""
    current = scene(world)
    built = [name for name in current.aliases if name.startswith("commit ")]
    seed = f"{built[-1] if built else ''}+{len(built)}"
    commit = hashlib.sha256(seed.encode()).hexdigest()[:7]
    if project is None and built and current.declared_last is None:
        project = current.projects.get(current.aliases[built[-1]])
    build_commit(world, commit, project, alias)
    if world.error is None:
        make_true(world, alias, facts)
