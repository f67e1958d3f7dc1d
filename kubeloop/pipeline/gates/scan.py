"""The scan gate: block on any HIGH, CRITICAL or UNKNOWN finding a waiver does not accept.

There is no threshold to lower: the blocking severities are fixed. The only way past a
finding is an active waiver of its id in the current list, and the decision cites the
list's version, the ids waived, and waivers that matched nothing.
"""

from __future__ import annotations

from kubeloop.pipeline.gates.ladder import BLOCKED, PASSED, Evidence, GateResult

BLOCKING = frozenset({"UNKNOWN", "HIGH", "CRITICAL"})
"""The scan threshold, fixed: HIGH and CRITICAL block; so does UNKNOWN, an unrated finding
not being known to be low (the severities, in Trivy's order: ``evidence.SEVERITIES``)."""


def judge(evidence: Evidence) -> GateResult:
    if evidence.findings is None:
        return GateResult("scan", BLOCKED, "no scan report was recorded")
    waivers, now = evidence.waivers, evidence.now
    blocking: list[str] = []
    waived: list[str] = []
    details: list[str] = []
    matched: set[str] = set()
    for finding in sorted(evidence.findings, key=lambda f: (-f.rank, f.id, f.package)):
        where = f" in {finding.package}" if finding.package else ""
        label = f"{finding.id} ({finding.severity}{where})"
        waiver = waivers.find(finding.id)
        if waiver is not None:
            matched.add(waiver.id)
        if finding.severity not in BLOCKING:
            details.append(f"{label}: below HIGH, does not block")
        elif waiver is not None and waiver.active(now):
            waived.append(finding.id)
            details.append(f'{label}: waived by list version {waivers.version}: "{waiver.reason}"')
        elif waiver is not None:
            blocking.append(label)
            details.append(f"{label}: blocks; its waiver expired on {waiver.expires}")
        else:
            blocking.append(label)
            details.append(f"{label}: blocks")
    unused = tuple(sorted({w.id for w in waivers.waivers} - matched))
    waived_ids = tuple(dict.fromkeys(waived))
    if blocking:
        shown = ", ".join(dict.fromkeys(blocking))
        verb = "blocks" if len(blocking) == 1 else "block"
        listed = f"waiver list version {waivers.version}" if waivers.version else "no waiver list"
        status, reason = BLOCKED, f"{shown} {verb} ({listed})"
    else:
        status, reason = PASSED, f"{len(evidence.findings)} finding(s), none blocking"
        if waived_ids:
            reason += f"; waived {', '.join(waived_ids)} (list version {waivers.version})"
    return GateResult(
        "scan",
        status,
        reason,
        details=tuple(details),
        waiver_list_version=waivers.version,
        waived=waived_ids,
        unused_waivers=unused,
    )
