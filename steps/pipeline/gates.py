"""Gate inputs and the ladder's verdict: unit tests and coverage, scan, integration, sign."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.pipeline import Finding, TestSummary
from kubeloop.steps.pipeline.support import last_built, run_gates, scene, table_rows


@given(
    "the coverage threshold is {threshold:percent}[ with precision {precision:n}]",
    "the coverage threshold is 90%",
    "the coverage threshold is 99.9% with precision 1",
)
def coverage_threshold(world: World, threshold: float, precision: int = 0) -> None:
    """coverage.py's fail_under (and precision, default 0): round(total, precision) >= it."""
    current = scene(world)
    world.attempt(lambda: current.configure(world, fail_under=threshold, precision=precision))


def _record(world: World, alias: str, method: str, *args: object) -> None:
    current = scene(world)
    digest = current.digest(world, alias)
    world.attempt(lambda: world.capability(current.pipeline, method)(digest, *args))


@given(
    "the unit tests of {alias:artifact} pass with {coverage:percent} coverage",
    "the unit tests of D1 pass with 91% coverage",
    "the unit tests of D1 pass with 89.5% coverage",
    variants=("{alias:artifacts} unit tests pass with {coverage:percent} coverage",),
)
def unit_tests_pass_with(world: World, alias: str, coverage: float) -> None:
    """The unit tests are green and coverage.py measured COVERAGE in total."""
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))
    if world.error is None:
        _record(world, alias, "record_coverage", coverage)


@given(
    "the unit tests of {alias:artifact} pass",
    "the unit tests of D1 pass",
    variants=("{alias:artifacts} unit tests pass",),
)
def unit_tests_pass(world: World, alias: str) -> None:
    """The unit tests are green (coverage is a separate input, and the gate needs it)."""
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))


@given(
    "the unit tests of {alias:artifact} fail",
    "the unit tests of D1 fail",
    variants=("{alias:artifacts} unit tests fail",),
)
def unit_tests_fail(world: World, alias: str) -> None:
    """At least one unit test failed."""
    _record(world, alias, "record_unit_tests", TestSummary(False, source="the scenario"))


@given(
    "the coverage of {alias:artifact} is {coverage:percent}",
    "the coverage of D1 is 89.49%",
    variants=("{alias:artifacts} coverage is {coverage:percent}",),
)
def coverage_is(world: World, alias: str, coverage: float) -> None:
    """coverage.py's total for the artifact's unit tests."""
    _record(world, alias, "record_coverage", coverage)


@given(
    "the scan of {alias:artifact} finds:",
    "the scan of D1 finds:",
    variants=("{alias:artifacts} scan finds:",),
)
def scan_finds(world: World, alias: str) -> None:
    """The scanner's findings: | id | severity | package | (optional installed, fixed)."""
    rows = table_rows(world, ("id", "severity"))

    def findings() -> list[Finding]:
        return [
            Finding(
                row["id"],
                row["severity"],
                row.get("package", ""),
                row.get("installed", ""),
                row.get("fixed", ""),
            )
            for row in rows
        ]

    current = scene(world)
    digest = current.digest(world, alias)
    world.attempt(lambda: world.capability(current.pipeline, "record_scan")(digest, findings()))


@given(
    "the scan of {alias:artifact} finds nothing",
    "the scan of D1 finds nothing",
    variants=("{alias:artifacts} scan finds nothing",),
)
def scan_finds_nothing(world: World, alias: str) -> None:
    """The scanner ran and reported no vulnerability."""
    _record(world, alias, "record_scan", [])


@given(
    "the integration tests of {alias:artifact} pass",
    "the integration tests of D1 pass",
    variants=("{alias:artifacts} integration tests pass",),
)
def integration_pass(world: World, alias: str) -> None:
    """The integration suite is green."""
    _record(world, alias, "record_integration_tests", TestSummary(True, source="the scenario"))


@given(
    "the integration tests of {alias:artifact} fail",
    "the integration tests of D1 fail",
    variants=("{alias:artifacts} integration tests fail",),
)
def integration_fail(world: World, alias: str) -> None:
    """At least one integration test failed."""
    _record(world, alias, "record_integration_tests", TestSummary(False, source="the scenario"))


@given(
    "{alias:artifact} passed every gate",
    "D1 passed every gate",
)
def passed_every_gate(world: World, alias: str) -> None:
    """Shorthand: green tests at 100% coverage, a clean scan, and a run that passed."""
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))
    _record(world, alias, "record_coverage", 100.0)
    _record(world, alias, "record_scan", [])
    _record(world, alias, "record_integration_tests", TestSummary(True, source="the scenario"))
    if world.error is None:
        run_gates(world, alias)


@when(
    "I run the pipeline[ <for|on> {alias:artifact}]",
    "I run the pipeline for D1",
    "I run the pipeline",
    variants=(
        "the pipeline runs[ <for|on> {alias:artifact}]",
        "I run the gates[ <for|on> {alias:artifact}]",
    ),
)
def i_run_the_pipeline(world: World, alias: str | None = None) -> None:
    """Run the gates in order for the artifact (the one built last unless named), stopping
    at the first that blocks."""
    run_gates(world, alias or last_built(world))


