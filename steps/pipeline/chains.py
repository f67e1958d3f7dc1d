"""Release work said in one breath: several actions in a row, a promotion through several
environments, an approval by someone named, the gates an artifact passes.

Each action goes through the same engine call its own phrase makes, in the order said, and
the first the engine refuses stops the rest (the refusal is kept for the next check). "it"
is the artifact said last.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from functools import partial

import kubeloop.harness.release_words  # noqa: F401  (registers actions, chain, gatelist, person)
from kubeloop.harness.nouns import It
from kubeloop.harness.registry import when
from kubeloop.harness.release_words import Action
from kubeloop.harness.world import World
from kubeloop.pipeline import TestSummary

from .abilities import try_move
from .gates import _record
from .pipeline_part import env_named, run_gates, said_last, scene
from .verdicts import _gate
from .version_builds import build_at, is_version


def _named(world: World, alias: str) -> str:
    """The alias, or the artifact said (or built) last for "it"; a version no build is
    bound to is the build at it (version_builds.build_at: "I sign v2" builds v2)."""
    if isinstance(alias, It) or not alias:
        return said_last(world)
    if is_version(world, alias):
        alias = build_at(world, alias) or alias
    world.declared.mentioned["artifact"] = alias
    return alias


def _green_run(world: World, alias: str) -> None:
    """Green inputs for every gate (100% coverage), then a run: the pipeline signs what
    passes, as it signs any build whose gates passed."""
    for method, value in (*_GREEN.values(), ("record_coverage", 100.0)):
        if world.error is None:
            _record(world, alias, method, value)
    if world.error is None:
        run_gates(world, alias)


def _call(world: World, method: str, alias: str, *args: object) -> None:
    current = scene(world)
    digest = current.digest(world, alias)
    envs = method in ("promote", "deploy")  # their argument is an environment
    said = tuple(env_named(world, a) if envs and isinstance(a, str) else a for a in args)
    world.attempt(lambda: world.capability(current.pipeline, method)(digest, *said))


def approve(world: World, alias: str, env: str | None, who: str | None = None) -> None:
    """Approve the artifact for ENV; none said: where a promotion of it waits, else every
    environment that needs approval (approved before it is promoted there). WHO is passed
    as ``by`` to an engine whose ``approve`` takes it (the audit log names the reviewer)."""
    current = scene(world)
    digest = current.digest(world, alias)
    if env is None:
        waiting = [e for e in current.approving() if current.pipeline.waiting(digest, e)]
        envs = waiting or current.approving()
    else:
        envs = [env]
    named = {"by": who} if who and takes_approver(world) else {}
    method = world.capability(current.pipeline, "approve")
    for each in envs:
        if world.error is None:
            world.attempt(partial(method, digest, each, **named))


def takes_approver(world: World) -> bool:
    """Does the engine's ``approve`` take ``by`` (an optional extension of the contract)?"""
    method = world.capability(scene(world).pipeline, "approve")
    try:
        return "by" in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


def _act(world: World, action: Action, released: bool = False) -> None:
    """One action of a chain. A version no build was bound to is built now, and signing
    that new build is the pipeline's signing: its gates run green first (nothing was said
    of them), as "v2 is signed" says it in a Given. RELEASED: the chain approved the
    artifact before this action, so a deploy is the approved release, promoted through the
    environments before its own first (a deploy alone goes nowhere out of order)."""
    current = scene(world)
    before = set(current.aliases)
    alias = _named(world, action.artifact)
    if world.error is not None:
        return
    if action.kind == "sign" and alias not in before:
        _green_run(world, alias)
        if action.key is None:
            return
    if action.kind == "sign":
        key = (
            current.key_named(action.key, world.step.text)
            if action.key
            else current.definition.signing_key
        )
        if key is None:
            raise world.fail("a key to sign with (the pipeline has no signing key)", "none")
        _call(world, "sign", alias, key)
    elif action.kind == "approve":
        approve(world, alias, action.env)
    elif action.kind == "promote":
        if action.approved and action.env in current.approving():
            approve(world, alias, action.env)
        if world.error is None:
            _call(world, "promote", alias, action.env)
    elif action.kind == "deploy":
        if released:
            _promote_before(world, alias, action.env or "")
        if world.error is None:
            _call(world, "deploy", alias, action.env)
    else:
        run_gates(world, alias)


def _promote_before(world: World, alias: str, env: str) -> None:
    """Promote the artifact through each environment before ENV where it has not run (is
    not known-good), in the pipeline's order: the way an approved release reaches ENV."""
    current = scene(world)
    digest = current.digest(world, alias)
    names = [spec.name for spec in current.definition.environments]
    target = env_named(world, env)
    for name in names[: names.index(target)] if target in names else []:
        if world.error is not None:
            continue
        view = world.capability(current.pipeline, "environment")(name)  # known_good: extension
        if digest not in view.known_good:
            _call(world, "promote", alias, name)


