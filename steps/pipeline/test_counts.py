"""Test results said as counts, reruns and flaky tests, and what the gate recorded of them.

"the unit tests of P1 report 412 passed and 0 failed with 88% coverage", "the JUnit report
for M6 has 120 tests with 1 skipped and 0 failures", "2 of B2's 140 integration tests
fail", "the first unit test run of M4 fails test_login_timeout" then "I rerun the unit
tests of M4 and they all pass": each records a ``TestSummary`` for the suite. A flaky test
failed and then passed on a rerun: it counts as passed (Surefire's and pytest-rerunfailures'
rule) and does not block. "the unit gate records 119 passed and 1 skipped" and
"test_login_timeout is recorded as flaky" read the summary the gate judged in the latest run
(``GateResult.tests``, an optional member of the contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import kubeloop.harness.outcome_words  # noqa: F401  (registers outcomes, suite, testnames)
from kubeloop.harness.outcome_words import Count
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.pipeline import TestSummary

from .gates import _record
from .pipeline_part import run_gates, said_last, scene
from .verdicts import _verdict

_METHOD = {"unit": "record_unit_tests", "integration": "record_integration_tests"}
_COVERAGE = "[[,] <with|and|at> {coverage:percent} coverage]"
_SAID = "said test results"
"""The world part that keeps the summaries these steps recorded, by (alias, suite): a rerun
starts from the run before it."""


def _said(world: World) -> dict[tuple[str, str], TestSummary]:
    return world.part(_SAID, dict)  # type: ignore[no-any-return]


def _tally(world: World, counts: Sequence[Count]) -> dict[str, int]:
    """Each outcome said once, with its count."""
    found: dict[str, int] = {}
    for outcome, count in counts:
        if outcome in found:
            raise world.fail(f"each outcome said once ({outcome})", f"{outcome} said twice")
        found[outcome] = count
    return found


def summary_of(world: World, counts: Sequence[Count], total: int | None = None) -> TestSummary:
    """The summary the counts describe. With TOTAL, what is not said is 0 and the passed
    are the rest; without it, the tests are those said (or not counted, if no passed are
    said). Flaky tests are among the passed."""
    said = _tally(world, counts)
    failed, errors, skipped, flaky = (
        said.get(k, 0) for k in ("failed", "errors", "skipped", "flaky")
    )
    rest = failed + errors + skipped
    if total is not None:
        tests = total
        if rest > total:
            raise world.fail(f"at most {total} tests that did not pass", f"{rest}")
        if "passed" in said and said["passed"] != total - rest:
            raise world.fail(
                f"{total} tests = passed + failed + skipped",
                f"{said['passed']} passed + {rest} others = {said['passed'] + rest}",
            )
    else:
        tests = said["passed"] + rest if "passed" in said else 0
    passing = tests - rest
    if tests and flaky > passing:
        raise world.fail(
            f"at most {passing} flaky tests (a flaky test passed on a rerun)", f"{flaky} flaky"
        )
    ran_none = tests > 0 and passing == 0 and failed + errors == 0
    return TestSummary(
        failed + errors == 0 and not ran_none and not (tests == 0 and said.get("passed") == 0),
        tests,
        failed,
        errors,
        skipped,
        "the scenario",
        flaky,
    )


def _put(world: World, alias: str, suite: str, summary: TestSummary) -> None:
    _record(world, alias, _METHOD[suite], summary)
    if world.error is None:
        _said(world)[(alias, suite)] = summary


def _with_coverage(world: World, alias: str, coverage: float | None) -> None:
    if coverage is not None and world.error is None:
        _record(world, alias, "record_coverage", coverage)


@given(
    "the {suite:suite} <of|for|on> {alias:artifact} <report|reports|reported|show|shows|showed|"
    "come back with|came back with|end with|ended with> {counts:outcomes}" + _COVERAGE,
    "the unit tests of P1 report 412 passed and 0 failed with 88% coverage",
    "the integration tests of B2 report 138 passed and 2 failed",
    "the JUnit report for M6 shows 119 passed, 1 skipped and 0 failed",
    "the unit tests of B3 came back with 411 passed, 0 failed and 1 flaky",
    variants=(
        "{alias:artifacts} {suite:suite} <report|reported|show|showed|come back with|"
        "came back with|end with|ended with> {counts:outcomes}" + _COVERAGE,
    ),
)
def suite_reports(
    world: World, suite: str, alias: str, counts: Sequence[Count], coverage: float | None = None
) -> None:
    """The suite's counts by outcome (the tests are the sum; flaky ones are among the
    passed, and do not fail the suite); with coverage, coverage.py's total too."""
    _put(world, alias, suite, summary_of(world, counts))
    _with_coverage(world, alias, coverage)


