"""Gate inputs and running the ladder: unit tests and coverage, scan, integration, sign
(the verdicts are checked in verdicts.py)."""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World
from kubeloop.pipeline import Finding, TestSummary

from .pipeline_part import last_built, run_gates, scene, table_rows


@given(
    "the coverage threshold is {threshold:percent}[ with precision {precision:n}]",
    "the coverage threshold is 90%",
    "the coverage threshold is 99.9% with precision 1",
    "coverage must be at least 80%",
    variants=(
        "the <minimum|required|lowest acceptable> [<line|code|test> ]coverage is "
        "{threshold:percent}",
        "the coverage <bar|minimum|floor|gate threshold> is {threshold:percent}",
        "the [<line|code|test|unit test> ]coverage <threshold|bar|minimum|floor> <is set to|is "
        "configured at|is configured to|is set at|is raised to|is lowered to|is now|was set to|"
        "has been set to> {threshold:percent}",
        "[<line|code|test|unit test> ]coverage <must be|has to be|should be|needs to be|must "
        "stay|has to stay> at least {threshold:percent}",
        "<we|the team|the pipeline|CI|the unit gate|the gate|our policy|policy> <require|requires"
        "|need|needs|expect|expects|demand|demands|enforce|enforces|want|wants|ask for|asks for> "
        "<at least|a minimum of|no less than> {threshold:percent} [<line|code|test|unit test> ]"
        "coverage",
        "<builds|anything|a build|coverage> <below|under|less than> {threshold:percent}"
        "[ coverage] <fails|fail|is blocked|are blocked|blocks|is rejected|are rejected|block>"
        "[ the <build|pipeline|release|unit gate|merge>]",
        "the <coverage|unit test> gate <requires|needs> [at least ]{threshold:percent}[ coverage]",
        "a coverage threshold of {threshold:percent}",
        "the coverage threshold for {project:name} is {threshold:percent}",
    ),
)
def coverage_threshold(
    world: World, threshold: float, precision: int = 0, project: str | None = None
) -> None:
    """coverage.py's fail_under (and precision, default 0): round(total, precision) >= it.
    The pipeline has one threshold: "for checkout" names the project it builds."""
    current = scene(world)
    world.attempt(lambda: current.configure(world, fail_under=threshold, precision=precision))


def _record(world: World, alias: str, method: str, *args: object) -> None:
    current = scene(world)
    digest = current.digest(world, alias)
    world.attempt(lambda: world.capability(current.pipeline, method)(digest, *args))
    current.recorded.setdefault(alias, set()).add(method)


@given(
    "the unit tests <of|for|on> {alias:artifact} pass with {coverage:percent} coverage",
    "the unit tests of D1 pass with 91% coverage",
    "the unit tests of D1 pass with 89.5% coverage",
    "its unit tests pass but coverage is only 71%",
    variants=(
        "[all [of ]]{alias:artifacts} unit tests pass with {coverage:percent} coverage",
        "{alias:artifacts} unit tests <are|were|come back|came back> green <with|at> "
        "{coverage:percent} coverage",
        "[the ]unit tests <of|for|on> {alias:artifact} <are|were|come back|came back> green "
        "<with|at> {coverage:percent} coverage",
        "[all [of ]]{alias:artifacts} unit tests pass[,] <but|and|with> [its ]coverage <is|at> "
        "[<only|just> ]{coverage:percent}",
        "[the ]unit tests <of|for|on> {alias:artifact} pass[,] <but|and|with> [its ]coverage "
        "<is|at> [<only|just> ]{coverage:percent}",
    ),
)
def unit_tests_pass_with(world: World, alias: str, coverage: float) -> None:
    """The unit tests are green and coverage.py measured COVERAGE in total."""
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))
    if world.error is None:
        _record(world, alias, "record_coverage", coverage)


@given(
    "the unit tests <of|for|on> {alias:artifact} pass with {coverage:percent} coverage "
    "<against|over|above|below|under|versus|vs> <a|an|the> {threshold:percent} "
    "[coverage ]<threshold|bar|minimum|floor|requirement>",
    "the unit tests of G1 pass with 88% coverage against an 80% threshold",
    "the unit tests of G1 pass with 78% coverage below the 80% bar",
)
def unit_tests_pass_against(world: World, alias: str, coverage: float, threshold: float) -> None:
    """The coverage threshold said with the coverage measured: the threshold is set (as
    "the coverage threshold is 80%" sets it), then the unit tests are green at COVERAGE."""
    coverage_threshold(world, threshold)
    if world.error is None:
        unit_tests_pass_with(world, alias, coverage)


@given(
    "the unit tests <of|for|on> {alias:artifact} pass",
    "the unit tests of D1 pass",
    variants=("[all [of ]]{alias:artifacts} unit tests pass",),
)
def unit_tests_pass(world: World, alias: str) -> None:
    """The unit tests are green (coverage is a separate input, and the gate needs it)."""
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))


