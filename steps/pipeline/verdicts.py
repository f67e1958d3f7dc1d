"""The ladder's verdicts, said as release engineers say them.

A gate is named any way people name it (gate scan, the scan gate, the vulnerability scan,
the coverage check — the unit gate, where coverage is judged); a sentence about an artifact
reads that artifact's latest run, one that names none the latest run of all. "blocks R3
because the waiver has expired" holds only if the gate's own reason says so (reasons.py).
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.reasons import Reason, says
from kubeloop.harness.registry import then
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .pipeline_part import scene

_FOR = "[ <for|on|of> {alias:artifact}]"
_AGAIN = "[ <again|once more|still>]"
_BECAUSE = "[ because {reason:reason}]"


def _verdict(world: World, alias: str | None = None) -> tuple[str, Any]:
    """(alias, result) of the latest run, of the artifact if one is named."""
    current = scene(world)
    if alias is None:
        return current.last_run(world)
    digest = current.digest(world, alias)
    runs = [(a, r) for a, r in current.runs if current.aliases.get(a) == digest]
    if not runs:
        raise world.fail(f"a pipeline run of {alias} (When I run the pipeline for {alias})", "none")
    return runs[-1]


def _gate(world: World, name: str, alias: str | None = None) -> Any:
    """The gate's verdict in the latest run (of the artifact); "" ("the gate") is the gate
    said last, else the one that blocked."""
    which, result = _verdict(world, alias)
    if not name:
        blocked = next((g.gate for g in result.gates if g.status == "blocked"), None)
        name = world.declared.mentioned.get("gate") or blocked or ""
    for gate in result.gates:
        if gate.gate.casefold() == name.casefold():  # "Scan" is the scan gate
            world.declared.mentioned["gate"] = gate.gate
            return gate
    names = [g.gate for g in result.gates]
    wanted = name or "said earlier (the gate)"
    raise world.fail(f"a gate {wanted} in the run of {which}", f"gates {', '.join(names)}")


def _on_ladder(world: World, gate: Any, alias: str | None) -> FailedCheck:
    """The checked gate on the ladder of the run it was read from."""
    which, _ = _verdict(world, alias)
    return FailedCheck("ladder", which, str(gate.gate))


def _stopped_at(world: World, alias: str, result: Any) -> str | None:
    """The gate the run stopped at (None: every gate passed), observed from the gates'
    recorded verdicts, not from the run's own summary: gates run in order, each passes or
    blocks, and every gate after a block is recorded as not run."""
    gates = list(result.gates)
    if not gates:
        raise world.fail(f"the run of {alias} to record each gate's verdict", "it records none")
    blocked: str | None = None
    for gate in gates:
        status = gate.status
        if blocked is None and status == "blocked":
            blocked = gate.gate
        elif blocked is None and status != "passed":
            raise world.fail(
                f"gate {gate.gate} of {alias} to pass or block (a block is never a silent skip)",
                f"{status}: {gate.reason}",
            )
        elif blocked is not None and status != "not run":
            raise world.fail(
                f"every gate after {blocked} not run (the ladder stops at the first block)",
                f"gate {gate.gate} {status} after {blocked} blocked: {gate.reason}",
            )
    said = (result.blocked_at, result.passed)
    if said != (blocked, blocked is None):
        raise world.fail(
            f"the run of {alias} to say what its gates recorded (blocked at {blocked})",
            f"it says blocked_at={said[0]!r}, passed={said[1]!r}",
        )
    return blocked


def _said(gate: Any) -> str:
    return "\n".join([str(gate.reason), *map(str, getattr(gate, "details", ()))])


@then(
    "the pipeline passes",
    "the pipeline passes",
    "every gate on R1 is green",
    "R3 passes all its gates",
    variants=(
        "every gate <on|for|of> {alias:artifact} <is green|passed|passes|is passing>",
        "all [the ]gates <on|for|of> {alias:artifact} <are green|passed|pass>",
        "{alias:artifact} <passes|passed|has passed> <all|every> [of ]"
        "<its gates|the gates|gates|gate>",
        "the pipeline <passes|passed> for {alias:artifact}",
        "every gate <passes|passed|is green> <for|on> {alias:artifact}",
        "the pipeline <for|of> {alias:artifact} <passes|passed|is green>",
        "{alias:artifact} <passes|passed|has passed>[ the pipeline]",
        "the pipeline[ <for|of> {alias:artifact}] <is not|isn't|was not|wasn't|is no longer> "
        "blocked",
        "nothing blocks the pipeline[ <for|of> {alias:artifact}]",
        "<all|every one of> [the ][<four|4> ]gates <pass|passed|are green|were green|went green>",
    ),
)
def the_pipeline_passes(world: World, alias: str | None = None) -> None:
    """The latest run (of the artifact, if named) passed every gate, as the gates recorded it."""
    which, result = _verdict(world, alias)
    blocked = _stopped_at(world, which, result)
    if blocked is not None:
        raise world.fail(f"the pipeline for {which} to pass", f"it is blocked at {blocked}")


@then(
    "the pipeline is blocked at {gate:gate}" + _FOR,
    "the pipeline fails at the scan stage",
    "the pipeline is blocked at scan",
    "R2 shows up as blocked in the pipeline report",
    variants=(
        "{alias:artifact} <is|was|shows up as|appears as|is shown as|is marked> blocked"
        "[ in the pipeline[ report]][ at {gate:gate}]",
        "the pipeline[ <for|of> {alias:artifact}] <fails|failed|stops|stopped|halts|halted|"
        "is stopped|was stopped|blocks|blocked|was blocked> at {gate:gate}",
        "the pipeline[ <for|of> {alias:artifact}] <is|was> <blocked|stopped> by {gate:gate}",
    ),
)
def the_pipeline_is_blocked_at(
    world: World, gate: str | None = None, alias: str | None = None
) -> None:
    """The latest run stopped at GATE (at some gate, if none is named): it blocked there
    and every later gate did not run (as the gates recorded it)."""
    which, result = _verdict(world, alias)
    blocked = _stopped_at(world, which, result)
    if blocked is None or (gate is not None and blocked.casefold() != gate.casefold()):
        actual = "it passed" if blocked is None else f"it is blocked at {blocked}"
        raise world.fail(f"the pipeline for {which} to be blocked at {gate or 'a gate'}", actual)


_FAILED = "<failed|fails|blocked|blocks|is red|was red|is blocked|was blocked|is failing>"


@then(
    "{gate:gate} " + _FAILED + _FOR + _AGAIN + _BECAUSE,
    "the coverage gate fails for R2",
    "the vulnerability gate blocks R3 again because the waiver has expired",
    variants=(
        "{gate:gate} <blocks|blocked|stops|stopped|rejects|rejected|fails|failed|turns back|"
        "turned back|refuses|refused> {alias:artifact}" + _AGAIN + _BECAUSE,
    ),
)
def gate_blocked(
    world: World, gate: str, alias: str | None = None, reason: Reason | None = None
) -> None:
    """The gate blocked in the latest run (of the artifact); "because …": its reason or
    details say so."""
    found = _gate(world, gate, alias)
    if found.status != "blocked":
        raise world.fail(
            f"gate {gate} to block",
            f"{found.status}: {found.reason}",
            _on_ladder(world, found, alias),
        )
    if reason is not None and not says(reason, _said(found), world.declared.artifact_versions):
        raise world.fail(
            f"gate {gate} to block because {reason}", _said(found), _on_ladder(world, found, alias)
        )


_NOT_RUN = (
    "<did not run|was not run|never ran|never runs|does not run|doesn't run|was skipped|"
    "is skipped|got skipped|was never reached|is never reached>"
)
_BLOCKER = " because {blocker:gate} <failed|blocked|was blocked>"


@then(
    "{gate:gate}" + _FOR + " " + _NOT_RUN + "[" + _BLOCKER + "][[,] and <it says|says> why]",
    "gate integration did not run",
    "the security scan never runs, and it says why",
    "gate scan did not run because unit failed",
    "the scan gate on R2 was skipped because the coverage gate failed",
)
def gate_did_not_run(
    world: World, gate: str, alias: str | None = None, blocker: str | None = None
) -> None:
    """The gate was not run because an earlier gate blocked (recorded, never silent); with
    "because X failed", X is the gate the record names as the one that blocked."""
    _not_run(world, gate, alias, blocker)


@then(
    "{gates:gates}" + _FOR + " <did not run|were not run|never ran|were skipped|got skipped>",
    "the scan and integration gates never ran for B2",
    "the integration and sign stages were skipped",
    variants=(
        "{gates:gates} <did not run|were not run|never ran|were skipped|got skipped>"
        " <for|on|of> {alias:artifact}",
    ),
)
def gates_did_not_run(world: World, gates: tuple[str, ...], alias: str | None = None) -> None:
    """None of the gates ran (an earlier gate blocked, and the record says which)."""
    for gate in gates:
        _not_run(world, gate, alias, None)


def _not_run(world: World, gate: str, alias: str | None, blocker: str | None) -> None:
    found = _gate(world, gate, alias)
    status = found.status
    if status != "not run":
        raise world.fail(
            f"gate {gate} not run", f"it {status}: {found.reason}", _on_ladder(world, found, alias)
        )
    named = getattr(found, "blocked_by", None)
    if not named:
        raise world.fail(f"gate {gate} to name the gate that blocked", "it names none")
    if blocker is not None and str(named).casefold() != blocker.casefold():
        raise world.fail(f"gate {gate} not run because {blocker} blocked", f"{named} blocked")


_PASSED = " <passed|passes|is green|was green|succeeded|succeeds>"


@then(
    "{gate:gate}" + _FOR + _PASSED,
    "gate unit passed",
    "the unit test gate passed for R1",
    "R4 gets through the vulnerability gate",
    variants=(
        "{gate:gate}" + _PASSED + " <for|on> {alias:artifact}",
        "{alias:artifact} <gets through|got through|gets past|got past|clears|cleared|"
        "makes it through|made it through> {gate:gate}",
    ),
)
def gate_passed(world: World, gate: str, alias: str | None = None) -> None:
    """The gate ran in the latest run (of the artifact) and passed."""
    found = _gate(world, gate, alias)
    if found.status != "passed":
        raise world.fail(
            f"gate {gate} to pass",
            f"{found.status}: {found.reason}",
            _on_ladder(world, found, alias),
        )


@then(
    "{gate:gate}" + _FOR + " <says|said|mentions|reports> {text:text}",
    'gate scan says "CVE-2026-1111 (HIGH in openssl) blocks"',
)
def gate_says(world: World, gate: str, text: str, alias: str | None = None) -> None:
    """The gate's recorded reason (or one of its details) contains TEXT."""
    found = _gate(world, gate, alias)
    said = [found.reason, *getattr(found, "details", ())]
    if not any(text in line for line in said):
        raise world.fail(
            f"gate {gate} to say {text!r}",
            "\n    " + "\n    ".join(said),
            _on_ladder(world, found, alias),
        )


@then(
    "the scan waived {ids:names} under waiver list version {version:n}",
    "the scan waived CVE-2026-1111 under waiver list version 3",
)
def the_scan_waived(world: World, ids: list[str], version: int) -> None:
    """The scan let exactly these findings through, citing that list version."""
    found = _gate(world, "scan")
    waived = list(getattr(found, "waived", ()))
    cited = getattr(found, "waiver_list_version", None)
    if sorted(waived) != sorted(ids) or cited != version:
        raise world.fail(
            f"waived {', '.join(ids)} under version {version}",
            f"waived {', '.join(waived) or 'nothing'} under version {cited}",
        )