@given(
    "the {suite:suite} <of|for|on> {alias:artifact} <has|have|had|run|ran|runs> {tests:n} tests "
    "with {counts:outcomes}" + _COVERAGE,
    "the JUnit report for M6 has 120 tests with 1 skipped and 0 failures",
    "the unit tests of M1 run 640 tests with 2 failures",
    "the integration tests of B7 ran 96 tests with 3 failures",
    variants=(
        "{alias:artifacts} {suite:suite} <has|have|had|run|ran> {tests:n} tests with "
        "{counts:outcomes}" + _COVERAGE,
        "the {suite:suite} <of|for|on> {alias:artifact} <has|have|had|show|shows|showed> "
        "{counts:outcomes} out of {tests:n}[ tests]" + _COVERAGE,
    ),
)
def suite_of_total(
    world: World,
    suite: str,
    alias: str,
    tests: int,
    counts: Sequence[Count],
    coverage: float | None = None,
) -> None:
    """TESTS ran; what is not said of them is 0 and the rest passed."""
    _put(world, alias, suite, summary_of(world, counts, tests))
    _with_coverage(world, alias, coverage)


@given(
    "{failures:n} <of|out of> {alias:artifacts} {tests:n} {suite:suite} <fail|failed>",
    "2 of B2's 140 integration tests fail",
    "3 of R7's 96 integration tests failed",
    "3 out of O2's 240 unit tests fail",
    variants=(
        "{failures:n} <of|out of> [the ]{tests:n} {suite:suite} <of|for|on> {alias:artifact} "
        "<fail|failed>",
    ),
)
def suite_failures(world: World, failures: int, alias: str, tests: int, suite: str) -> None:
    """TESTS of the suite ran and FAILURES of them failed (0: the suite is green)."""
    counts = (Count("failed", failures),)
    _put(world, alias, suite, summary_of(world, counts, tests))


@given(
    "all {tests:n} integration tests[ <of|for|on> {alias:artifact}] pass",
    "all 96 integration tests of B8 pass",
    "all 140 integration tests pass",
    variants=("{alias:artifacts} {tests:n} integration tests [all ]pass",),
)
def integration_all_pass(world: World, tests: int, alias: str | None = None) -> None:
    """TESTS integration tests ran and every one passed (of the artifact named, else the
    one said or built last)."""
    said = alias or said_last(world)
    _put(world, said, "integration", summary_of(world, (), tests))


@given(
    "the first {suite:suite}[ run] <of|for|on> {alias:artifact} fails {names:testnames}",
    "the first unit test run of M4 fails test_login_timeout",
    'the first integration test run of B2 fails "checkout survives a timeout"',
    "the first unit test run of M4 fails test_login and test_logout",
    variants=(
        "{alias:artifacts} {suite:suite} fail {names:testnames}[ <on the first run|the first "
        "time|at first>]",
        "{names:testnames} <fails|failed> <in|on> the first {suite:suite}[ run] <of|for|on> "
        "{alias:artifact}",
    ),
)
def first_run_fails(world: World, suite: str, alias: str, names: Sequence[str]) -> None:
    """The suite failed, and these are the tests that failed (a rerun may pass them)."""
    summary = TestSummary(False, 0, len(names), source="the scenario", failing_tests=tuple(names))
    _put(world, alias, suite, summary)


