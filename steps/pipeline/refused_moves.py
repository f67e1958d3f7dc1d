"""A refused promotion or deploy checked by what it moved and where: "the promotion of B1 to
prod is refused because it is not approved", "deploying B1 to prod fails with "…"",
"prod rejects B1". The step before must have been rejected, and its refusal must be about
that build (its digest or its name and version) and that environment, so a refusal of
something else never passes for this one. Said right after another check ("Then the
pipeline fails at the scan / But promoting C3 to dev is refused"), nothing was tried yet:
the move is tried then, as "C3 can't be promoted to dev" does (a refusal changes nothing)."""

from __future__ import annotations

import re

from kubeloop.harness.reasons import Reason, says
from kubeloop.harness.registry import checks_error, then
from kubeloop.harness.world import World

from .abilities import try_move
from .pipeline_part import scene

_REFUSED = "<refused|rejected|blocked|denied|turned down|turned away>"
_BECAUSE = "[ <because|since|as|with|saying> {reason:reason}]"


@then(
    "the <promotion|deploy|deployment|release|rollout> of {alias:artifact} to {env:name} "
    "<is|was|gets|got|has been> " + _REFUSED + _BECAUSE,
    "the promotion of B1 to prod is refused because it is not approved",
    "the deploy of C7 to prod was rejected",
    'deploying S2 to prod fails with "a copied signature"',
    "prod rejects L4 because it has no signature",
    variants=(
        "<promoting|deploying|releasing|shipping> {alias:artifact} to {env:name} <fails|failed|"
        "is refused|was refused|is rejected|was rejected|is blocked|was blocked>" + _BECAUSE,
        "{env:name} <refuses|refused|rejects|rejected|turns away|turned away|won't take|will not "
        "take|doesn't accept|does not accept|won't accept|will not accept|did not accept|didn't "
        "accept> {alias:artifact}" + _BECAUSE,
    ),
)
@checks_error
def move_refused(world: World, alias: str, env: str, reason: Reason | None = None) -> None:
    """The step before was rejected, and its refusal names the build (by digest, or by its
    name and version) and the environment; "because …": it says so (quoted: contains the
    text; in words: names every word that carries meaning)."""
    error = _tried(world, alias, env) if _after_a_check(world) else world.take_error()
    said = str(error)
    current = scene(world)
    digest = current.digest(world, alias)
    artifact = current.pipeline.artifact(digest)
    names = (digest[:19], f"{artifact.name} {artifact.version}")
    about_it = any(name in said for name in names)
    about_env = re.search(rf"\b{re.escape(env)}\b", said) is not None
    if not (about_it and about_env):
        raise world.fail(f"a refusal of {alias} in {env}", f"{type(error).__name__}: {said}")
    if reason is not None and not says(reason, said, world.declared.artifact_versions):
        raise world.fail(f"a refusal because {reason}", f"{type(error).__name__}: {said}")


def _after_a_check(world: World) -> bool:
    """Whether no rejection waits or was just checked and the step before was a Then: the
    line is the attempt itself, said as its outcome."""
    if world.error is not None or world.rejection.checked is not None:
        return False
    line = int(world.step.location.rpartition(":")[2] or 0)
    before = [kind for kind, _, number in world.scenario_steps if number < line]
    return bool(before) and before[-1] == "then"


def _tried(world: World, alias: str, env: str) -> Exception:
    """The refusal of moving ALIAS to ENV now (deployed when the line says so, else
    promoted); kept for the checks right after it."""
    method = "deploy" if re.search(r"\bdeploy", world.step.text, re.IGNORECASE) else "promote"
    refused = try_move(world, alias, env, method)
    if refused is None:
        raise world.fail(f"{alias} refused in {env}", f"it was {method}ed to {env}")
    world.rejection.checked = refused
    return refused
