"""The scan's verdict on one finding, said as security engineers say it: "the pipeline is
blocked by CVE-2025-61002 in jackson-core", "the medium finding in zlib is reported but does
not block", "the HIGH finding in openssl is shown as waived by "m.okafor"".

A finding is named by its id or by its severity and package; the scan gate's record of the
latest run (of the artifact, if named) says what became of it: one line per finding, as
``ID (SEVERITY in package): verdict``, the ids waived, and the waiver list cited.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kubeloop.harness.reasons import Reason, says
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pipeline_part import scene
from .verdicts import _BECAUSE, _gate, _verdict

_LINE = re.compile(r"(?P<id>\S+) \((?P<severity>[A-Z]+)(?: in (?P<package>[^)]+))?\): (?P<said>.*)")


@dataclass(frozen=True)
class Judged:
    """One finding as the scan gate recorded it."""

    id: str
    severity: str
    package: str
    said: str

    @property
    def blocks(self) -> bool:
        return self.said.startswith("blocks")


def _judged(gate: Any) -> list[Judged]:
    found = []
    for line in getattr(gate, "details", ()):
        parsed = _LINE.fullmatch(str(line))
        if parsed is not None:
            found.append(
                Judged(parsed["id"], parsed["severity"], parsed["package"] or "", parsed["said"])
            )
    return found


def _one(
    world: World,
    finding: str | None,
    severity: str | None,
    package: str | None,
    alias: str | None = None,
) -> tuple[Any, Judged]:
    """The scan gate of the latest run and its line about the finding described."""
    gate = _gate(world, "scan", alias)
    judged = _judged(gate)
    fits = [
        j
        for j in judged
        if (finding is None or j.id == finding)
        and (severity is None or j.severity == severity)
        and (package is None or j.package == package)
    ]
    described = " ".join(p for p in (severity, finding, f"in {package}" if package else "") if p)
    if len(fits) != 1:
        listed = "; ".join(f"{j.id} ({j.severity} in {j.package}): {j.said}" for j in judged)
        many = "several" if fits else "none"
        raise world.fail(
            f"the scan to report one {described} finding", f"{many}: {listed or 'no findings'}"
        )
    return gate, fits[0]


_FINDING = "the {severity:severity} finding in {package:name}"
_BY_ID = "{finding:finding}[ in {package:name}]"


@then(
    _FINDING + " <does not block|doesn't block|is reported but does not block|is not blocking|"
    "is reported but doesn't block|is only reported>",
    "the medium finding in zlib is reported but does not block",
    "the LOW finding in busybox does not block",
    variants=(
        _BY_ID + " <does not block|doesn't block|is reported but does not block|is not blocking>",
    ),
)
def does_not_block(
    world: World,
    package: str | None = None,
    severity: str | None = None,
    finding: str | None = None,
) -> None:
    """The scan reported the finding and it did not block (below HIGH, or waived)."""
    _, judged = _one(world, finding, severity, package)
    if judged.blocks:
        raise world.fail(f"{judged.id} not to block", judged.said)


@then(
    _FINDING + " <blocks|is blocking|blocked>",
    "the critical finding in libxml2 blocks",
    variants=(_BY_ID + " <blocks|is blocking|blocked>",),
)
def finding_blocks(
    world: World,
    package: str | None = None,
    severity: str | None = None,
    finding: str | None = None,
) -> None:
    """The scan reported the finding and it blocked."""
    _, judged = _one(world, finding, severity, package)
    if not judged.blocks:
        raise world.fail(f"{judged.id} to block", judged.said)


@then(
    _FINDING + " is [<shown as|marked as|reported as> ]waived[ by {owner:name}]",
    'the HIGH finding in openssl is shown as waived by "m.okafor"',
    variants=(_BY_ID + " is [<shown as|marked as|reported as> ]waived[ by {owner:name}]",),
)
def is_waived(
    world: World,
    package: str | None = None,
    severity: str | None = None,
    finding: str | None = None,
    owner: str | None = None,
) -> None:
    """A waiver let the finding through; "by …": the waiver in the current list names that
    owner (who approved it)."""
    gate, judged = _one(world, finding, severity, package)
    if judged.id not in getattr(gate, "waived", ()):
        raise world.fail(f"{judged.id} waived", judged.said)
    if owner is not None:
        waiver = world.attribute(scene(world).pipeline, "waivers").find(judged.id)
        by = getattr(waiver, "source", "") if waiver is not None else ""
        if by != owner:
            raise world.fail(f"the waiver of {judged.id} approved by {owner}", by or "no owner")


@then(
    "the pipeline[ <for|of> {alias:artifact}] <is|was> blocked by " + _BY_ID,
    "the pipeline is blocked by CVE-2025-61002 in jackson-core",
    "the scan gate blocks B4 on CVE-2026-21877",
    variants=(
        "the <scan|vulnerability|security> <gate|scan|check> blocks {alias:artifact} on " + _BY_ID,
        "{alias:artifact} is blocked by " + _BY_ID,
        "the <scan|vulnerability|security> <gate|scan|check> <blocks|blocked|stops|stopped> on "
        + _BY_ID,
        "the <pipeline|run|scan|scan gate|release>[ <for|of> {alias:artifact}] <fails|failed|"
        "stops|stopped|is stopped|was stopped|breaks|broke|halts|halted|is held|was held> <on|"
        "because of|over|due to|at> " + _BY_ID,
        "the <pipeline|run|scan|release>[ <for|of> {alias:artifact}] <blocks|blocked|is blocked|"
        "was blocked|gets blocked|got blocked> <on|over> " + _BY_ID + _BECAUSE,
    ),
)
def blocked_by_finding(
    world: World,
    finding: str,
    alias: str | None = None,
    package: str | None = None,
    reason: Reason | None = None,
) -> None:
    """The latest run (of the artifact) stopped at the scan gate, and that finding is one
    that blocked it; "because …": the gate's reason or its line about the finding says so."""
    which, result = _verdict(world, alias)
    if result.blocked_at != "scan":
        raise world.fail(
            f"{which} blocked at the scan", f"blocked at {result.blocked_at or 'no gate'}"
        )
    gate, judged = _one(world, finding, None, package, alias)
    if not judged.blocks:
        raise world.fail(f"{finding} to block {which}", judged.said)
    said = f"{gate.reason}\n{judged.said}"
    if reason is not None and not says(reason, said, world.declared.artifact_versions):
        raise world.fail(f"{finding} to block {which} because {reason}", said)
