"""Checks said as ability ("R2 can't be promoted to dev", "R4 can move on to staging") and
explanations said of what was refused or blocked ("the reason mentions coverage of 72%",
"it gets refused since the image isn't signed", "the block says the waiver had expired").

To say whether an artifact can be promoted is to try: the engine decides every check
before it changes anything, so a refused promotion leaves the pipeline as it was, and a
promotion that goes through is what "can move on" promised. The refusal is kept for the
checks right after it ("And the reason mentions …").
"""

from __future__ import annotations

from kubeloop.harness.errors import HarnessError
from kubeloop.harness.pipeline_words import GATES
from kubeloop.harness.reasons import Reason, in_words_instead, says
from kubeloop.harness.registry import checks_error, then
from kubeloop.harness.world import World

from .pipeline_part import scene

_CANNOT = (
    "<can't|cannot|can not|couldn't|could not|isn't allowed to|is not allowed to|must not|"
    "may not|won't|will not>"
)
_MOVE = "{how:movement}"


def try_move(world: World, alias: str, env: str, method: str) -> Exception | None:
    """Promote (or deploy) the artifact to ENV; the engine's refusal, or None."""
    current = scene(world)
    digest = current.digest(world, alias)
    try:
        world.capability(current.pipeline, method)(digest, env)
    except (NotImplementedError, HarnessError):
        raise
    except Exception as error:  # the engine under test refuses as it likes
        return error
    return None


_WHY = "[ <because|since|as> {reason:reason}]"


@then(
    "{alias:artifact} [still ]" + _CANNOT + " " + _MOVE + "[ on] to {env:name}" + _WHY,
    "R2 can't be promoted to dev",
    "B3 cannot be deployed to prod",
    "R9 isn't allowed to move on to staging",
    "B7 still can't be promoted to staging",
    "B5 isn't allowed into staging",
    "B3 can't be deployed to prod because it isn't signed",
    variants=(
        "{alias:artifact} [still ]<isn't|is not|is still not|still isn't> <allowed|let> "
        "<into|in|onto|on to> {env:name}",
    ),
)
def cannot_move(
    world: World, alias: str, env: str, how: str = "promote", reason: Reason | None = None
) -> None:
    """Promoting (deploying) the artifact to ENV is refused (nothing changes); "because …":
    the refusal says so; the refusal is what the next check reads ("And the reason
    mentions …")."""
    refused = try_move(world, alias, env, how)
    if refused is None:
        raise world.fail(f"{alias} refused in {env}", f"it was promoted to {env}")
    world.rejection.checked = refused
    if reason is not None and not says(reason, str(refused), world.declared.artifact_versions):
        raise world.fail(f"a refusal because {reason}", f"{type(refused).__name__}: {refused}")


@then(
    "{alias:artifact} <can|is allowed to|may> " + _MOVE + "[ on] to {env:name}[ now]",
    "R4 can move on to staging",
    "R2 can be promoted to dev now",
)
def can_move(world: World, alias: str, how: str, env: str) -> None:
    """Promoting (deploying) the artifact to ENV goes through (it runs there, or waits for
    the approval ENV needs)."""
    refused = try_move(world, alias, env, how)
    if refused is not None:
        raise world.fail(f"{alias} promoted to {env}", f"{type(refused).__name__}: {refused}")


_WHAT = "<reason|block|failure|refusal|error|rejection|message|explanation|verdict>"


def _latest_block(world: World) -> str | None:
    """What the latest run's blocking gate said (its reason and details), if it blocked."""
    current = scene(world)
    if not current.runs:
        return None
    _, result = current.runs[-1]
    for gate in result.gates:
        if gate.status == "blocked":
            return "\n".join([str(gate.reason), *map(str, getattr(gate, "details", ()))])
    return None


