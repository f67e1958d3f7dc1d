"""A suite's result said as a fraction, the way release engineers report it: "the unit
tests for C1 pass, 412 out of 412, with 88% coverage", "410 of P1's 412 unit tests pass".
The tests not said to pass failed; more passing than ran is refused."""

from __future__ import annotations

import kubeloop.harness.outcome_words  # noqa: F401  (registers outcomes, suite)
from kubeloop.harness.outcome_words import Count
from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .test_counts import _COVERAGE, _put, _with_coverage, summary_of

_FRACTION = "{passed:n} <of|out of> {tests:n}[ tests]"


@given(
    "the {suite:suite} <of|for|on> {alias:artifact} pass[,] " + _FRACTION + _COVERAGE,
    "the unit tests for C1 pass, 412 out of 412, with 88% coverage",
    "the unit tests of P1 pass 410 of 412",
    "the integration tests of B2 pass, 140 of 140",
    variants=(
        "{alias:artifacts} {suite:suite} pass[,] " + _FRACTION + _COVERAGE,
        "[all ]{passed:n} <of|out of> {alias:artifacts} {tests:n} {suite:suite} <pass|passed>"
        + _COVERAGE,
        "{passed:n} <of|out of> the {tests:n} {suite:suite} <of|for|on> {alias:artifact} "
        "<pass|passed>" + _COVERAGE,
        "the {suite:suite} <of|for|on> {alias:artifact} <came back|come back|ended|end|finished|"
        "finish>[ with] " + _FRACTION + " <passing|passed|green>" + _COVERAGE,
        "{alias:artifacts} {suite:suite} <came back|come back|ended|end|finished|finish>[ with] "
        + _FRACTION
        + " <passing|passed|green>"
        + _COVERAGE,
    ),
)
def suite_passes_of(
    world: World, suite: str, alias: str, passed: int, tests: int, coverage: float | None = None
) -> None:
    """TESTS of the suite ran and PASSED of them passed (the rest failed); with coverage,
    coverage.py's total too."""
    if passed > tests:
        raise world.fail(f"at most {tests} passing tests (of {tests})", f"{passed} passed")
    counts = (Count("passed", passed), Count("failed", tests - passed))
    _put(world, alias, suite, summary_of(world, counts, tests))
    _with_coverage(world, alias, coverage)
