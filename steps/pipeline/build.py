"""Manifests and builds: an artifact's identity is the digest of its content."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kubeloop.errors import InvalidSpecError
from kubeloop.harness.artifacts import commit_alias
from kubeloop.harness.errors import HarnessError
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

from .pipeline_part import scene

REVISION = "org.opencontainers.image.revision"
"""The OCI annotation naming the source revision an image was built from."""


@given(
    "a manifest {name:name} version {version:name}[ from commit {commit:commit}]",
    'a manifest "web" version "1.0.0"',
    "a manifest api version 2.3.1",
    'a manifest "checkout" version "2.4.0" from commit 4f2a9c1',
    'the "orders" manifest is at version "3.2.0"',
    variants=(
        "the {name:name} manifest is at version {version:name}[ <on|from|at> commit "
        "{commit:commit}]",
    ),
)
def a_manifest(world: World, name: str, version: str, commit: str | None = None) -> None:
    """Declare (or replace) the build input NAME at VERSION, with no files yet; "from
    commit" labels it with the source revision, as OCI images record it (so the build is
    also "the image built from commit …")."""
    data: dict[str, Any] = {"name": name, "version": version}
    if commit is not None:
        data["labels"] = {REVISION: commit}
    scene(world).manifests[name] = data
    scene(world).declared_last = name


@given("the manifest {name:name}:", 'the manifest "web":')
def the_manifest(world: World, name: str) -> None:
    """Declare the build input from the doc string (JSON or YAML: name, version, files, …)."""
    if world.step.docstring is None:
        raise world.fail('a doc string (""") with the manifest as JSON or YAML', "no doc string")
    text = world.step.docstring
    world.attempt(lambda: _declare(world, name, text))


def _declare(world: World, name: str, text: str) -> None:
    from kubeloop.fixtures.pipeline_reports import read_manifest  # noqa: PLC0415

    data = read_manifest(text, f"{world.step.location} (doc string)", name)
    scene(world).manifests[name] = data
    scene(world).declared_last = name


@given("the manifest {name:name} from {path:text}", 'the manifest "web" from "web.json"')
def the_manifest_from(world: World, name: str, path: str) -> None:
    """Declare the build input from a JSON or YAML file beside the feature."""
    from kubeloop.fixtures.pipeline_common import read_file  # noqa: PLC0415

    world.attempt(lambda: _declare_file(world, name, read_file(world.resolve(path))))


def _declare_file(world: World, name: str, loaded: tuple[str, str]) -> None:
    from kubeloop.fixtures.pipeline_reports import read_manifest  # noqa: PLC0415

    text, filename = loaded
    scene(world).manifests[name] = read_manifest(text, filename, name)
    scene(world).declared_last = name


def _collides(alias: str, manifest: str) -> None:
    raise InvalidSpecError(
        f'"{alias}" is already a version string of this scenario, so as an alias it would '
        f'name two things: build it as another name (When I build "{manifest}" as D1)'
    )


def _build(world: World, manifest: str, alias: str) -> None:
    current = scene(world)
    said = current.declared_last
    if manifest.lower() == "it" and manifest not in current.manifests and said is not None:
        manifest = said  # "it is built as P4": the manifest declared last
    if manifest not in current.manifests:
        raise world.fail(
            f'a manifest "{manifest}" declared earlier (Given a manifest "{manifest}" version …)',
            f"manifests {sorted(current.manifests)}",
        )
    data: dict[str, Any] = current.manifests[manifest]
    from ..links.links_part import versions_in_use  # noqa: PLC0415  (one world)

    if alias in versions_in_use(world):
        world.attempt(lambda: _collides(alias, manifest))
        return
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(data))
    if digest is not None:
        current.projects[digest] = str(data["name"])
        commit = (data.get("labels") or {}).get(REVISION)
        if isinstance(commit, str):
            bind(world, commit_alias(commit), digest, str(data["version"]))
        bind(world, alias, digest, str(data["version"]))
        world.declared.mentioned["manifest"] = manifest


def bind(world: World, alias: str, digest: object, version: str) -> None:
    """ALIAS names the built digest (built at VERSION) from now on, and is the artifact
    built last."""
    world.declared.artifact_versions[alias] = version
    current = scene(world)
    current.aliases[alias] = str(getattr(digest, "digest", digest))
    current.built_last = alias
    world.declared.mentioned["artifact"] = alias


@when("I build {manifest:name} as {alias:name}", 'I build "web" as D1')
def i_build(world: World, manifest: str, alias: str) -> None:
    """Build the manifest's current content; ALIAS names the artifact (its digest) from now on."""
    _build(world, manifest, alias)


@given("I built {manifest:name} as {alias:name}", 'I built "web" as D1')
def i_built(world: World, manifest: str, alias: str) -> None:
    """The same as When I build, as part of the situation."""
    _build(world, manifest, alias)


@given(
    "<a|the> build of {project:name} at [version ]{version:name}[ <as|called|named> {alias:name}]",
    "a build of payments at 2.3.1 as P2",
    "a build of payments at 2.3.1",
    variants=(
        "I <build|built> {project:name} at [version ]{version:name} as {alias:name}",
        "{alias:name} is a build of {project:name} at [version ]{version:name}",
        "{project:name} version {version:name} <is|was|has been|gets|got> built as {alias:name}",
    ),
)
def a_build_of(world: World, project: str, version: str, alias: str | None = None) -> None:
    """Build PROJECT at VERSION (a manifest with nothing more); ALIAS, or "PROJECT:VERSION"
    when none is given, names the artifact from now on."""
    scene(world).manifests[project] = {"name": project, "version": version}
    _build(world, project, alias or f"{project}:{version}")


