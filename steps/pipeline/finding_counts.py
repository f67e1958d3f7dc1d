"""Scan findings counted by severity, and waivers said to be absent.

"the vulnerability scan of R3 reports 1 critical, 3 high and 12 medium CVEs": that many
findings of each severity (known by severity alone: ``UNNAMED-MEDIUM-1`` …, as a finding
said without an id is); "the mediums are reported but don't block anything" reads the scan
gate's own details of the latest run; "nobody has waived CVE-2026-4242" holds when the
current waiver list lets that finding through nowhere (a Given that is not so fails).
"""

from __future__ import annotations

from collections.abc import Sequence

import kubeloop.harness.outcome_words  # noqa: F401  (registers severitycounts, severities)
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World
from kubeloop.pipeline import Finding

from .gates import _SCAN
from .pipeline_part import said_last, scene
from .verdicts import _gate

_KINDS = "<CVEs|CVE|findings|finding|vulnerabilities|vulnerability|issues>"


@given(
    _SCAN + "[ <of|on|for> {alias:artifact}] <reports|reported|finds|found|shows|showed|turns up"
    "|turned up> {counts:severitycounts} " + _KINDS,
    "the vulnerability scan reports 1 critical, 3 high and 12 medium CVEs",
    "the scan of R3 finds 2 low findings",
)
def findings_by_severity(
    world: World, counts: Sequence[tuple[str, int]], alias: str | None = None
) -> None:
    """That many more findings of each severity for the artifact (named, else said or built
    last), each known by its severity alone; the scan reports them all."""
    said = alias or said_last(world)
    current = scene(world)
    digest = current.digest(world, said)
    found = list(current.findings.get(said, []))
    for severity, count in counts:
        known = sum(1 for f in found if f.severity == severity and f.id.startswith("UNNAMED-"))
        found += [Finding(f"UNNAMED-{severity}-{known + n + 1}", severity) for n in range(count)]

    def record() -> None:
        world.capability(current.pipeline, "record_scan")(digest, list(found))
        current.findings[said] = found

    world.attempt(record)
    current.recorded.setdefault(said, set()).add("record_scan")


@then(
    "the {severity:severities}[ <findings|ones>] <are|were> <reported|listed|shown> but "
    "<don't|do not|didn't|did not> block[ anything][ <for|on|of> {alias:artifact}]",
    "the mediums are reported but don't block anything",
    "the low findings are listed but do not block",
    variants=(
        "the {severity:severities}[ <findings|ones>] <don't|do not|didn't|did not> block"
        "[ anything][ <for|on|of> {alias:artifact}]",
    ),
)
def severity_does_not_block(world: World, severity: str, alias: str | None = None) -> None:
    """The latest scan (of the artifact) reported findings of that severity, and none of
    them blocked (below HIGH, or waived), as the scan gate's details say."""
    gate = _gate(world, "scan", alias)
    lines = [str(d) for d in getattr(gate, "details", ()) if f"({severity}" in str(d)]
    if not lines:
        raise world.fail(f"{severity} findings reported by the scan", str(gate.reason))
    blocking = [line for line in lines if ": blocks" in line]
    if blocking:
        raise world.fail(f"no {severity} finding blocking", blocking[0])


@then(
    "the {severity:severities}[ <findings|ones>] <block|blocked|are blocking|were blocking>"
    "[ <for|on|of> {alias:artifact}]",
    "the criticals block",
    "the high findings blocked",
)
def severity_blocks(world: World, severity: str, alias: str | None = None) -> None:
    """The latest scan (of the artifact) reported findings of that severity, and each of
    them blocked (HIGH, CRITICAL or UNKNOWN, and not waived), as the gate's details say."""
    gate = _gate(world, "scan", alias)
    lines = [str(d) for d in getattr(gate, "details", ()) if f"({severity}" in str(d)]
    if not lines:
        raise world.fail(f"{severity} findings reported by the scan", str(gate.reason))
    passing = [line for line in lines if ": blocks" not in line]
    if passing:
        raise world.fail(f"every {severity} finding blocking", passing[0])


@given(
    "nobody has waived {finding:finding}",
    "nobody has waived CVE-2026-4242",
    "there is no waiver for CVE-2024-3094",
    variants=(
        "there is no <waiver|exception> for {finding:finding}",
        "{finding:finding} <is not|isn't|has not been|hasn't been> waived",
        "<nobody|no one|no-one> <has waived|waived|has signed off on|signed off on> "
        "<it|that finding|that CVE|this CVE|the finding>",
    ),
)
def nobody_waived(world: World, finding: str | None = None) -> None:
    """The current waiver list lets the finding (none named: the one said last) through
    nowhere: no waiver of it, or one that has expired (a Given that is not so fails at its
    line)."""
    finding = finding or world.declared.mentioned.get("finding")
    if finding is None:
        raise world.fail("a finding said earlier (the scan of B1 finds CVE-…)", "none was said")
    for each in finding.split(", "):
        waiver = scene(world).waivers.find(each)
        if waiver is not None and waiver.active(world.clock.now):
            list_version = scene(world).waivers.version
            raise world.fail(
                f"no active waiver of {each}",
                f'waiver list version {list_version} accepts it: "{waiver.reason}"',
            )


@then(
    "the scan gate passes with <waivers|a waiver|waived findings>[ <for|on|of> {alias:artifact}]",
    "the scan gate passes with waivers",
    "the scan gate passes with a waiver for R3",
    "the scan passes thanks to the waiver",
    variants=(
        "the <scan|scan gate|vulnerability scan|security scan>[ <for|on|of> {alias:artifact}] "
        "<passes|passed|is green|goes through|went through|gets through|got through> <thanks to|"
        "because of|only because of|only thanks to|only through|through|on the strength of> "
        "<the|a|its> <waiver|waivers|exception|exceptions>",
    ),
)
def scan_passes_with_waivers(world: World, alias: str | None = None) -> None:
    """The latest scan (of the artifact) passed, and only because a waiver let at least one
    blocking finding through (the gate cites what it waived)."""
    gate = _gate(world, "scan", alias)
    if gate.status != "passed":
        raise world.fail("the scan gate to pass", f"it {gate.status}: {gate.reason}")
    if not getattr(gate, "waived", ()):
        raise world.fail("a finding waived by the scan gate", f"none: {gate.reason}")
