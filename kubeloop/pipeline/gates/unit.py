"""The unit-test gate: green AND coverage at least the threshold, by coverage.py's rule."""

from __future__ import annotations

import math

from kubeloop.pipeline.errors import InvalidEvidenceError
from kubeloop.pipeline.evidence import TestSummary
from kubeloop.pipeline.gates.ladder import BLOCKED, PASSED, Evidence, GateResult

MAX_PRECISION = 10


def check_threshold(fail_under: float, precision: int) -> None:
    """coverage.py refuses fail_under outside [0, 100] (a ConfigError); precision is 0..10."""
    if isinstance(fail_under, bool) or not isinstance(fail_under, int | float):
        raise InvalidEvidenceError(f"fail_under={fail_under!r} is not a number")
    if not math.isfinite(fail_under) or not 0 <= fail_under <= 100.0:
        raise InvalidEvidenceError(
            f"fail_under={fail_under} is invalid. Must be between 0 and 100."
        )
    if isinstance(precision, bool) or not isinstance(precision, int):
        raise InvalidEvidenceError(f"precision={precision!r} is not a whole number")
    if not 0 <= precision <= MAX_PRECISION:
        raise InvalidEvidenceError(f"precision={precision} must be from 0 to {MAX_PRECISION}")


def should_fail_under(total: float, fail_under: float, precision: int) -> bool:
    """coverage.py ``results.should_fail_under``: round half-to-even, 100 means exactly 100."""
    check_threshold(fail_under, precision)
    if fail_under == 100.0 and total != 100.0:
        return True
    return round(total, precision) < fail_under


def display_covered(pc: float, precision: int) -> str:
    """coverage.py ``results.display_covered``: never shows 0 or 100 unless it is exactly that."""
    near0 = 1.0 / 10**precision
    if 0 < pc < near0:
        pc = near0
    elif (100.0 - near0) < pc < 100:
        pc = 100.0 - near0
    else:
        pc = round(pc, precision)
    return f"{pc:.{precision}f}"


def _threshold(value: float) -> str:
    return f"{value:g}%"


def flaky_details(tests: TestSummary) -> tuple[str, ...]:
    """One line per flaky test known by name: it failed, then passed on a rerun."""
    return tuple(f"{name}: failed, then passed on a rerun (flaky)" for name in tests.flaky_tests)


def judge(evidence: Evidence) -> GateResult:
    tests, coverage = evidence.unit, evidence.coverage
    if tests is None:
        return GateResult("unit", BLOCKED, "no unit test results were recorded")
    details = flaky_details(tests)
    if not tests.passed:
        return GateResult(
            "unit", BLOCKED, f"the unit tests {tests.describe()}", details=details, tests=tests
        )
    if coverage is None:
        return GateResult(
            "unit",
            BLOCKED,
            "the unit tests passed but no coverage was recorded",
            details=details,
            tests=tests,
        )
    shown = display_covered(coverage, evidence.precision)
    rule = f"fail_under {_threshold(evidence.fail_under)}, precision {evidence.precision}"
    if should_fail_under(coverage, evidence.fail_under, evidence.precision):
        return GateResult(
            "unit",
            BLOCKED,
            f"coverage {shown}% is below the threshold {_threshold(evidence.fail_under)} "
            f"(total {coverage:g}%, {rule})",
            details=details,
            tests=tests,
        )
    return GateResult(
        "unit",
        PASSED,
        f"unit tests passed, coverage {shown}% ({rule})",
        details=details,
        tests=tests,
    )
