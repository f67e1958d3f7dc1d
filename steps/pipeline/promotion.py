"""Promotion by digest, manual approval, verify-before-deploy, rollback, and idempotency."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.registry import then, when
from kubeloop.harness.world import World
from kubeloop.pipeline import PipelineDefinition

from .pipeline_part import env_named, said_last, scene
from .version_builds import is_version, runs_version


def _operate(world: World, method: str, alias: str, env: str) -> None:
    current = scene(world)
    digest = current.digest(world, alias)
    said = env_named(world, env)
    world.attempt(lambda: world.capability(current.pipeline, method)(digest, said))


@when("I promote {alias:artifact} to {env:name}", "I promote D1 to staging", "I promote D1 to dev")
def i_promote(world: World, alias: str, env: str) -> None:
    """Move the same digest to ENV: it must have passed, and have run in the environment before."""
    _operate(world, "promote", alias, env)


@when(
    "I approve the promotion of {alias:artifact} to {env:name}",
    "I approve the promotion of D1 to prod",
    "I get R9 approved for prod",
    variants=(
        "[I ]<get|have> {alias:artifact} approved for {env:name}",
        "I approve {alias:artifact} for {env:name}",
        "{alias:artifact} <gets|is|was|got> approved for {env:name}",
        "the promotion of {alias:artifact} to {env:name} <is|gets|was|got> approved",
    ),
)
def i_approve(world: World, alias: str, env: str) -> None:
    """A reviewer approves: a waiting promotion deploys now (verified), a later one will."""
    _operate(world, "approve", alias, env)


@when(
    "I reject the promotion of {alias:artifact} to {env:name}",
    "I reject the promotion of D1 to prod",
    variants=(
        "I reject {alias:artifact} for {env:name}",
        "the promotion of {alias:artifact} to {env:name} <is|gets|was|got> rejected",
    ),
)
def i_reject(world: World, alias: str, env: str) -> None:
    """A reviewer rejects the waiting promotion: it fails, and ENV keeps what it runs."""
    _operate(world, "reject", alias, env)


@when(
    "I deploy {ref:name} to {env:name}",
    "I deploy D2 to prod",
    'I deploy "web:latest" to prod',
    variants=(
        "I deploy {ref:name} to {env:name} <by digest|by tag|anyway|directly|by hand|manually>",
        "I deploy {ref:name} <straight|directly|right> to {env:name}",
    ),
)
def i_deploy(world: World, ref: str, env: str) -> None:
    """Deploy directly (an alias, a digest, or a tag, which is refused): verified first.
    "Straight to prod" is this: no earlier environment, no approval asked, the signature
    still checked."""
    current = scene(world)
    by_reference = ":" in ref or "@" in ref  # a digest, name@digest, or a tag
    reference = ref if by_reference else current.digest(world, ref)
    world.attempt(lambda: world.capability(current.pipeline, "deploy")(reference, env))


@when(
    "I <promote|deploy|release|ship|push> the tag {ref:imageref} to {env:name}",
    'I promote the tag "ledger:latest" to prod',
    "I deploy the tag checkout:2.4.0 to staging",
    variants=("<the tag|tag> {ref:imageref} is <promoted|deployed|released|pushed> to {env:name}",),
)
def move_a_tag(world: World, ref: str, env: str) -> None:
    """A tag moved into ENV: the engine is asked to deploy that reference as said, which
    it refuses (a tag is a mutable pointer; an environment takes a digest)."""
    if ":" not in ref or ref.startswith(("sha256:", "sha512:")):
        raise world.fail(f'a tag, name:tag ("{ref}:latest")', f'"{ref}"')
    current = scene(world)
    world.attempt(lambda: world.capability(current.pipeline, "deploy")(ref, env))


def roll_back_environment(world: World, env: str) -> bool:
    """Redeploy ENV's previous known-good digest, through the same verification.

    "When I roll back NAME" is one phrase shared with Lab 01: it comes here when NAME is
    an environment of the pipeline and no deployment; False means "not an environment".
    """
    built = world.parts.get("pipeline")
    definition = built.definition if built is not None else PipelineDefinition()
    if env not in [e.name for e in definition.environments]:
        return False
    current = scene(world)
    world.attempt(lambda: world.capability(current.pipeline, "rollback")(env))
    return True


@then(
    "{env:name} runs {alias:artifact}",
    "prod runs D1",
    "prod runs nothing",
    "prod is on the digest of R6",
    "R6 is still in staging",
    "staging still has nothing deployed",
    "prod is still empty",
    "R3 makes it to staging",
    variants=(
        "{env:name} <is running|is on|is at|now runs|still runs|is still running|is still on|"
        "is back on|is serving|keeps running|kept running|keeps serving> [the digest of ]"
        "[version ]{alias:artifact}[ again]",
        "{alias:artifact} is [<still|now|back> ]<running in|in|live in|deployed in|deployed to>"
        " {env:name}[ again]",
        "{env:name} [still ]<has nothing deployed|has nothing|runs nothing>",
        "{env:name} <is still empty|is empty so far|isn't running anything|is not running "
        "anything|shouldn't be running anything|should not be running anything|runs nothing>"
        "[ yet]",
        "nothing <gets|got|was|has been|is> <promoted|deployed|released> to {env:name}[ yet]",
        "{alias:artifact} <was|has been|got|is now> <promoted|deployed|released> to {env:name}",
        "{alias:artifact} <makes it to|made it to|gets to|got to|reaches|reached|lands in|"
        "landed in|goes live in|went live in> {env:name}",
    ),
)
def env_runs(world: World, env: str, alias: str = "nothing") -> None:
    """ENV runs exactly that artifact now ("nothing": it has never been deployed to).

    A name that is no pipeline environment but a cluster deployment ("web is back on v1")
    is about its pods: every one runs that version (an artifact's alias: that artifact)."""
    built = world.parts.get("pipeline")
    environments = [
        e.name for e in (built.definition if built else PipelineDefinition()).environments
    ]
    if env not in environments and env in world.declared.deployments:
        from ..cluster.pods import pods_run  # noqa: PLC0415  (a deployment's pods)

        everyone = PodSet("all", None, env, None, None)
        pods_run(world, everyone, alias)
        return
    current = scene(world)
    env = env_named(world, env)
    if is_version(world, alias):
        runs_version(world, env, alias)
        return
    running = world.capability(current.pipeline, "running")(env)
    expected = None if alias == "nothing" else current.digest(world, alias)
    if running != expected:
        shown = "nothing" if running is None else current.alias_of(running)
        raise world.fail(f"{env} to run {alias}", f"it runs {shown}" + _awaits(world, alias, env))


def _awaits(world: World, alias: str, env: str) -> str:
    """Why an artifact promoted to ENV does not run there yet, when it waits for the
    manual approval ENV needs (a promotion said in a Given waits too): how to say the
    approval."""
    current = scene(world)
    waiting = getattr(current.pipeline, "waiting", None)
    if alias == "nothing" or waiting is None or not waiting(current.digest(world, alias), env):
        return ""
    return (
        f"; the promotion of {alias} to {env} waits for the manual approval {env} needs "
        "(in a Given too): approve it "
        f'("When I approve the promotion of {alias} to {env}") or say the approval with it '
        f'("Given {alias} is signed, approved and promoted to {env}")'
    )


@then(
    "the promotion of {alias:artifact} to {env:name} is waiting for approval",
    "the promotion of D1 to prod is waiting for approval",
    "the promotion to prod is waiting for approval",
    variants=(
        "the promotion[ of {alias:artifact}][ to {env:name}] <is waiting|waits|is pending|is held>"
        " <for|on> [<an|a manual|manual> ]approval",
        "{alias:artifact} is waiting for [<an|a manual|manual> ]approval <for|in|to> {env:name}",
        "the approval <for|of> [{alias:artifact} <for|to> ]{env:name} is [still ]<pending|awaited>",
    ),
)
def is_waiting(world: World, env: str | None = None, alias: str | None = None) -> None:
    """The promotion is held until a reviewer approves or rejects it (of the artifact named
    or built last; without an environment: to any of them)."""
    current = scene(world)
    alias = alias or said_last(world)
    digest = current.digest(world, alias)
    envs = [env] if env else [e.name for e in current.definition.environments]
    if not any(world.capability(current.pipeline, "waiting")(digest, e) for e in envs):
        where = f" to {env}" if env else ""
        raise world.fail(f"the promotion of {alias}{where} to wait", "nothing is waiting")


def _view(world: World, env: str) -> Any:
    return world.capability(scene(world).pipeline, "environment")(env_named(world, env))


@then(
    "the history of {env:name} <is|reads|reads as|shows>[ <exactly|only|just>] {aliases:sequence}",
    "the history of prod is D1, D2 and D1",
    "the history of prod reads B4, B5, B4",
    "the history of prod is R1 then R3",
    "prod's history reads build-A, build-C and build-A",
    variants=(
        "{env:name}'s [<deploy|deployment|release> ]history <is|reads|reads as|shows>"
        "[ <exactly|only|just>] {aliases:sequence}",
        "the [<deploy|deployment|release> ]history of {env:name} <is|reads|reads as|shows>"
        "[ <exactly|only|just>] {aliases:sequence}",
        "the only <thing|build|artifact|image|deployment> in {env:name}'s history is "
        "{aliases:sequence}",
    ),
)
def history_is(world: World, env: str, aliases: Sequence[str]) -> None:
    """Every deployment ENV went through, in order (promotions, deploys and rollbacks); each
    named by its build's alias, or by its version (a name no build is bound to: v4)."""
    current = scene(world)
    digests = [d.digest for d in _view(world, env).deployments]
    if len(digests) != len(aliases) or not all(
        names_build(world, said, digest) for said, digest in zip(aliases, digests, strict=True)
    ):
        actual = [current.alias_of(digest) for digest in digests]
        raise world.fail(
            f"history {', '.join(aliases)}",
            (", ".join(actual) or "none") + _went_back_outside(world, env),
        )


def _went_back_outside(world: World, env: str) -> str:
    """Why ENV's history lacks a version its deployment went back to: a page with no
    earlier release returned the deployment to what it ran before the pipeline (Argo
    Rollouts' abort to the stable ReplicaSet), which no release of ENV records; how to
    start from that version as a release."""
    built = world.parts.get("links")
    rollbacks = [] if built is None else built.alert_rollbacks()
    went = [r for r in rollbacks if r.rule.environment == env and r.to_stable is not None]
    if not went:
        return ""
    version, last = went[-1].to_stable, went[-1].rolled_from
    deployment = "" if last is None else str(scene(world).pipeline.artifact(last).name)
    return (
        f'; {env}\'s history holds its releases only: the page put "{deployment}" back on '
        f"{version}, the version it ran before the pipeline's first rollout, which no release "
        f"of {env} records, so {env} still runs its last release; to see {version} in the "
        f'history, start from it as a release ("Given {env} runs version {version} of '
        f'"{deployment}" on 3 nodes")'
    )


_HOLDS = "<contains|includes|mentions|lists|names|records|features|has>"
_LACKS = "<does not|doesn't|did not|didn't|never> <contain|include|mention|list|name|record|have>"


@then(
    "the [<deploy|deployment|release> ]history of {env:name} " + _HOLDS + " {aliases:sequence}",
    "the history of prod mentions v2",
    "prod's release history includes R1 and R3",
    variants=(
        "{env:name}'s [<deploy|deployment|release> ]history " + _HOLDS + " {aliases:sequence}",
        "the [<deploy|deployment|release> ]history of {env:name} " + _LACKS + " {none:sequence}",
        "{env:name}'s [<deploy|deployment|release> ]history " + _LACKS + " {none:sequence}",
    ),
)
def history_holds(
    world: World, env: str, aliases: Sequence[str] = (), none: Sequence[str] = ()
) -> None:
    """The partial form of history_is: each build named (by alias, or by version) is among
    the deployments ENV went through, in any order; said negated, none of them is."""
    current = scene(world)
    digests = [d.digest for d in _view(world, env).deployments]
    shown = ", ".join(current.alias_of(d) for d in digests) or "none"
    for said in aliases:
        if not any(names_build(world, said, d) for d in digests):
            raise world.fail(f"{said} in the history of {env}", shown)
    for said in none:
        if any(names_build(world, said, d) for d in digests):
            raise world.fail(f"no {said} in the history of {env}", shown)


def names_build(world: World, said: str, digest: str) -> bool:
    """SAID names the build DIGEST: as its alias, or, when no build is bound to SAID, as the
    version it was built at."""
    current = scene(world)
    if said in current.aliases:
        return current.aliases[said] == digest
    return said == str(current.pipeline.artifact(digest).version)


@then(
    "the known-good digests of {env:name} are {aliases:names}",
    "the known-good digests of prod are D1",
)
def known_good_are(world: World, env: str, aliases: list[str]) -> None:
    """The digests that ran in ENV and were not rolled back, oldest first."""
    current = scene(world)
    actual = [current.alias_of(d) for d in _view(world, env).known_good]
    if actual != aliases:
        raise world.fail(f"known-good {', '.join(aliases)}", ", ".join(actual) or "none")


@then("running the pipeline again changes nothing", "running the pipeline again changes nothing")
def running_again_changes_nothing(world: World) -> None:
    """Every artifact run so far, run again on the same inputs: same verdicts, no change."""
    current = scene(world)
    pipeline = current.pipeline
    state = getattr(pipeline, "state", None)
    before = state() if state is not None else None
    running = {e.name: pipeline.running(e.name) for e in current.definition.environments}
    latest = dict(current.runs)
    for alias, result in latest.items():
        again = pipeline.run(current.aliases[alias])
        verdict = [(g.gate, g.status, g.reason) for g in again.gates]
        if verdict != [(g.gate, g.status, g.reason) for g in result.gates]:
            raise world.fail(f"the same verdict for {alias}", f"{verdict}")
    after = {e.name: pipeline.running(e.name) for e in current.definition.environments}
    if after != running:
        raise world.fail(f"environments unchanged {running}", f"{after}")
    if state is not None and state() != before:
        raise world.fail("the pipeline's state unchanged", "it changed")