@when(
    "I {actions:actions}",
    "I sign v3, get it approved and deploy it to prod again",
    "I sign it and promote it to prod with the approval it needs",
)
def i_do_in_turn(world: World, actions: Sequence[Action]) -> None:
    """Each action in the order said; the first the engine refuses stops the rest. A deploy
    after an approval of the same artifact in the list ("sign v3, get it approved and
    deploy it to prod") is a release: it goes through the environments before its own."""
    approved: set[str] = set()
    for action in actions:
        if world.error is not None:
            return
        alias = _named(world, action.artifact) if action.kind == "deploy" else ""
        _act(world, action, released=action.kind == "deploy" and alias in approved)
        if action.kind == "approve":
            approved.add(said_last(world))


@when(
    "I promote {alias:artifact} to {envs:chain}",
    "I promote B1 to dev, then staging, then prod",
)
def promote_through(world: World, alias: str, envs: Sequence[str]) -> None:
    """Promote to each environment in turn (one that needs approval holds it)."""
    for env in envs:
        if world.error is None:
            _call(world, "promote", alias, env)


@when(
    "I promote {alias:artifact} <to|through> {envs:several}<,| and> <approve|approving> "
    "<it|the promotion|prod|production|it where needed>",
    "I promote G7 to dev, staging and prod and approve it",
    "I promote G8 through dev, staging and prod, approving prod",
)
def promote_approving(world: World, alias: str, envs: Sequence[str]) -> None:
    """Promote to each environment in turn, approving it first where approval is needed
    (as "promote it to prod with the approval it needs" does); the first refusal stops the
    rest."""
    named = _named(world, alias)
    needing = scene(world).approving()
    for env in envs:
        target = env_named(world, env)
        if world.error is None and target in needing:
            approve(world, named, target)
        if world.error is None:
            _call(world, "promote", named, env)


@when(
    "I promote {alias:artifact} all the way <to|up to|through to> {env:name}",
    "I promote B1 all the way to prod",
    variants=(
        "I <push|take|move|ship> {alias:artifact} all the way <to|up to|through to> {env:name}",
    ),
)
def promote_all_the_way(world: World, alias: str, env: str) -> None:
    """Promote to each environment of the pipeline in its order, up to and including ENV
    (one that needs approval holds it)."""
    names = [spec.name for spec in scene(world).definition.environments]
    target = env_named(world, env)
    if target not in names:
        raise world.fail(f"an environment {env}", f"environments: {', '.join(names)}")
    promote_through(world, alias, names[: names.index(target) + 1])


@when(
    "I promote {alias:artifact} <straight|directly|right> to {env:name}",
    "I promote B5 straight to prod",
    "I promote B5 to prod without an approval",
    variants=("I promote {alias:artifact} to {env:name} without <an|any|a> approval",),
)
def promote_plainly(world: World, alias: str, env: str) -> None:
    """A promotion to ENV, nothing else done first (no earlier environment, no approval)."""
    _call(world, "promote", alias, env)


@when(
    "{who:person} approves {alias:artifact}[ for {env:name}]",
    'the release manager "dana" approves B1 for prod',
    "Dana from the change board approves it",
    "Marcus approves R7 for prod",
    variants=(
        "{who:person} approves the promotion[ of {alias:artifact}] to {env:name}",
        "I approve {alias:artifact}",
        "the promotion[ to {env:name}] <is|gets|was|got> approved[ by {who:person}]",
    ),
)
def someone_approves(
    world: World, alias: str | None = None, env: str | None = None, who: str | None = None
) -> None:
    """An approval of the artifact (none named: the one said or built last) for ENV (none
    said: where its promotion waits, else where approval is needed); a waiting promotion
    deploys now. The audit log names who approved (engines that take ``by``). In a Given,
    an approved promotion is one that happened: with none waiting, the promotion to ENV is
    made now if it can be (the artifact runs where ENV's promotions come from), else the
    approval stands for a later one, as in a When."""
    named = _named(world, alias or "")
    approve(world, named, env, who)
    if env is not None and not world.settled and world.error is None:
        target = env_named(world, env)
        if scene(world).pipeline.running(target) != scene(world).digest(world, named):
            try_move(world, named, target, "promote")


_GREEN = {
    "unit": ("record_unit_tests", TestSummary(True, source="the scenario")),
    "integration": ("record_integration_tests", TestSummary(True, source="the scenario")),
    "scan": ("record_scan", []),
}


@when(
    "{alias:artifact} <passes|passed|clears|cleared> {gates:gatelist}",
    "v2 passes unit tests, coverage and the vulnerability scan",
)
def passes_gates(world: World, alias: str, gates: Sequence[tuple[str, str]]) -> None:
    """Green inputs for each gate named (coverage: 100%, unless a coverage was said
    already), then a run in which each of them passes (later gates may still block for want
    of their own inputs)."""
    recorded = scene(world).recorded.setdefault(alias, set())
    for gate, said in gates:
        if world.error is not None:
            return
        if gate in _GREEN and said != "coverage":
            method, value = _GREEN[gate]
            _record(world, alias, method, value)
        if gate == "unit" and "record_coverage" not in recorded and world.error is None:
            _record(world, alias, "record_coverage", 100.0)
    if world.error is None:
        run_gates(world, alias)
    for gate, said in gates:
        if world.error is None:
            verdict = _gate(world, gate, alias)
            if verdict.status != "passed":
                raise world.fail(f"{said} ({gate}) to pass for {alias}", verdict.reason)
