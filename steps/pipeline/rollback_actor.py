"""Who rolled an environment back, kept and checked: "Sam rolls prod back", "prod was rolled
back by Sam", "the rollback of prod was done by Sam".

The name goes to the pipeline's rollback as ``by`` (an optional extension of the contract,
as an approval's reviewer is), which records it in the deployment record the rollback adds
and in the audit log's RolledBack event. A check reads the environment's latest rollback
record: none, or one by someone else, fails.
"""

from __future__ import annotations

import inspect

from kubeloop.harness.not_names import PRONOUNS
from kubeloop.harness.registry import then, when
from kubeloop.harness.world import World

from .pipeline_part import env_named, scene


def takes(world: World, parameter: str) -> bool:
    """Does the engine's ``rollback`` take PARAMETER (``by``, ``to``: optional extensions)?"""
    method = world.capability(scene(world).pipeline, "rollback")
    try:
        return parameter in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


def roll_back_by(world: World, env: str, who: str | None, to: str | None = None) -> None:
    """ENV back to its previous known-good digest (TO: to that earlier digest), recorded
    as done by WHO (a pronoun such as "someone" names nobody, so nothing is recorded for
    it), and the cluster deployment ENV deploys to rolled back with it to the end
    (cluster/rollout.py's ``roll_linked``)."""
    from ..cluster.rollout import roll_linked  # noqa: PLC0415  (one world)

    current = scene(world)
    method = world.capability(current.pipeline, "rollback")
    named = who is not None and who.lower() not in PRONOUNS
    if named and not takes(world, "by"):
        raise world.fail(
            f"an engine whose rollback records who did it ({who})",
            "its rollback(environment) takes no by=",
        )
    extra = {"by": who} if named else {}
    if to is not None:
        extra["to"] = to
    world.attempt(lambda: method(env, **extra))
    roll_linked(world, env)


def _environment(world: World, env: str, who: str) -> str:
    current = scene(world)
    names = [spec.name for spec in current.definition.environments]
    said = env_named(world, env)
    if said not in names:
        raise world.fail(
            f"an environment for {who} to roll back", f"{env}; environments: {', '.join(names)}"
        )
    return said


@when(
    "{who:person} <rolls|rolled> back {env:name}",
    "Sam rolls back prod",
    "Priya rolled prod back",
    "prod is rolled back by Sam",
    variants=(
        "{who:person} <rolls|rolled> {env:name} back",
        "{env:name} <is|gets|got|was> rolled back by {who:person}",
    ),
)
def someone_rolls_back(world: World, who: str, env: str) -> None:
    """ENV back to its previous known-good digest (as "I roll back prod"), recorded as done
    by WHO; a name that is no environment fails (only the pipeline records who rolled back)."""
    roll_back_by(world, _environment(world, env, who), who)


@then(
    "{who:person} <rolled|has rolled> {env:name} back",
    "Sam rolled prod back",
    "prod was rolled back by Sam",
    'the audit log shows that "sam" rolled back prod',
    variants=(
        "the rollback of {env:name} was <done|made|performed|carried out|triggered|started> by "
        "{who:person}",
        "{env:name} <was|has been|got> rolled back by {who:person}",
        "{who:person} <rolled|has rolled> back {env:name}",
        "the audit <log|trail> <shows|records|says> [that ]{who:person} <rolled|has rolled> "
        "back {env:name}",
        "the audit <log|trail> <shows|records|says> [that ]{who:person} <rolled|has rolled> "
        "{env:name} back",
    ),
)
def rolled_back_by(world: World, env: str, who: str) -> None:
    """ENV's latest rollback was recorded as done by WHO (its deployment record's ``by``)."""
    said = _environment(world, env, who)
    view = world.capability(scene(world).pipeline, "environment")(said)
    rollbacks = [d for d in world.attribute(view, "deployments") if d.how == "rollback"]
    if not rollbacks:
        raise world.fail(f"a rollback of {said} by {who}", f"{said} was never rolled back")
    by = getattr(rollbacks[-1], "by", "")
    if by != who:
        raise world.fail(f"the rollback of {said} done by {who}", f"done by {by or 'nobody named'}")
