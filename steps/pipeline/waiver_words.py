"""Waivers as security engineers grant them: a finding waived with a verb ("security
waives CVE-2026-1234 until the end of the month", "CVE-2026-1235 is waived for 2 weeks
because …"), every finding of a severity waived at once ("the HIGH findings of C2 are
waived until 2026-06-30"), and an expiry said relative to today ("the waiver for
CVE-2026-1234 expires tomorrow"). Each adds the list's next version, as a waiver list
grows; relative days are read on the scenario's calendar (harness/later_dates.py)."""

from __future__ import annotations

import kubeloop.harness.later_dates  # noqa: F401  (registers later)
from kubeloop.harness.later_dates import Later
from kubeloop.harness.registry import given
from kubeloop.harness.world import World
from kubeloop.pipeline import Waiver
from kubeloop.pipeline.waivers import date_at, parse_date, seconds_since

from .pipeline_part import scene

_WHO = "[<security|the security team|someone|somebody|the team|I|we|the release manager> ]"
_VERB = "<waives|waive|waived|excuses|excuse|excused|exempts|exempt|exempted|accepts the risk of>"
_BEING = "<waived|excused|exempted|accepted|allowlisted|suppressed|ignored>"
_ON = "[ <on|for|in> {alias:artifact}]"
_BECAUSE = "[[,] because {reason:text}]"
_EXPIRY = (
    "[[,] <until|till|through|expiring|expiring on|valid until|good until|that expires on|"
    "which expires on> {until:date}]"
    "[[,] <until|till|through|expiring|valid until|good until|that expires|which expires> "
    "{later:later}]"
    "[[,] <for|valid for|expiring in|that expires in|which expires in> [another ]{span:later}]"
)


def _until(world: World, until: str | None, later: Later | None, span: Later | None) -> str | None:
    """The expiry date said: a date, a day after today, or today plus a span."""
    said = later or span
    if said is None:
        return until
    if until is not None or (later is not None and span is not None):
        raise world.fail("one expiry (a date, a day after today or a span)", "two")
    epoch = scene(world).definition.epoch
    return said.date(parse_date(date_at(epoch, world.clock.now))).isoformat()


def _grant(
    world: World, findings: list[str], reason: str | None, until: str | None, owner: str | None
) -> None:
    """One next version of the list with a waiver for each finding, set at once (a refused
    waiver leaves the list as it was)."""
    current = scene(world)
    version = current.waivers.version + 1
    expires_at = None if until is None else seconds_since(current.definition.epoch, until)
    waivers = current.waivers
    for finding in findings:
        waiver = Waiver(
            finding, reason or "waived in the scenario", until, expires_at, owner or "the scenario"
        )
        waivers = waivers.accept(version, waiver)
    world.capability(current.pipeline, "set_waivers")(waivers)
    current.waivers = waivers
    world.declared.mentioned["finding"] = ", ".join(findings)


@given(
    _WHO + _VERB + " {finding:finding}" + _ON + _BECAUSE + _EXPIRY,
    "security waives CVE-2026-1234 until the end of the month",
    'we excuse CVE-2026-1234 on C2 because "not reachable" for 2 weeks',
    'security waives CVE-2026-1236 for 2 weeks because "fix pending"',
    'Dana waives CVE-2026-1236 until 2026-06-30 because "fix pending"',
    variants=(
        _WHO + _VERB + " {finding:finding}" + _ON + _EXPIRY + _BECAUSE,
        "{owner:person} " + _VERB + " {finding:finding}" + _ON + _BECAUSE + _EXPIRY,
        "{owner:person} " + _VERB + " {finding:finding}" + _ON + _EXPIRY + _BECAUSE,
        "{finding:finding} is " + _BEING + _ON + _BECAUSE + _EXPIRY,
        "{finding:finding} is " + _BEING + _ON + _EXPIRY + _BECAUSE,
    ),
)
def waive_finding(
    world: World,
    finding: str,
    alias: str | None = None,
    reason: str | None = None,
    until: str | None = None,
    later: Later | None = None,
    span: Later | None = None,
    owner: str | None = None,
) -> None:
    """The finding may pass the scan gate (wherever it is found) until the expiry said, in
    the list's next version."""
    if alias is not None:
        scene(world).digest(world, alias)
    expiry = _until(world, until, later, span)
    world.attempt(lambda: _grant(world, [finding], reason, expiry, owner))


@given(
    "<all|every|the> {severity:severity}[ severity] <findings|finding|CVEs|CVE|vulnerabilities|"
    "vulnerability>[ <of|on|in|for> {alias:artifact}] <are|is|were|was|get|gets> "
    + _BEING
    + _BECAUSE
    + _EXPIRY,
    "the HIGH findings of C2 are waived until 2026-06-30",
    'every low finding is waived because "not exploitable here"',
    variants=(
        _WHO + _VERB + " <all|every|the> {severity:severity}[ severity] <findings|finding|CVEs|"
        "CVE|vulnerabilities|vulnerability>[ <of|on|in|for> {alias:artifact}]" + _BECAUSE + _EXPIRY,
        "<all|every|the> {severity:severity}[ severity] <findings|finding|CVEs|CVE|"
        "vulnerabilities|vulnerability>[ <of|on|in|for> {alias:artifact}] <are|is|were|was|get|"
        "gets> " + _BEING + _EXPIRY + _BECAUSE,
    ),
)
def waive_severity(
    world: World,
    severity: str,
    alias: str | None = None,
    reason: str | None = None,
    until: str | None = None,
    later: Later | None = None,
    span: Later | None = None,
    owner: str | None = None,
) -> None:
    """A waiver for each finding of that severity the scans said so far (of the artifact
    named, else of every artifact); none of that severity is refused, as it waives nothing."""
    current = scene(world)
    scans = {alias: current.findings.get(alias, [])} if alias else current.findings
    ids = sorted({f.id for found in scans.values() for f in found if f.severity == severity})
    if not ids:
        said = sorted({f"{f.id} ({f.severity})" for found in scans.values() for f in found})
        raise world.fail(f"{severity} findings to waive", ", ".join(said) or "no findings said")
    expiry = _until(world, until, later, span)
    world.attempt(lambda: _grant(world, ids, reason, expiry, owner))


@given(
    "the <waiver|exception> for {finding:finding} <expires|runs out|lapses|ends> {later:later}",
    "the waiver for CVE-2026-1234 expires tomorrow",
    "the exception for CVE-2026-1234 runs out on 2026-06-30",
    variants=(
        "the <waiver|exception> for {finding:finding} <expires|runs out|lapses|ends> on "
        "{until:date}",
    ),
)
def waiver_expires(
    world: World, finding: str, later: Later | None = None, until: str | None = None
) -> None:
    """The finding's waiver (its reason kept; a new one if there is none) runs until that
    day, in the list's next version."""
    current = scene(world)
    old = current.waivers.find(finding)
    expiry = _until(world, until, later, None)
    reason = old.reason if old is not None else None
    owner = (old.source or None) if old is not None else None
    world.attempt(lambda: _grant(world, [finding], reason, expiry, owner))