@when(
    "I rerun the {suite:suite} <of|for|on> {alias:artifact} and they [all ]pass" + _COVERAGE,
    "I rerun the unit tests of M4 and they all pass with 87% coverage",
    "I rerun the integration tests of B2 and they pass",
    variants=(
        "the {suite:suite} <of|for|on> {alias:artifact} <are|were|get|got> <rerun|re-run> and "
        "[they ][all ]pass" + _COVERAGE,
    ),
)
def rerun_passes(world: World, suite: str, alias: str, coverage: float | None = None) -> None:
    """The tests that failed pass on a rerun: they are flaky, and the suite is green (the
    same number of tests ran). Only a suite that failed can be rerun."""
    before = _said(world).get((alias, suite))
    if before is None or before.passed:
        shown = "none said" if before is None else "they passed"
        raise world.fail(f"failed {suite} tests of {alias} to rerun", shown)
    reran = before.failures + before.errors
    summary = TestSummary(
        True,
        before.tests,
        0,
        0,
        before.skipped,
        before.source,
        reran,
        before.failing_tests[:reran],
    )
    _put(world, alias, suite, summary)
    _with_coverage(world, alias, coverage)


@given(
    "{names:testnames} <failed|fails|flaked> once and passed on [<a|the> ]<retry|rerun>"
    "[ <in|for|on> {alias:artifact}][, leaving {counts:outcomes}]",
    "test_payment_timeout failed once and passed on a retry",
    "test_login failed once and passed on the rerun in M4",
    "test_payment_timeout failed once and passed on retry, leaving 412 passed, 0 failed and 1 "
    "flaky",
)
def flaky_said(
    world: World,
    names: Sequence[str],
    alias: str | None = None,
    counts: Sequence[Count] = (),
) -> None:
    """Each test is flaky in the unit tests of the artifact (named, else said last): it
    failed and passed on a rerun, so it counts as passed and the suite stays green; "leaving
    …": the counts the suite ended with (its flaky count names these tests)."""
    said = alias or said_last(world)
    if counts:
        left = summary_of(world, counts)
        if left.flaky != len(names):
            raise world.fail(f"{len(names)} flaky, as the tests named", f"{left.flaky} flaky")
        _put(world, said, "unit", replace(left, flaky_tests=tuple(names)))
        return
    before = _said(world).get((said, "unit")) or TestSummary(True, source="the scenario")
    if not before.passed:
        raise world.fail(f"the unit tests of {said} to have passed", "they failed")
    known = tuple(n for n in names if n not in before.flaky_tests)
    summary = TestSummary(
        True,
        before.tests,
        0,
        0,
        before.skipped,
        before.source,
        before.flaky + len(known),
        before.flaky_tests + known,
    )
    _put(world, said, "unit", summary)


def _judged(world: World, gate: str | None, alias: str | None) -> tuple[str, Any]:
    """(gate, summary) the gate judged in the latest run (of the artifact)."""
    which, result = _verdict(world, alias)
    name = gate or world.declared.mentioned.get("gate") or "unit"
    if name not in _METHOD:
        raise world.fail("the unit or the integration gate (the ones that judge tests)", name)
    found = next((g for g in result.gates if g.gate == name), None)
    if found is None or found.status == "not run":
        raise world.fail(f"gate {name} to have judged the tests of {which}", "it did not run")
    tests = world.attribute(found, "tests")
    if tests is None:
        raise world.fail(f"gate {name} of {which} to have judged test results", "none recorded")
    return name, tests