def _pending_message(world: World) -> str:
    """With nothing refused or blocked, what the Pending pods wait for: their
    FailedScheduling message, as `kubectl describe pod` shows it (one message, however
    many pods share it)."""
    cluster = world.built_cluster
    pending = [] if cluster is None else [p for p in world.pods() if p.phase == "Pending"]
    messages = sorted({str(world.attribute(p, "reason") or "") for p in pending} - {""})
    if len(messages) == 1:
        return messages[0]
    if messages:
        raise world.fail(
            "one reason to explain",
            f"nothing was refused or blocked, and the Pending pods wait for {len(messages)} "
            'different reasons; name the pods: "the pending pods of "web" say there is not '
            'enough cpu"',
        )
    raise world.fail(
        "a refusal, a blocked gate or a Pending pod to explain",
        "nothing was refused or blocked, and no pod is Pending",
    )


@then(
    "the [<pipeline|pipeline's|run's|build's> ]" + _WHAT + " <says|said|mentions|mentioned|names|"
    "gives|is that|reads> {reason:reason}",
    "the reason mentions coverage of 72% being under 80%",
    "the block says the waiver had expired",
    'the failure mentions "3 failures"',
    "the pipeline says the integration test evidence is missing",
    variants=(
        "<it|that> <says|said|mentions|mentioned|names> {reason:reason}",
        "the <pipeline|pipeline run|build> <says|said|complains|complained> [that ]{reason:reason}",
        "the <pipeline|pipeline's|pipeline run's|run's|build's> <output|log> <says|said|mentions|"
        "mentioned|shows|names|reads> {reason:reason}",
    ),
)
@checks_error
def the_reason_says(world: World, reason: Reason) -> None:
    """What the refusal just checked (or the step just rejected) says REASON; with no
    refusal, what the latest run's blocking gate said, a blocked run's output; with neither,
    the Pending pods' FailedScheduling message (quoted: contains the text; in words: names
    every word that carries meaning)."""
    if world.error is not None or world.rejection.checked is not None:
        said = str(world.take_error())
    else:
        said = _latest_block(world) or _pending_message(world)
    aliases = world.declared.artifact_versions
    if not says(reason, said, aliases):
        taught = in_words_instead(reason, said, world.step.label, aliases) or _never_reached(
            world, str(reason)
        )
        raise world.fail(f"an explanation saying {reason}", said + taught)


_PASSING = {
    "unit": "the unit tests of {alias} pass with 90% coverage",
    "scan": "the scan of {alias} is clean",
    "integration": "the integration tests of {alias} pass",
}
"""How each gate is given what lets it pass, to reach a later gate."""


def _never_reached(world: World, reason: str) -> str:
    """Why a blocked run's explanation does not name a later gate's evidence: gates run in
    order and stop at the first block (GitHub Actions' needs:, Tekton's runAfter), so a gate
    after the blocking one never ran; what lets the blocking gate pass."""
    current = scene(world)
    if not current.runs:
        return ""
    alias, result = current.runs[-1]
    blocked = result.blocked_at
    ladder = list(GATES)
    if blocked not in ladder:
        return ""
    words = f" {reason.lower()} "
    later = [
        gate
        for gate in ladder[ladder.index(blocked) + 1 :]
        if any(f" {name} " in words for name in GATES[gate])
    ]
    if not later:
        return ""
    passing = _PASSING.get(str(blocked))
    fix = f' (e.g. "{passing.format(alias=alias)}")' if passing else ""
    return (
        f"; the run stopped at the {blocked} gate, before the {later[0]} gate: gates run in "
        f"order and stop at the first block, so the {later[0]} gate never ran; to reach it, "
        f"let the {blocked} gate pass first{fix}"
    )


_BECAUSE = "[ <because|since|as|with|saying> {reason:reason}]"


@then(
    "<it|that|this> <is|was|gets|got> <refused|rejected|denied|turned away>" + _BECAUSE,
    "it gets refused since the image isn't signed",
    "R5 is refused because it has no signature",
    variants=("{alias:name} <is|was|gets|got> <refused|rejected|denied|turned away>" + _BECAUSE,),
)
@checks_error
def it_is_refused(world: World, reason: Reason | None = None, alias: str | None = None) -> None:
    """The step before was rejected; "because/since …": its error says so (quoted: the
    text; in words: every word that carries meaning)."""
    error = world.take_error()
    if reason is not None and not says(reason, str(error), world.declared.artifact_versions):
        raise world.fail(f"a refusal because {reason}", f"{type(error).__name__}: {error}")