_FAILURES = "[ with {failures:n} <failures|failing tests|failed tests>[ <out of|of> {tests:n}]]"
_COUNTED = " [on ]{failures:n} <of|out of> {tests:n}[ <tests|unit tests|test cases|cases>]"
"""The failures counted without the word ("fail 3 of 220 tests")."""


@given(
    "the unit tests <of|for|on> {alias:artifact} fail",
    "the unit tests of D1 fail",
    "the unit tests of P1 fail with 3 failures out of 412",
    variants=(
        "{alias:artifacts} unit tests fail" + _FAILURES,
        "the unit tests <of|for|on> {alias:artifact} fail" + _FAILURES,
        "{alias:artifacts} <tests|unit tests> fail" + _FAILURES,
        "the unit tests <of|for|on> {alias:artifact} fail" + _COUNTED,
        "{alias:artifacts} <tests|unit tests> fail" + _COUNTED,
    ),
)
def unit_tests_fail(
    world: World, alias: str, failures: int | None = None, tests: int | None = None
) -> None:
    """At least one unit test failed ("with 3 failures out of 412": that many of that many)."""
    summary = TestSummary(False, tests or 0, failures or 0, source="the scenario")
    _record(world, alias, "record_unit_tests", summary)


@given(
    "the coverage <of|for|on> {alias:artifact} is {coverage:percent}",
    "the coverage of D1 is 89.49%",
    "coverage of P1 comes out at 79.9%",
    variants=(
        "{alias:artifacts} coverage <is|comes out at|is at|measures|reaches> {coverage:percent}",
        "[the ]coverage <of|for> {alias:artifact} <comes out at|is at|measures|reaches> "
        "{coverage:percent}",
        "coverage <of|for> {alias:artifact} is {coverage:percent}",
    ),
)
def coverage_is(world: World, alias: str, coverage: float) -> None:
    """coverage.py's total for the artifact's unit tests."""
    _record(world, alias, "record_coverage", coverage)


@given(
    "the scan <of|for|on> {alias:artifact} finds:",
    "the scan of D1 finds:",
    "the scan of B4 reports:",
    variants=(
        "{alias:artifacts} scan <finds|reports|found|reported|shows|lists>:",
        "the [<vulnerability|security|image|CVE|Trivy|container> ]scan <of|for|on> "
        "{alias:artifact} <finds|reports|found|reported|shows|showed|lists|turns up>:",
    ),
)
def scan_finds(world: World, alias: str) -> None:
    """The scanner's findings: | id | severity | package | (optional installed, fixed; the
    fixed version's column may be "fixed in" or "fixed version")."""
    rows = table_rows(world, ("id", "severity"))

    def findings() -> list[Finding]:
        return [
            Finding(
                row["id"],
                row["severity"],
                row.get("package", ""),
                row.get("installed", ""),
                row.get("fixed") or row.get("fixed in") or row.get("fixed version") or "",
            )
            for row in rows
        ]

    current = scene(world)
    digest = current.digest(world, alias)

    def record() -> None:
        said = findings()
        world.capability(current.pipeline, "record_scan")(digest, said)
        current.findings[alias] = said

    world.attempt(record)


_SCAN = "the [<vulnerability|security|image|CVE|Trivy|container> ]<scan|scanner>"
_FINDS = (
    "<finds|found|reports|reported|shows|showed|turns up|turned up|comes back with|came back with>"
)
_NOTHING = (
    "<nothing|no findings|no issues|no problems|no CVEs|no vulnerabilities|no critical CVEs|"
    "no critical vulnerabilities|no high CVEs|no critical or high CVEs|no high or critical CVEs>"
)


@given(
    "the scan <of|for|on> {alias:artifact} finds nothing",
    "the scan of D1 finds nothing",
    "the vulnerability scan of R1 finds no CVEs",
    "the vulnerability scan on R1 comes back with no critical CVEs",
    variants=(
        "{alias:artifacts} scan finds nothing",
        _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + " " + _NOTHING,
        "{alias:artifact} scans clean",
        "{alias:artifacts} scan <is|was|comes back|came back> clean",
        _SCAN + " <of|on|for> {alias:artifact} <is|was|comes back|came back> clean",
    ),
)
def scan_finds_nothing(world: World, alias: str) -> None:
    """The scanner ran and reported no vulnerability."""
    _record(world, alias, "record_scan", [])


@given(
    "the integration tests <of|for|on> {alias:artifact} pass",
    "the integration tests of D1 pass",
    variants=(
        "{alias:artifacts} integration tests pass",
        "the integration <suite|test suite|test run|stage> <of|for|on> {alias:artifact} "
        "<passes|passed|is green|was green|comes back green|came back green>",
        "{alias:artifacts} integration <suite|test suite|test run> <passes|passed|is green|was "
        "green>",
    ),
)
def integration_pass(world: World, alias: str) -> None:
    """The integration suite is green."""
    _record(world, alias, "record_integration_tests", TestSummary(True, source="the scenario"))