_READ = {
    "passed": lambda t: t.passing,
    "failed": lambda t: t.failures + t.errors,
    "errors": lambda t: t.errors,
    "skipped": lambda t: t.skipped,
    "flaky": lambda t: t.flaky,
}


@then(
    "{gate:gate}[ <for|on|of> {alias:artifact}] <records|recorded|counts|counted|shows|showed"
    "|reports|reported|flags|flagged> {counts:outcomes}",
    "the unit gate records 119 passed and 1 skipped",
    "the gate recorded 412 passed, 0 failed and 1 flaky",
    "the integration gate for B2 reports 138 passed and 2 failed",
    variants=(
        "the <report|test report|run|test run> <records|recorded|counts|counted|shows|showed|"
        "reports|reported|flags|flagged> {counts:outcomes}",
    ),
)
def gate_records(
    world: World, counts: Sequence[Count], gate: str = "", alias: str | None = None
) -> None:
    """Each count said is the one the gate judged (failed: failures and errors; passed:
    flaky ones included); counts not said are not checked."""
    name, tests = _judged(world, gate, alias)
    for outcome, count in _tally(world, counts).items():
        seen = _READ[outcome](tests)
        if seen != count:
            raise world.fail(f"gate {name} to record {count} {outcome}", f"{seen} {outcome}")


@then(
    "{names:testnames} <is|are|was|were> <recorded|flagged|marked|reported|shown> as flaky",
    "test_login_timeout is recorded as flaky",
    "test_a and test_b were flagged as flaky",
    variants=(
        "the <history|record|report|gate> of {alias:artifact} <shows|records|has> the rerun of "
        "{names:testnames}",
        "{names:testnames} passed on [<a|the> ]<retry|rerun>",
        "{names:testnames} <is|are|was|were> flaky",
        "{gate:gate}[ <for|on|of> {alias:artifact}] <records|recorded|flags|flagged|marks|marked>"
        " {names:testnames} as flaky",
    ),
)
def recorded_flaky(
    world: World, names: Sequence[str], alias: str | None = None, gate: str = ""
) -> None:
    """The gate that judged the tests (of the latest run, of the artifact; the unit gate
    unless one is named) names each as flaky: it failed and then passed on a rerun."""
    name, tests = _judged(world, gate, alias)
    missing = [n for n in names if n not in tests.flaky_tests]
    if missing:
        shown = ", ".join(tests.flaky_tests) or "none"
        raise world.fail(f"{', '.join(missing)} flaky in gate {name}", f"flaky: {shown}")


_GREEN: dict[str, object] = {
    "record_unit_tests": TestSummary(True, source="the scenario"),
    "record_coverage": 100.0,
    "record_scan": [],
    "record_integration_tests": TestSummary(True, source="the scenario"),
}
"""Each gate input green, for the inputs a sentence about a block does not give."""


@given(
    "{alias:artifact} <was|is|got> blocked because {failures:n} of its {tests:n} {suite:suite} "
    "failed",
    "build-7 was blocked because 3 of its 96 integration tests failed",
    "B2 is blocked because 1 of its 412 unit tests failed",
)
def blocked_by_failures(world: World, alias: str, failures: int, tests: int, suite: str) -> None:
    """FAILURES of TESTS in the suite failed, every other input not given yet is green, and
    the run that follows blocks at that suite's gate (a run that does not is a failed
    Given)."""
    if failures == 0:
        raise world.fail("at least 1 failed test to block on", "0 failed")
    _put(world, alias, suite, summary_of(world, (Count("failed", failures),), tests))
    given_already = scene(world).recorded.get(alias, set())
    for method, value in _GREEN.items():
        if world.error is None and method not in given_already:
            _record(world, alias, method, value)
    if world.error is None:
        run_gates(world, alias)
    if world.error is None:
        _, result = _verdict(world, alias)
        if result.blocked_at != suite:
            raise world.fail(f"{alias} blocked at {suite}", f"blocked at {result.blocked_at}")
