"""The integration-test gate: the suite ran and is green."""

from __future__ import annotations

from kubeloop.pipeline.gates.ladder import BLOCKED, PASSED, Evidence, GateResult
from kubeloop.pipeline.gates.unit import flaky_details


def judge(evidence: Evidence) -> GateResult:
    tests = evidence.integration
    if tests is None:
        return GateResult("integration", BLOCKED, "no integration test results were recorded")
    status = PASSED if tests.passed else BLOCKED
    return GateResult(
        "integration",
        status,
        f"the integration tests {tests.describe()}",
        details=flaky_details(tests),
        tests=tests,
    )
