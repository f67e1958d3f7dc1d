"""Where a run stopped, said as people say it, and a gate left without its input.

"the pipeline is blocked", "it stops at the unit tests", "it fails on the vulnerability
gate", "the pipeline is blocked on coverage" (the unit gate, by its coverage rule, not by a
failed test), "the later gates are not run"; "there is no scan result for M7": the scan
gate has no input, so a run blocks there (it never passes, and never skips silently).
Each reads the gates' recorded verdicts, as verdicts.py does.
"""

from __future__ import annotations

import kubeloop.harness.outcome_words  # noqa: F401  (registers stage)
from kubeloop.harness.outcome_words import Stage
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .pipeline_part import scene
from .verdicts import _stopped_at, _verdict, the_pipeline_is_blocked_at

_STOPPED = (
    "<is blocked|was blocked|gets blocked|got blocked|is stopped|was stopped|stops|stopped|"
    "halts|halted|fails|failed|gets stuck|got stuck|is stuck>"
)
_COVERAGE_REASONS = ("coverage ", "no coverage was recorded")
"""How the unit gate says coverage blocked it (the contract's words): under the threshold,
or no coverage recorded while the tests passed."""


@then(
    "the pipeline[ <for|of> {alias:artifact}] <is blocked|was blocked|is stopped|was stopped|"
    "stops|stopped|fails|failed|does not pass|did not pass|doesn't pass|didn't pass>",
    "the pipeline is blocked",
    "the pipeline for R2 stopped",
    "the pipeline didn't pass",
    "the build is marked as failed",
    variants=(
        "{alias:artifact} <is marked as failed|is marked failed|was marked as failed|failed the "
        "pipeline|did not pass the pipeline|didn't pass the pipeline>",
    ),
)
def pipeline_blocked(world: World, alias: str | None = None) -> None:
    """The latest run (of the artifact) blocked at some gate, every later gate not run."""
    the_pipeline_is_blocked_at(world, None, alias)


@then(
    "{alias:artifact} " + _STOPPED + " on {stage:stage}",
    "it fails on the vulnerability gate",
    "R2 is blocked on coverage",
    variants=(
        "the pipeline[ <for|of> {alias:artifact}] " + _STOPPED + " on {stage:stage}",
        "{alias:artifact} <stops|stopped|halts|halted|fails|failed|gets stuck|got stuck> at "
        "{stage:stage}",
        "{alias:artifact} <never got past|did not get past|didn't get past|never made it past> "
        "{stage:stage}",
    ),
)
def stops_on(world: World, stage: Stage, alias: str | None = None) -> None:
    """The latest run (of the artifact) stopped at the gate said; "on coverage": at the unit
    gate, because of its coverage (the tests themselves passed)."""
    the_pipeline_is_blocked_at(world, stage.gate or None, alias)
    if stage.coverage:
        which, result = _verdict(world, alias)
        unit = next(g for g in result.gates if g.gate == "unit")  # the run blocked there
        reason = str(unit.reason)
        if not any(said in reason for said in _COVERAGE_REASONS):
            raise world.fail(f"{which} blocked by its coverage", f"the unit gate: {reason}")


@then(
    "the <later|remaining|following|next|other> <gates|stages|steps|checks> <are not run|were not "
    "run|do not run|don't run|did not run|didn't run|never run|never ran|are skipped|were skipped>"
    "[ <for|on|of> {alias:artifact}]",
    "the later gates are not run",
    "the remaining stages were skipped for R2",
)
def later_gates_not_run(world: World, alias: str | None = None) -> None:
    """The latest run (of the artifact) blocked at a gate with gates after it, and each of
    those is recorded as not run (a run that blocked at the last gate has none)."""
    which, result = _verdict(world, alias)
    blocked = _stopped_at(world, which, result)
    if blocked is None:
        raise world.fail(f"the pipeline for {which} to stop at a gate", "it passed every gate")
    names = [str(g.gate) for g in result.gates]
    if names.index(blocked) == len(names) - 1:
        raise world.fail(f"gates after {blocked}, not run", f"{blocked} is the last gate")


_INPUTS = {
    "scan": ("record_scan", "scan result"),
    "unit": ("record_unit_tests", "unit test result"),
    "coverage": ("record_coverage", "coverage"),
    "integration": ("record_integration_tests", "integration test result"),
}


@given(
    "<there is|there are|there's> no {what:gateinput} <result|results|report|reports> <for|of> "
    "{alias:artifact}",
    "there is no scan result for M7",
    "there are no integration test results for R2",
    "there is no coverage report for R2",
    variants=(
        "{alias:artifact} <has|had> no {what:gateinput} <result|results|report|reports>",
        "the {what:gateinput} <result|results|report|reports> <for|of> {alias:artifact} <is|are> "
        "missing",
        "{alias:artifact} <was never|has never been|has not been|hasn't been|was not|wasn't> "
        "scanned[ at all]",
        "the scan <of|for> {alias:artifact} <never ran|did not run|didn't run|has not run>",
        "the {what:gateinput}[ <result|results|report|reports>] <of|for> {alias:artifact} "
        "<was|were|has|have> <never|not> [been ]<run|reported|recorded|uploaded|produced|"
        "attached|submitted>",
        "<nobody|no one|nobody has|no one has> [ever ]<uploaded|attached|submitted|recorded|"
        "reported|published|produced> [any ]{what:gateinput} <result|results|report|reports> "
        "<for|of> {alias:artifact}[ yet]",
    ),
)
def no_result(world: World, alias: str, what: str = "scan") -> None:
    """That input was never recorded for the artifact (a scan: not even "no findings"),
    so its gate blocks on a run. Said after one was recorded, it fails."""
    current = scene(world)
    digest = current.digest(world, alias)
    method, noun = _INPUTS[what]
    same = [a for a, d in current.aliases.items() if d == digest]
    given_by = [a for a in same if method in current.recorded.get(a, set())]
    if what == "scan":
        given_by += [a for a in same if current.findings.get(a)]
    if given_by:
        raise world.fail(f"no {noun} for {alias}", f"one was given for {given_by[0]}")