def _verdict(world: World) -> tuple[str, Any]:
    return scene(world).last_run(world)


def _gate(world: World, name: str) -> Any:
    alias, result = _verdict(world)
    for gate in result.gates:
        if gate.gate.casefold() == name.casefold():  # "Scan" is the scan gate
            return gate
    names = [g.gate for g in result.gates]
    raise world.fail(f"a gate {name} in the run of {alias}", f"gates {', '.join(names)}")


def _stopped_at(world: World, alias: str, result: Any) -> str | None:
    """The gate the run stopped at (None: every gate passed), observed from the gates'
    recorded verdicts, not from the run's own summary: gates run in order, each passes or
    blocks, and every gate after a block is recorded as not run."""
    gates = list(result.gates)
    if not gates:
        raise world.fail(f"the run of {alias} to record each gate's verdict", "it records none")
    blocked: str | None = None
    for gate in gates:
        status = gate.status
        if blocked is None and status == "blocked":
            blocked = gate.gate
        elif blocked is None and status != "passed":
            raise world.fail(
                f"gate {gate.gate} of {alias} to pass or block (a block is never a silent skip)",
                f"{status}: {gate.reason}",
            )
        elif blocked is not None and status != "not run":
            raise world.fail(
                f"every gate after {blocked} not run (the ladder stops at the first block)",
                f"gate {gate.gate} {status} after {blocked} blocked: {gate.reason}",
            )
    said = (result.blocked_at, result.passed)
    if said != (blocked, blocked is None):
        raise world.fail(
            f"the run of {alias} to say what its gates recorded (blocked at {blocked})",
            f"it says blocked_at={said[0]!r}, passed={said[1]!r}",
        )
    return blocked


@then("the pipeline passes", "the pipeline passes")
def the_pipeline_passes(world: World) -> None:
    """The latest run passed every gate (as the gates recorded it)."""
    alias, result = _verdict(world)
    blocked = _stopped_at(world, alias, result)
    if blocked is not None:
        raise world.fail(f"the pipeline for {alias} to pass", f"it is blocked at {blocked}")


@then("the pipeline is blocked at {gate:word}", "the pipeline is blocked at scan")
def the_pipeline_is_blocked_at(world: World, gate: str) -> None:
    """The latest run stopped at GATE: it blocked and every later gate did not run (as the
    gates recorded it)."""
    alias, result = _verdict(world)
    blocked = _stopped_at(world, alias, result)
    if (blocked or "").casefold() != gate.casefold():
        actual = "it passed" if blocked is None else f"it is blocked at {blocked}"
        raise world.fail(f"the pipeline for {alias} to be blocked at {gate}", actual)


_NOT_RUN = "<did not run|was not run|never ran|was skipped>"
_BECAUSE = " because [the ]{blocker:word} [gate ]<failed|blocked|was blocked>"


@then(
    f"gate {{gate:word}} {_NOT_RUN}[{_BECAUSE}]",
    "gate integration did not run",
    "gate scan did not run because unit failed",
    variants=(f"the {{gate:word}} gate {_NOT_RUN}[{_BECAUSE}]",),
)
def gate_did_not_run(world: World, gate: str, blocker: str | None = None) -> None:
    """The gate was not run because an earlier gate blocked (recorded, never silent); with
    "because X failed", X is the gate the record names as the one that blocked."""
    found = _gate(world, gate)
    status = found.status
    if status != "not run":
        raise world.fail(f"gate {gate} not run", f"it {status}: {found.reason}")
    named = getattr(found, "blocked_by", None)
    if not named:
        raise world.fail(f"gate {gate} to name the gate that blocked", "it names none")
    if blocker is not None and str(named).casefold() != blocker.casefold():
        raise world.fail(f"gate {gate} not run because {blocker} blocked", f"{named} blocked")


@then("gate {gate:word} passed", "gate unit passed")
def gate_passed(world: World, gate: str) -> None:
    """The gate ran in the latest run and passed."""
    found = _gate(world, gate)
    if found.status != "passed":
        raise world.fail(f"gate {gate} to pass", f"{found.status}: {found.reason}")


@then(
    "gate {gate:word} says {text:text}",
    'gate scan says "CVE-2026-1111 (HIGH in openssl) blocks"',
)
def gate_says(world: World, gate: str, text: str) -> None:
    """The gate's recorded reason (or one of its details) contains TEXT."""
    found = _gate(world, gate)
    said = [found.reason, *getattr(found, "details", ())]
    if not any(text in line for line in said):
        raise world.fail(f"gate {gate} to say {text!r}", "\n    " + "\n    ".join(said))


@then(
    "the scan waived {ids:names} under waiver list version {version:n}",
    "the scan waived CVE-2026-1111 under waiver list version 3",
)
def the_scan_waived(world: World, ids: list[str], version: int) -> None:
    """The scan let exactly these findings through, citing that list version."""
    found = _gate(world, "scan")
    waived = list(getattr(found, "waived", ()))
    cited = getattr(found, "waiver_list_version", None)
    if sorted(waived) != sorted(ids) or cited != version:
        raise world.fail(
            f"waived {', '.join(ids)} under version {version}",
            f"waived {', '.join(waived) or 'nothing'} under version {cited}",
        )
