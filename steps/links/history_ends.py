"""How an environment's history ends or begins, said as a release review says it: "the
history of prod ends with v5 and v4", "prod's history starts with R1". Each entry is named
by its build's alias, or by the version it was built at (a name no build is bound to)."""

from __future__ import annotations

from collections.abc import Sequence

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import env_named, scene
from ..pipeline.promotion import names_build

_ENDS = (
    "<ends with|ended with|ends in|ended in|finishes with|finished with|closes with|closed with>"
)
_STARTS = "<starts with|started with|begins with|began with|opens with|opened with>"


def _check(world: World, env: str, said: Sequence[str], at_end: bool) -> None:
    current = scene(world)
    names = [spec.name for spec in current.definition.environments]
    env = env_named(world, env)
    if env not in names:
        raise world.fail(f"an environment {env}", f"environments: {', '.join(names)}")
    view = world.capability(current.pipeline, "environment")(env)
    digests = [d.digest for d in view.deployments]
    part = digests[-len(said) :] if at_end else digests[: len(said)]
    if len(part) != len(said) or not all(
        names_build(world, name, digest) for name, digest in zip(said, part, strict=True)
    ):
        where = "ending" if at_end else "beginning"
        shown = ", ".join(
            f"{current.alias_of(d)} ({current.pipeline.artifact(d).version})" for d in digests
        )
        raise world.fail(f"the history of {env} {where} with {', '.join(said)}", shown or "none")


@then(
    "the history of {env:name} " + _ENDS + " {aliases:sequence}",
    "the history of prod ends with v5 and v4",
    "prod's history ends with R2, R1",
    variants=(
        "{env:name}'s [<deploy|deployment|release> ]history " + _ENDS + " {aliases:sequence}",
        "the <deploy|deployment|release> history of {env:name} " + _ENDS + " {aliases:sequence}",
    ),
)
def history_ends_with(world: World, env: str, aliases: Sequence[str]) -> None:
    """The last deployments ENV went through are these, in this order."""
    _check(world, env, aliases, at_end=True)


@then(
    "the history of {env:name} " + _STARTS + " {aliases:sequence}",
    "the history of prod starts with R1",
    variants=(
        "{env:name}'s [<deploy|deployment|release> ]history " + _STARTS + " {aliases:sequence}",
        "the <deploy|deployment|release> history of {env:name} " + _STARTS + " {aliases:sequence}",
    ),
)
def history_starts_with(world: World, env: str, aliases: Sequence[str]) -> None:
    """The first deployments ENV went through are these, in this order."""
    _check(world, env, aliases, at_end=False)
