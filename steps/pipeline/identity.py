"""What an artifact is, said as release engineers say it: it has a sha256 digest, it is
tagged name:version, it is still kept in the registry. Each reads the engine's own record
of the artifact (``artifact``, ``resolve_tag``, ``validate_digest``)."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.errors import HarnessError
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pipeline_part import scene


def _record(world: World, alias: str) -> Any:
    """The engine's record of the artifact (a failed check if it has none)."""
    current = scene(world)
    digest = current.digest(world, alias)
    try:
        return world.capability(current.pipeline, "artifact")(digest)
    except (NotImplementedError, HarnessError):
        raise
    except Exception as error:  # the engine under test may raise anything for "no such"
        raise world.fail(f"the pipeline to know {alias} ({digest[:19]}…)", str(error)) from None


@then(
    "{alias:artifact} has a [valid ]<sha256|SHA-256|sha-256> digest",
    "R1 has a sha256 digest",
    "the image has a valid SHA-256 digest",
)
def has_a_sha256_digest(world: World, alias: str) -> None:
    """The artifact's identity is an OCI sha256 digest the engine itself accepts."""
    digest = scene(world).digest(world, alias)
    check = world.capability(scene(world).pipeline, "validate_digest")
    try:
        check(digest)
    except (NotImplementedError, HarnessError):
        raise
    except ValueError as error:  # the contract: a refused digest is a ValueError
        raise world.fail(f"{alias} to have a valid sha256 digest", str(error)) from None
    if not digest.startswith("sha256:"):
        raise world.fail(f"{alias} to have a sha256 digest", digest)


@then(
    "{alias:artifact} is tagged {tag:imageref}",
    'the image is tagged "payments:1.4.0"',
    'B1 is tagged "checkout:2.4.0"',
    "D1 is tagged latest",
    variants=(
        "{alias:artifact} <has|carries> the tag {tag:imageref}",
        "[the <image|reference> ]{tag:imageref} <points to|points at|resolves to|refers to|"
        "has the digest of|is the same image as> {alias:artifact}",
    ),
)
def is_tagged(world: World, alias: str, tag: str) -> None:
    """NAME:VERSION: the artifact is that name built at that version (its image reference);
    a bare tag: the tag points at the artifact's digest now (I tag D1 as …)."""
    current = scene(world)
    if ":" in tag:
        record = _record(world, alias)
        actual = f"{record.name}:{record.version}"
        if actual != tag:
            raise world.fail(f"{alias} tagged {tag}", f"it is {actual}")
        return
    pointed = world.capability(current.pipeline, "resolve_tag")
    try:
        target = pointed(tag)
    except (NotImplementedError, HarnessError):
        raise
    except Exception as error:  # an unknown tag: the engine's own words
        raise world.fail(f"{alias} tagged {tag}", str(error)) from None
    if target != current.digest(world, alias):
        raise world.fail(f"{alias} tagged {tag}", f"{tag} points to {current.alias_of(target)}")


@then(
    "{alias:artifact} is <still kept|still kept around|kept|still in the registry|still stored|"
    "still available|never deleted|never deleted from the registry|not deleted>"
    "[ in case <we|anyone|someone> <need|needs> it]",
    "the R7 image is still kept around in case we need it",
    "B5 is never deleted from the registry",
    variants=(
        "{alias:artifact} still exists[ in the registry]",
        "the registry still <has|holds|keeps> {alias:artifact}",
    ),
)
def still_kept(world: World, alias: str) -> None:
    """The pipeline still knows the artifact by its digest (a rollback needs it: nothing is
    rebuilt, the same digest is deployed again)."""
    _record(world, alias)
