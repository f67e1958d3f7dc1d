"""What the gates judge: test summaries and scan findings, validated on the way in."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from kubeloop.core.excerpt import excerpt
from kubeloop.pipeline.errors import InvalidEvidenceError

SEVERITIES = ("UNKNOWN", "LOW", "MEDIUM", "HIGH", "CRITICAL")
"""Trivy's order, lowest first (trivy-db ``pkg/types``)."""
FINDING_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}")
MAX_FINDINGS = 100_000
MAX_TESTS = 10_000_000


@dataclass(frozen=True)
class TestSummary:
    """One test suite's outcome. ``passed`` decides; the counts explain (0 = not counted).

    A flaky test (Surefire's ``rerunFailingTestsCount``, pytest-rerunfailures) failed at
    least once and then passed on a rerun: it counts as passed, among ``tests``, and does
    not fail the suite; ``flaky`` counts them and ``flaky_tests`` names those known by name.
    ``failing_tests`` names the failed tests known by name.
    """

    __test__ = False  # not a pytest test class

    passed: bool
    tests: int = 0
    failures: int = 0
    errors: int = 0
    skipped: int = 0
    source: str = ""
    flaky: int = 0
    flaky_tests: tuple[str, ...] = ()
    failing_tests: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("tests", "failures", "errors", "skipped", "flaky"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TESTS:
                raise InvalidEvidenceError(f"{name} must be a whole number from 0 to {MAX_TESTS}")
        if self.tests and self.failures + self.errors + self.skipped + self.flaky > self.tests:
            raise InvalidEvidenceError(
                f"{self.failures} failures, {self.errors} errors, {self.skipped} skipped and "
                f"{self.flaky} flaky are more than the {self.tests} tests that ran"
            )
        for name, count in (("flaky_tests", self.flaky), ("failing_tests", None)):
            names = getattr(self, name)
            if not isinstance(names, tuple) or not all(isinstance(n, str) and n for n in names):
                raise InvalidEvidenceError(f"{name} must be a tuple of test names")
            if count is not None and len(names) > count:
                raise InvalidEvidenceError(
                    f"{len(names)} flaky tests named, but flaky counts {count}"
                )

    @property
    def passing(self) -> int:
        """The tests that passed, flaky ones included (0 when the tests were not counted)."""
        return max(self.tests - self.failures - self.errors - self.skipped, 0)

    def describe(self) -> str:
        counted = f"{self.tests} tests, {self.failures} failures, {self.errors} errors"
        if self.flaky:
            counted += f", {self.flaky} flaky"
        counts = f" ({counted})" if self.tests else ""
        where = f" in {self.source}" if self.source else ""
        return ("passed" if self.passed else "failed") + counts + where


@dataclass(frozen=True, order=True)
class Finding:
    """One vulnerability a scan reported (Trivy's VulnerabilityID, Severity, PkgName)."""

    id: str
    severity: str
    package: str = ""
    installed: str = ""
    fixed: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not FINDING_ID.fullmatch(self.id):
            raise InvalidEvidenceError(f"finding id {excerpt(self.id)} is not a vulnerability id")
        check_severity(self.severity)

    @property
    def rank(self) -> int:
        return SEVERITIES.index(self.severity)


def check_severity(severity: object) -> str:
    """The severity if it is one of Trivy's five names (case-sensitive, as Trivy parses)."""
    if severity in SEVERITIES:
        return str(severity)
    hint = ""
    if isinstance(severity, str) and severity.upper() in SEVERITIES:
        hint = f' (write "{severity.upper()}": Trivy severities are upper case)'
    raise InvalidEvidenceError(
        f"unknown severity {excerpt(severity)}: expected one of {', '.join(SEVERITIES)}{hint}"
    )


def check_coverage(percent: object) -> float:
    """A coverage total: a finite number from 0 to 100."""
    if isinstance(percent, bool) or not isinstance(percent, int | float):
        raise InvalidEvidenceError(f"coverage {percent!r} is not a number")
    value = float(percent)
    if not math.isfinite(value) or not 0 <= value <= 100:
        raise InvalidEvidenceError(f"coverage {percent!r} is not a percentage from 0 to 100")
    return value


def check_findings(findings: object) -> tuple[Finding, ...]:
    if not isinstance(findings, list | tuple):
        raise InvalidEvidenceError("findings are a list")
    if len(findings) > MAX_FINDINGS:
        raise InvalidEvidenceError(f"more than {MAX_FINDINGS} findings")
    for finding in findings:
        if not isinstance(finding, Finding):
            raise InvalidEvidenceError(f"{excerpt(finding)} is not a Finding")
    return tuple(findings)
