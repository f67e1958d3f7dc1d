"""The integration-test gate: the suite ran and is green."""

from __future__ import annotations

from kubeloop.pipeline.gates.ladder import BLOCKED, PASSED, Evidence, GateResult


def judge(evidence: Evidence) -> GateResult:
    tests = evidence.integration
    if tests is None:
        return GateResult("integration", BLOCKED, "no integration test results were recorded")
    if not tests.passed:
        return GateResult("integration", BLOCKED, f"the integration tests {tests.describe()}")
    return GateResult("integration", PASSED, f"the integration tests {tests.describe()}")
