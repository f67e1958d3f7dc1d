"""junit.xml read the way CI reads it, on a suite with three scenarios broken on purpose:
valid against Jenkins xunit's junit-10.xsd, and junitparser, GitLab's reading and Jenkins'
class/package split all show the failures kubeloop's terminal shows, under the same names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from junitparser import Error, Failure, JUnitXml, Skipped
from lxml import etree

from kubeloop.harness.reports.junit import DOT_LEADER
from tests.harness.broken_suite import BrokenRun, run_broken

XSD = Path(__file__).parent / "data" / "jenkins-xunit-junit-10.xsd"


@pytest.fixture(scope="module", params=["scenarios", "steps"])
def broken(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> BrokenRun:
    options = ["--junit-steps"] if request.param == "steps" else []
    return run_broken(tmp_path_factory.mktemp(request.param), *options)


def _feature(classname: str) -> str:
    return classname.replace(DOT_LEADER, ".")


def _terminal(broken: BrokenRun, steps: bool) -> set[tuple[str, str]]:
    if steps:
        return {(f"{f.feature} › {f.title}", "") for f in broken.failures}
    return {(f.feature, f.title) for f in broken.failures}


def _is_steps(broken: BrokenRun) -> bool:
    return broken.reports.parent.name.startswith("steps")


def test_valid_against_jenkins_xunit_schema(broken: BrokenRun) -> None:
    schema = etree.XMLSchema(etree.parse(str(XSD)))
    document = etree.parse(str(broken.reports / "junit.xml"))
    assert schema.validate(document), [str(e) for e in schema.error_log]


def test_junitparser_counts_and_failures(broken: BrokenRun) -> None:
    xml = JUnitXml.fromfile(str(broken.reports / "junit.xml"))
    cases = [case for suite in xml for case in suite]
    failed = [c for c in cases if any(isinstance(r, Failure | Error) for r in c.result)]
    skipped = [c for c in cases if any(isinstance(r, Skipped) for r in c.result)]
    assert xml.tests == len(cases), "the header declares the testcases the file holds"
    assert xml.failures + xml.errors == len(failed) == 3, "each failure counted once"
    for suite in xml:
        assert suite.tests == len(list(suite)) and suite.skipped == sum(
            any(isinstance(r, Skipped) for r in c.result) for c in suite
        )
    assert len(skipped) >= 1
    steps = _is_steps(broken)
    shown = {(_feature(c.classname), "" if steps else c.name) for c in failed}
    assert shown == _terminal(broken, steps)


def _gitlab_cases(node: Any, parent: Any = None) -> list[dict[str, Any]]:
    """GitLab's Gitlab::Ci::Parsers::Test::Junit#all_cases: testcases of testsuites at any
    depth below one top-level element; a case's status from its failure/error/skipped child."""
    found: list[dict[str, Any]] = []
    for element in [node]:
        if parent is not None:
            for case in element.findall("testcase"):
                status = next(
                    (s for s in ("failure", "error", "skipped") if case.find(s) is not None),
                    "success",
                )
                found.append({**case.attrib, "status": status, "suite": element.get("name")})
        for suite in element.findall("testsuite"):
            found += _gitlab_cases(suite, element)
    return found


def test_gitlab_reads_the_failures_under_their_names(broken: BrokenRun) -> None:
    root = etree.parse(str(broken.reports / "junit.xml")).getroot()
    cases = _gitlab_cases(root)
    assert len(cases) == int(root.get("tests"))
    failed = [c for c in cases if c["status"] in ("failure", "error")]
    steps = _is_steps(broken)
    assert {(_feature(c["classname"]), "" if steps else c["name"]) for c in failed} == (
        _terminal(broken, steps)
    )


def test_jenkins_keeps_a_dotted_feature_whole(broken: BrokenRun) -> None:
    """Jenkins' junit plugin: package = classname up to its last dot, class = the rest."""
    root = etree.parse(str(broken.reports / "junit.xml")).getroot()
    classnames = {case.get("classname") for case in root.iter("testcase")}
    assert all("." not in name for name in classnames), classnames
    assert any(_feature(name).startswith("The unit gate uses coverage.py's") for name in classnames)


def test_a_multi_line_saw_stays_in_the_message(broken: BrokenRun) -> None:
    root = etree.parse(str(broken.reports / "junit.xml")).getroot()
    messages = [f.get("message") for f in root.iter("failure")]
    assert (
        "expected: gate unit to say 'is above'; saw: coverage 42% is below the threshold 43%"
        " (total 42.1%, fail_under 43%, precision 0)" in messages
    ), messages
    summary = (broken.reports / "summary.md").read_text(encoding="utf-8")
    assert "> saw: coverage 42% is below the threshold 43%" in summary
