"""Running the gates in order and stopping at the first block."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from kubeloop.pipeline.evidence import Finding, TestSummary
from kubeloop.pipeline.waivers import NO_WAIVERS, WaiverList

ORDER = ("unit", "scan", "integration", "sign")
PASSED, BLOCKED, NOT_RUN = "passed", "blocked", "not run"


@dataclass(frozen=True)
class Evidence:
    """Everything the gates judge for one digest, and the rules they judge it by."""

    digest: str
    unit: TestSummary | None = None
    coverage: float | None = None
    findings: tuple[Finding, ...] | None = None
    integration: TestSummary | None = None
    fail_under: float = 0.0
    precision: int = 0
    waivers: WaiverList = NO_WAIVERS
    now: int = 0
    signing_key: str | None = None
    """The key the sign gate signs with, as shown in messages; None: no key configured."""


@dataclass(frozen=True)
class GateResult:
    gate: str
    status: str
    """passed, blocked or not run."""
    reason: str
    blocked_by: str | None = None
    """For a gate that did not run: the gate that blocked before it."""
    details: tuple[str, ...] = ()
    """Each finding or waiver the decision rests on, one line each."""
    waiver_list_version: int | None = None
    waived: tuple[str, ...] = ()
    """Finding ids that would have blocked and a waiver let through."""
    unused_waivers: tuple[str, ...] = ()
    tests: TestSummary | None = None
    """The test results the unit or integration gate judged: its counts, flaky tests."""

    @property
    def passed(self) -> bool:
        return self.status == PASSED


@dataclass(frozen=True)
class Verdict:
    """The ladder's outcome for one digest."""

    digest: str
    gates: tuple[GateResult, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        return all(g.passed for g in self.gates)

    @property
    def blocked_at(self) -> str | None:
        return next((g.gate for g in self.gates if g.status == BLOCKED), None)

    def gate(self, name: str) -> GateResult:
        return next(g for g in self.gates if g.gate == name)


Judge = Callable[[Evidence], GateResult]


def run_ladder(evidence: Evidence, judges: Mapping[str, Judge]) -> Verdict:
    """Judge each gate of ``ORDER`` until one blocks; the rest are recorded as not run."""
    results: list[GateResult] = []
    blocker: GateResult | None = None
    for name in ORDER:
        if blocker is not None:
            results.append(
                GateResult(
                    name,
                    NOT_RUN,
                    f"not run: gate {blocker.gate} blocked ({blocker.reason})",
                    blocked_by=blocker.gate,
                )
            )
            continue
        result = judges[name](evidence)
        results.append(result)
        if not result.passed:
            blocker = result
    return Verdict(evidence.digest, tuple(results))
