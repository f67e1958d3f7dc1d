"""The audit log: what the pipeline recorded, said as people ask for it ("there's a rollback
event recorded for prod", "the audit log shows a promotion of R1 to staging"). It reads the
pipeline's own events: every promotion, deploy, rollback, approval and rejection is one,
naming the environment and the artifact's label; a refused operation records nothing."""

from __future__ import annotations

from typing import Any

import kubeloop.harness.release_words  # noqa: F401  (registers happening)
from kubeloop.harness.errors import EngineCapabilityError
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .chains import takes_approver
from .pipeline_part import scene
from .verdicts import _gate

_WHAT = "{kind:happening}"
_OF = "[ of {alias:artifact}]"
_WHERE = " <for|in|of|to|into> {env:name}"


def _events(world: World) -> list[Any]:
    return list(world.attribute(scene(world).pipeline, "events") or ())


def _label(world: World, alias: str) -> str:
    """The artifact as the pipeline's messages name it: its digest's short form."""
    return scene(world).digest(world, alias)[:19]


@then(
    "<there is|there's|there was> <a|an> " + _WHAT + " <event|entry>[ recorded]" + _OF + _WHERE,
    "there's a rollback event recorded for prod",
    "there is an approval entry for prod",
    variants=(
        "the audit <log|trail> <shows|records|has|lists|contains> <a|an|the> "
        + _WHAT
        + _OF
        + _WHERE,
        "<a|an|the> " + _WHAT + _OF + _WHERE + " <is|was> recorded in the audit <log|trail>",
        "the " + _WHAT + _OF + " <shows up|appears|is recorded|is listed> in the {env:name} "
        "<event history|history|events|audit log>",
        "the " + _WHAT + _OF + " <shows up|appears|is recorded|is listed> in {env:name}'s "
        "<event history|history|events|audit log>",
    ),
)
def audit_shows(world: World, kind: str, env: str, alias: str | None = None) -> None:
    """The pipeline recorded that kind of event for ENV (about the artifact, if named)."""
    reason = kind
    wanted = f"environment/{env}"
    digest = _label(world, alias) if alias else None
    found = [
        e
        for e in _events(world)
        if e.reason == reason and e.object == wanted and (digest is None or digest in e.message)
    ]
    if not found:
        recent = "\n".join(f"    {e}" for e in _events(world)[-8:]) or "    (no events)"
        what = f"{reason} of {alias}" if alias else reason
        raise world.fail(f"an event {what} for {env}", f"none; the latest events:\n{recent}")


@then(
    "the <waiver|exception>[ for {finding:finding}] <shows up|appears|is recorded|is listed> "
    "in the audit <log|trail>[ for {alias:artifact}]",
    "the waiver shows up in the audit log for R3",
    "the exception for CVE-2024-3094 is recorded in the audit trail",
)
def waiver_in_audit(world: World, finding: str | None = None, alias: str | None = None) -> None:
    """The pipeline recorded a waiver list that accepts the finding (the waiver said last);
    "for R3": the latest scan of R3 let the finding through under it."""
    said = finding or world.declared.mentioned.get("finding")
    if said is None:
        raise world.fail("a waiver said earlier (a waiver for CVE-…)", "none was said")
    lists = [e for e in _events(world) if e.reason == "WaiverList" and said in e.message]
    if not lists:
        raise world.fail(f"a waiver list accepting {said} in the audit log", "none")
    if alias is not None:
        gate = _gate(world, "scan", alias)
        if said not in getattr(gate, "waived", ()):
            raise world.fail(f"the scan of {alias} to cite the waiver of {said}", gate.reason)


@then(
    "the audit <log|trail> <shows|records|says|lists> [that ]{who:person} approved "
    "{alias:artifact}[ for {env:name}]",
    "the audit log shows that Marcus approved R7 for prod",
    'the audit trail records that "dana" approved B1 for prod',
    variants=(
        "{alias:artifact} <was|got|has been> approved[ for {env:name}] by {who:person}",
        "{who:person} approved {alias:artifact}[ for {env:name}]",
        "the approval of {alias:artifact}[ for {env:name}] <is|was> <recorded|logged> <as|with> "
        "{who:person}[ as the approver]",
    ),
)
def approved_by(world: World, who: str, alias: str, env: str | None = None) -> None:
    """The pipeline recorded an approval of the artifact (for ENV) given by WHO; an engine
    whose ``approve`` takes no ``by`` cannot say who, and is told so."""
    if not takes_approver(world):
        raise EngineCapabilityError(
            f"engine {world.engine_name} does not provide Pipeline.approve(..., by=NAME), "
            f'which the step "{world.step.text}" needs to know who approved'
        )
    digest = _label(world, alias)
    where = f" for {env}" if env else " for "
    found = [
        e
        for e in _events(world)
        if e.reason == "Approved"
        and digest in e.message
        and e.message.endswith(f" by {who}")
        and where in e.message
    ]
    if not found:
        given = [e.message for e in _events(world) if e.reason == "Approved"]
        shown = "; ".join(given) or "no approval"
        raise world.fail(f"an approval of {alias}{where.rstrip()} by {who}", shown)


