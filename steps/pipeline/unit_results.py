"""Unit test results and coverage said with their numbers, and gates run by name.

"the unit tests of B1 pass with 412 tests and 0 failures", "all 415 unit tests of B3 pass
with 79.9% coverage", "B2's unit tests report 3 failures out of 415", "B2 has 92% coverage",
"coverage goes up to 84%": each records the unit gate's inputs (a JUnit-like summary, a
coverage total) for the artifact named, or the one said last. "the pipeline runs the
vulnerability gate on R4" runs the ladder, which judges every gate in order.
"""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World
from kubeloop.pipeline import TestSummary

from .gates import _record
from .pipeline_part import run_gates, said_last


def _summary(world: World, alias: str, tests: int, failures: int) -> None:
    if failures > tests:
        raise world.fail(f"at most {tests} failures out of {tests} tests", f"{failures} failures")
    summary = TestSummary(failures == 0, tests, failures, source="the scenario")
    _record(world, alias, "record_unit_tests", summary)


_COVERAGE = "[<,| with| and|, and| at> {coverage:percent} coverage]"


@given(
    "the unit tests <of|for|on> {alias:artifact} pass with {tests:n} tests"
    "[<,| and|, and> {failures:n} <failures|failed>]" + _COVERAGE,
    "the unit tests of B1 pass with 412 tests and 0 failures",
    "all 415 unit tests of B3 pass with 79.9% coverage",
    variants=(
        "{alias:artifacts} unit tests pass with {tests:n} tests"
        "[<,| and|, and> {failures:n} <failures|failed>]" + _COVERAGE,
        "[all ]{tests:n} [unit ]tests <of|for|on> {alias:artifact} pass" + _COVERAGE,
        "{alias:artifacts} {tests:n} unit tests [all ]pass" + _COVERAGE,
        "[build ]{alias:artifact} <passes|passed> [all ]{tests:n} unit tests" + _COVERAGE,
    ),
)
def tests_pass_counted(
    world: World, alias: str, tests: int, failures: int = 0, coverage: float | None = None
) -> None:
    """TESTS unit tests ran and none failed (a failure said here is a contradiction);
    with coverage, coverage.py's total too."""
    if failures:
        raise world.fail("tests that pass with 0 failures", f"{failures} failures")
    _summary(world, alias, tests, 0)
    if coverage is not None and world.error is None:
        _record(world, alias, "record_coverage", coverage)


@given(
    "{alias:artifacts} unit tests report {failures:n} <failures|failed tests|failing tests>"
    " <out of|of> {tests:n}",
    "B2's unit tests report 3 failures out of 415",
    "the unit tests of B2 report 0 failures out of 415",
    variants=(
        "the unit tests <of|for|on> {alias:artifact} report {failures:n} "
        "<failures|failed tests|failing tests> <out of|of> {tests:n}",
    ),
)
def tests_report(world: World, alias: str, failures: int, tests: int) -> None:
    """TESTS ran and FAILURES of them failed (0: the unit tests are green)."""
    _summary(world, alias, tests, failures)


@given(
    "{alias:artifact} has {coverage:percent} coverage",
    "B2 has 92% coverage",
    variants=(
        "{alias:artifact} is covered at {coverage:percent}",
        "coverage.py <reports|reported|measures|measured|gives|gave|says> {coverage:percent} "
        "<for|on> {alias:artifact}",
    ),
)
def has_coverage(world: World, alias: str, coverage: float) -> None:
    """coverage.py's total for the artifact's unit tests."""
    _record(world, alias, "record_coverage", coverage)


_WHO = (
    "[<the team|someone|somebody|I|we|the developers|a developer> <adds|add|writes|write> "
    "[more ]tests[,] and ]"
)


@when(
    _WHO + "[the ]coverage[ <of|for> {alias:artifact}] <goes up|rises|climbs|goes down|drops|falls|"
    "changes|moves> to {coverage:percent}",
    "the team adds tests and coverage goes up to 84%",
    "coverage of R2 drops to 70%",
    "line coverage comes out at 74%",
    variants=(
        "[<line|code|test> ]coverage <comes out at|came out at|is measured at|lands at|landed at|"
        "ends up at|ended up at> {coverage:percent}",
    ),
)
def coverage_changes(world: World, coverage: float, alias: str | None = None) -> None:
    """A new coverage total for the artifact named, or the one said or built last (the gate
    judges it the next time the pipeline runs)."""
    said = alias or said_last(world)
    _record(world, said, "record_coverage", coverage)


_RUNS = "<runs|is run|runs again|is run again|reruns|is rerun|re-runs>"


@when(
    "the pipeline <runs|reruns|re-runs> {gate:gate}[ again] <on|for> {alias:artifact}[ again]",
    "the pipeline runs the vulnerability gate on R4",
    "the vulnerability gate runs again",
    "I run the scan gate on R4",
    variants=(
        "{gate:gate} " + _RUNS + "[ <on|for> {alias:artifact}]",
        "I <run|rerun|re-run> {gate:gate}[ again] <on|for> {alias:artifact}[ again]",
    ),
)
def a_gate_runs(world: World, gate: str, alias: str | None = None) -> None:
    """Run the ladder for the artifact (named, else said or built last): every gate is
    judged in order, so the gate named is judged with the ones before it."""
    said = alias or said_last(world)
    if gate:
        world.declared.mentioned["gate"] = gate
    run_gates(world, said)