@given(
    "the integration tests <of|for|on> {alias:artifact} fail",
    "the integration tests of D1 fail",
    variants=("{alias:artifacts} integration tests fail",),
)
def integration_fail(world: World, alias: str) -> None:
    """At least one integration test failed."""
    _record(world, alias, "record_integration_tests", TestSummary(False, source="the scenario"))


START = (
    "<run|rerun|re-run|kick off|kick|trigger|retrigger|re-trigger|start|restart|launch|fire off|"
    "execute|run again|kick off again|trigger again>"
)
"""The verbs people start a pipeline run with ("I kick off the pipeline for P3")."""
STARTED = (
    "<is kicked off|gets kicked off|was kicked off|kicks off|is triggered|gets triggered|was "
    "triggered|is started|was started|starts|is launched|was launched|is executed|was executed>"
)
"""The same, said of the pipeline ("the pipeline is triggered for P3")."""
RUN = "<pipeline|CI pipeline|build pipeline|release pipeline|pipeline run|CI run|CI>"
"""What is run: the pipeline by the names people give it."""


@when(
    "I run the pipeline[ <for|on> {alias:artifact}][ <again|once more|one more time>]",
    "I run the pipeline for D1",
    "I run the pipeline",
    "I run the pipeline for R3 once more",
    variants=(
        "the pipeline <runs|runs again|is run|is run again|reruns|is rerun|is re-run|re-runs>"
        "[ <for|on> {alias:artifact}]",
        "{alias:artifact} <goes|went|is sent|is put|runs> through the <pipeline|gates>[ again]",
        "I <run|rerun|re-run> the <gates|pipeline|ladder>[ <for|on> {alias:artifact}]"
        "[ <again|once more|one more time>]",
        "<I|we> " + START + " <the|a|a new|another> " + RUN + "[ <for|on> {alias:artifact}]"
        "[ <again|once more|one more time>]",
        "<the|a|a new|another> " + RUN + " " + STARTED + "[ <for|on> {alias:artifact}]",
        "{alias:artifact} <is|gets|goes> <sent|put|pushed> through <the|a> " + RUN,
    ),
)
def i_run_the_pipeline(world: World, alias: str | None = None) -> None:
    """Run the gates in order for the artifact (the one built last unless named), stopping
    at the first that blocks."""
    run_gates(world, alias or last_built(world))


@given(
    _SCAN + " " + _FINDS + " {finding:finding} <as|rated|rated as|with severity> "
    "{severity:severity}[ in {package:name}]"
    " <in|on|of|for> {alias:artifact}",
    "the scan reports CVE-2024-3094 as critical in R3",
    "the scan of R3 finds a critical CVE-2024-3094 in openssl",
    "the scan finds CVE-2024-3094 rated critical in R3",
    "build R4 has a high severity finding CVE-2023-44487",
    'the scan of P3 finds CVE-2025-9931 with severity HIGH in package "zlib"',
    variants=(
        _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + " {finding:finding} <as|rated|"
        "rated as|with severity> {severity:severity}[ in [package ]{package:name}]",
        _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + " <a|an> {severity:severity}"
        "[ severity] [<CVE|vulnerability|finding> ]{finding:finding}[ in {package:name}]",
        "{alias:artifact} has <a|an> {severity:severity}[ severity] "
        "[<CVE|vulnerability|finding> ]{finding:finding}[ in {package:name}]",
        _SCAN + " <of|on|for> {alias:artifact} " + _FINDS + " <a|an> {severity:severity}"
        "[ severity] <CVE|vulnerability|finding|issue> in {package:name}",
        "{alias:artifacts} scan " + _FINDS + " <a|an> {severity:severity}"
        "[ severity] <CVE|vulnerability|finding|issue> in {package:name}",
    ),
)
def scan_reports(
    world: World,
    severity: str,
    alias: str,
    finding: str | None = None,
    package: str | None = None,
) -> None:
    """One more finding the scanner reports for the artifact (said one sentence at a time,
    the scan reports all of them); one said without an id ("a critical CVE in openssl") is
    known by its package and severity. A finding with an id is "it" from now on."""
    current = scene(world)
    digest = current.digest(world, alias)
    found = current.findings.setdefault(alias, [])
    if finding is None:
        finding = f"UNNAMED-{package}-{len(found) + 1}"

    def record() -> None:
        said = [*found, Finding(finding, severity, package or "")]
        world.capability(current.pipeline, "record_scan")(digest, said)
        found[:] = said

    world.attempt(record)
    current.recorded.setdefault(alias, set()).add("record_scan")
    if world.error is None and not finding.startswith("UNNAMED-"):
        world.declared.mentioned["finding"] = finding  # "it", "that CVE" from now on