@then(
    "the digest of {alias:artifact} is {digest:digest}",
    'the digest of D1 is "sha256:e3b0c442…"',
    "the digest of D1 is sha256:e3b0c442...",
    variants=(
        "{alias:artifacts} digest is {digest:digest}",
        "{alias:artifact} has digest {digest:digest}",
    ),
)
def the_digest_is(world: World, alias: str, digest: str) -> None:
    """The artifact's digest is exactly DIGEST (a trailing … matches any rest)."""
    actual = scene(world).digest(world, alias)
    if actual == digest or (digest.endswith("…") and actual.startswith(digest[:-1])):
        return
    raise world.fail(f"the digest of {alias} to be {digest}", actual)


@then(
    "the digest of {alias:artifact} <starts|begins> with {prefix:text}",
    'the digest of D1 starts with "sha256:"',
    "the digest of B2 starts with sha256:",
    variants=(
        "{alias:artifacts} digest <starts|begins> with {prefix:text}",
        "the digest of {alias:artifact} <starts|begins> with {prefix:digest}",
    ),
)
def the_digest_starts_with(world: World, alias: str, prefix: str) -> None:
    """The artifact's digest begins with PREFIX ("sha256:", or its first hex digits)."""
    actual = scene(world).digest(world, alias)
    if not actual.startswith(prefix):
        raise world.fail(f"the digest of {alias} to start with {prefix!r}", actual)


@then(
    "{a:artifact} and {b:artifact} are the same artifact",
    "D1 and D2 are the same artifact",
    "B1 and B2 have the same digest",
    variants=(
        "{a:artifact} and {b:artifact} <have|share> the same digest",
        "{a:artifact} has the same digest as {b:artifact}",
    ),
)
def the_same_artifact(world: World, a: str, b: str) -> None:
    """Both aliases name one digest: the content was the same."""
    current = scene(world)
    one, two = current.digest(world, a), current.digest(world, b)
    if one != two:
        raise world.fail(f"{a} and {b} to have one digest", f"{a} is {one}, {b} is {two}")


@then(
    "{a:artifact} and {b:artifact} are different artifacts",
    "D1 and D2 are different artifacts",
    "B3 has a different digest from B1",
    variants=(
        "{a:artifact} and {b:artifact} have different digests",
        "{a:artifact} has a different digest <from|than|to> {b:artifact}",
    ),
)
def different_artifacts(world: World, a: str, b: str) -> None:
    """The aliases name two digests: the content differed."""
    current = scene(world)
    one = current.digest(world, a)
    if one == current.digest(world, b):
        raise world.fail(f"{a} and {b} to be different digests", f"both are {one}")


@then(
    "{digest:digest} is a valid digest",
    '"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" is a valid digest',
)
def a_valid_digest(world: World, digest: str) -> None:
    """The engine accepts the text as an identity: an OCI digest, sha256, 64 lowercase hex."""
    check = world.capability(scene(world).pipeline, "validate_digest")
    try:
        check(digest)
    except (NotImplementedError, HarnessError):
        raise
    except ValueError as error:  # the contract: a refused digest is a ValueError
        raise world.fail(f"{digest} to be a valid digest", str(error)) from None


@then(
    "{digest:digest} is not a valid digest because {reason:text}",
    '"sha256:abc" is not a valid digest because "needs 64 hex digits"',
)
def not_a_valid_digest(world: World, digest: str, reason: str) -> None:
    """The engine refuses the text as a digest, and its reason contains REASON."""
    check = world.capability(scene(world).pipeline, "validate_digest")
    try:
        check(digest)
    except (NotImplementedError, HarnessError):
        raise
    except ValueError as error:  # the contract: a refused digest is a ValueError
        if reason not in str(error):
            raise world.fail(f"the reason to contain {reason!r}", str(error)) from None
        return
    raise world.fail(f"{digest} to be refused", "it is a valid digest")


@when(
    "I tag {alias:artifact} as {tag:name}",
    'I tag D1 as "latest"',
    variants=("I tag {alias:artifact} with [the tag ]{tag:name}",),
)
def i_tag(world: World, alias: str, tag: str) -> None:
    """Point the tag at the artifact's digest (a tag is a mutable pointer)."""
    current = scene(world)
    digest = current.digest(world, alias)
    world.attempt(lambda: world.capability(current.pipeline, "tag")(tag, digest))


@then(
    "tag {tag:name} points to {alias:artifact}",
    'tag "latest" points to D2',
    "the tag v1.4.0 points at the digest of B1",
    variants=(
        "[the ]tag {tag:name} <points to|points at|resolves to|refers to> "
        "[the digest of ]{alias:artifact}",
    ),
)
def tag_points_to(world: World, tag: str, alias: str) -> None:
    """The tag resolves to that artifact's digest now."""
    current = scene(world)
    actual = world.capability(current.pipeline, "resolve_tag")(tag)
    if actual != current.digest(world, alias):
        raise world.fail(f"{tag} to point to {alias}", current.alias_of(actual))


def _check_manifest(source: str | Path, filename: str, arguments: dict[str, Any]) -> object:
    """What ``kubeloop check`` reads of a manifest: the file or doc string the step reads."""
    from kubeloop.fixtures.pipeline_common import read_file  # noqa: PLC0415
    from kubeloop.fixtures.pipeline_reports import read_manifest  # noqa: PLC0415

    text, shown = read_file(source) if isinstance(source, Path) else (source, filename)
    return read_manifest(text, shown, str(arguments["name"]))


the_manifest_from.fixture_argument = "path"  # type: ignore[attr-defined]
the_manifest_from.fixture_reader = _check_manifest  # type: ignore[attr-defined]
the_manifest.fixture_argument = "docstring"  # type: ignore[attr-defined]
the_manifest.fixture_reader = _check_manifest  # type: ignore[attr-defined]
