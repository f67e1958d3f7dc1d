"""Findings said the way security engineers report them: a finding with its severity and
package in apposition ("the scan of O3 turns up CVE-2026-3301, CRITICAL, in log4j-core,
with no waiver"), what blocked the run counted ("the pipeline is blocked by exactly 1
finding") and named after it ("that finding is CVE-2026-5502")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .findings import _judged
from .gates import _FINDS, _SCAN, scan_reports
from .pipeline_part import scene
from .verdicts import _gate, _verdict

_APPOSED = (
    " {finding:finding}, [severity ]{severity:severity}[ severity], in [package ]{package:name}"
    "[, with <no|no active> <waiver|exception>]"
)
_PROBLEM = (
    " <a|an|one> {severity:severity}[ severity] <problem|issue|vulnerability|finding|CVE|hole>"
    ", {finding:finding}[ in [package ]{package:name}][, with <no|no active> <waiver|exception>]"
)
_BRACKETED = (
    " {finding:finding} ({severity:severity})[ in [package ]{package:name}]"
    "[, with <no|no active> <waiver|exception>]"
)
_UNWAIVED = re.compile(r"\bwith no (?:active )?(?:waiver|exception)\b", re.IGNORECASE)
_SCANNER = "{alias:artifacts} [<vulnerability|security|image|CVE|Trivy|container> ]scan"


@given(
    _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + _APPOSED,
    "the scan of O3 turns up CVE-2026-3301, CRITICAL, in log4j-core",
    "the scan of S3 turns up CVE-2026-3321, HIGH, in openssl, with no waiver",
    "R1's security scan found a critical problem, CVE-2026-33190 in openssl, with no exception",
    variants=(
        _SCANNER + " " + _FINDS + _APPOSED,
        _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + _PROBLEM,
        _SCANNER + " " + _FINDS + _PROBLEM,
        _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + _BRACKETED,
        _SCANNER + " " + _FINDS + _BRACKETED,
    ),
)
def finding_in_apposition(
    world: World, alias: str, finding: str, severity: str, package: str | None = None
) -> None:
    """One more finding the scanner reports for the artifact; "with no waiver": none in the
    waiver list covers it now (else the line is refused, as it is not true). Said without
    it, a waiver may cover the finding: the scan gate decides."""
    current = scene(world)
    waiver = current.waivers.find(finding)
    said_unwaived = _UNWAIVED.search(world.step.text) is not None
    if said_unwaived and waiver is not None and waiver.active(world.clock.now):
        raise world.fail(
            f"{finding} with no waiver",
            f"waiver list version {current.waivers.version} covers it until "
            f"{waiver.expires or 'it is revoked'}",
        )
    scan_reports(world, severity, alias, finding, package)


def _blocking(world: World, alias: str | None) -> list[str]:
    """The ids of the findings that blocked the latest run (of the artifact) at the scan."""
    which, result = _verdict(world, alias)
    if result.blocked_at != "scan":
        raise world.fail(
            f"{which} blocked at the scan", f"blocked at {result.blocked_at or 'no gate'}"
        )
    return sorted(j.id for j in _judged(_gate(world, "scan", alias)) if j.blocks)


@then(
    "the pipeline[ <for|of> {alias:artifact}] <is|was> blocked by [<exactly|only|just> ]"
    "{count:n} <finding|findings|CVE|CVEs|vulnerability|vulnerabilities>",
    "the pipeline is blocked by exactly 1 finding",
    "the pipeline for O1 was blocked by 2 CVEs",
    variants=(
        "[<exactly|only|just> ]{count:n} <finding|findings|CVE|CVEs|vulnerability|"
        "vulnerabilities> <blocks|block|blocked> the pipeline[ <for|of> {alias:artifact}]",
        "the scan gate blocks[ {alias:artifact}] on [<exactly|only|just> ]{count:n} "
        "<finding|findings|CVE|CVEs|vulnerability|vulnerabilities>",
    ),
)
def blocked_by_count(world: World, count: int, alias: str | None = None) -> None:
    """The latest run (of the artifact) stopped at the scan gate, blocked by exactly COUNT
    findings; they are "that finding" ("those findings") from now on."""
    blocking = _blocking(world, alias)
    if len(blocking) != count:
        raise world.fail(f"{count} blocking finding(s)", ", ".join(blocking) or "none")
    world.declared.mentioned["finding"] = ", ".join(blocking)


@then(
    "<that|the|this> finding is {findings:findings}",
    "that finding is CVE-2026-5502",
    "those findings are CVE-2026-4410 and CVE-2026-5502",
    variants=("<those|the|these> findings are {findings:findings}",),
)
def that_finding_is(world: World, findings: Sequence[str]) -> None:
    """The finding(s) said last (the ones that blocked, when a Then just counted them) are
    exactly these ids, no more and no fewer."""
    said = world.declared.mentioned.get("finding")
    if said is None:
        raise world.fail("a finding said before (that finding)", "none was")
    if sorted(said.split(", ")) != sorted(findings):
        raise world.fail(", ".join(sorted(findings)), said)


@then(
    "the <blocking|only blocking> <finding is|findings are> {findings:findings}",
    "the blocking finding is CVE-2026-5502",
    variants=(
        "<only |just |exactly >{findings:findings} <blocks|block|blocked> the pipeline",
        "what blocked the pipeline <is|was|were> {findings:findings}",
    ),
)
def blocking_findings_are(world: World, findings: Sequence[str]) -> None:
    """The latest run stopped at the scan gate, and exactly these findings blocked it."""
    blocking = _blocking(world, None)
    if blocking != sorted(findings):
        raise world.fail(", ".join(sorted(findings)), ", ".join(blocking) or "none")
    world.declared.mentioned["finding"] = ", ".join(blocking)


_KINDS = "<finding|findings|CVE|CVEs|vulnerability|vulnerabilities|issue|issues>"


@then(
    "the <scan|scan gate|vulnerability scan|security scan>[ <of|for|on> {alias:artifact}] "
    "<reports|reported|found|finds|shows|showed|lists|listed|recorded|records> "
    "[<exactly|only|just> ]{count:n} [{severity:severity} ]" + _KINDS,
    "the scan gate reports 1 critical finding",
    "the scan of O1 found exactly 2 CVEs",
)
def scan_counts(
    world: World, count: int, alias: str | None = None, severity: str | None = None
) -> None:
    """The scan gate of the latest run (of the artifact) judged exactly COUNT findings (of
    that severity, if said), blocking or not."""
    judged = _judged(_gate(world, "scan", alias))
    fits = sorted(j.id for j in judged if severity is None or j.severity == severity)
    if len(fits) != count:
        said = f"{severity} " if severity else ""
        raise world.fail(f"{count} {said}finding(s)", ", ".join(fits) or "none")
    world.declared.mentioned["finding"] = ", ".join(fits)