@then(
    "the audit <log|trail> <shows|records|says|lists|names> who approved {alias:artifact}"
    "[ for {env:name}]",
    "the audit log records who approved R2",
    "the audit trail shows who approved R2 for prod",
)
def approver_recorded(world: World, alias: str, env: str | None = None) -> None:
    """The pipeline recorded an approval of the artifact (for ENV) that names who gave it
    (" by NAME"); an engine whose ``approve`` takes no ``by`` cannot say who, and is told so."""
    if not takes_approver(world):
        raise EngineCapabilityError(
            f"engine {world.engine_name} does not provide Pipeline.approve(..., by=NAME), "
            f'which the step "{world.step.text}" needs to know who approved'
        )
    digest = _label(world, alias)
    where = f" for {env}" if env else " for "
    approvals = [
        e.message
        for e in _events(world)
        if e.reason == "Approved" and digest in e.message and where in e.message
    ]
    if not any(" by " in m.partition(where)[2] for m in approvals):
        shown = "; ".join(approvals) or "no approval"
        said = f" for {env}" if env else ""
        raise world.fail(f"an approval of {alias}{said} naming who gave it", shown)


@given(
    "nobody has approved {alias:artifact} for {env:name}[ yet]",
    "nobody has approved R7 for prod yet",
    "nobody has approved it for prod",
    variants=("{alias:artifact} <has not been|hasn't been|is not|isn't> approved for {env:name}",),
)
def nobody_approved(world: World, alias: str, env: str) -> None:
    """No approval of the artifact for ENV was recorded (a Given that is not so fails at
    its line): a promotion there will wait."""
    digest = _label(world, alias)
    wanted = f"environment/{env}"
    given = [
        e
        for e in _events(world)
        if e.reason == "Approved" and e.object == wanted and digest in e.message
    ]
    if given:
        raise world.fail(f"no approval of {alias} for {env}", given[-1].message)


@then(
    "<nobody|no one|no-one> <approved|has approved|has yet approved|ever approved|has ever "
    "approved> {alias:artifact}[ for {env:name}][ yet]",
    "nobody approved R7 for prod",
    "R7 has not been approved yet",
    "R7 is not approved for prod",
    variants=(
        "{alias:artifact} <has not been|hasn't been|was not|wasn't|is not|isn't|has never been|"
        "was never|is not yet|isn't yet|has not yet been|still isn't|is still not> approved"
        "[ for {env:name}][ yet]",
    ),
)
def not_approved(world: World, alias: str, env: str | None = None) -> None:
    """No approval of the artifact was recorded for ENV (none said: for any environment
    that needs one)."""
    for each in [env] if env else scene(world).approving():
        nobody_approved(world, alias, each)


@then(
    "{alias:artifact} was <deployed|promoted|rolled back> to {env:name} with <a|the> signature by "
    "key {key:name}",
    'R1 was deployed to prod with a signature by key "ci-ed25519-2026"',
    "the audit log shows L1 in prod verified with the ci key",
    variants=(
        "the audit <log|trail> <shows|lists|records> {alias:artifact} in {env:name} verified with "
        "key {key:name}",
        "the audit <log|trail> <shows|lists|records> {alias:artifact} in {env:name} verified with "
        "the {key:name} key",
    ),
)
def deployed_with_key(world: World, alias: str, env: str, key: str) -> None:
    """The pipeline recorded a deployment of the artifact to ENV whose verified signature
    was by that key (every promotion, deploy and rollback names the key it verified)."""
    digest = _label(world, alias)
    wanted = f"environment/{env}"
    key = scene(world).key_named(key, world.step.text)
    said = f'verified signature by key "{key}"'
    deployed = [
        e
        for e in _events(world)
        if e.reason in ("Promoted", "Deployed", "RolledBack")
        and e.object == wanted
        and f"{env} runs " in e.message
        and digest in e.message.partition(" (was ")[0]
    ]
    if not any(said in e.message for e in deployed):
        shown = "; ".join(e.message for e in deployed) or f"no deployment of {alias} to {env}"
        raise world.fail(f"a deployment of {alias} to {env} verified with key {key}", shown)


@then(
    "the audit <log|trail|record> <names|lists|shows|records|contains|has|mentions|includes> "
    "the digest of {alias:artifact}",
    "the audit trail lists the digest of G8",
    "the audit log shows G8's digest",
    variants=(
        "the audit <log|trail|record> <names|lists|shows|records|contains|has|mentions|includes> "
        "{alias:artifacts} digest",
    ),
)
def audit_names_digest(world: World, alias: str) -> None:
    """Some promotion, deploy, rollback or approval the pipeline recorded names the
    artifact by its digest (the messages name every artifact by its digest, never a tag)."""
    digest = _label(world, alias)
    moves = ("Promoted", "Deployed", "RolledBack", "Approved")
    if not any(e.reason in moves and digest in e.message for e in _events(world)):
        recent = "; ".join(e.message for e in _events(world)[-4:]) or "no events"
        raise world.fail(f"an audit entry naming {alias} by its digest {digest}…", recent)
