"""JUnit XML as Jenkins (junit and xunit plugins), GitLab and the GitHub Actions reporters
read it, valid against Jenkins xunit's ``junit-10.xsd``.

One testcase per scenario (classname = feature, name = scenario with its example row); a
failure carries the failing step, what was expected and seen, the world, and the command
that reruns the scenario. ``steps=True`` writes one testcase per step *instead*
(classname = feature › scenario), so every failure is counted once and the header's counts
are the file's testcases.

The schema allows neither ``file`` nor ``line`` on a testcase, nor ``skipped`` on
``<testsuites>``: the file is on each ``<testsuite>``, and the line is in the rerun command.
Jenkins reads a classname's last dot as a package separator ("coverage.py's gate" would
become class "py's gate" in package "coverage"): a dot in a classname is written as the
look-alike ONE DOT LEADER (U+2024), so the feature reads the same and stays whole.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import groupby

from kubeloop.harness.record import ScenarioRecord, StepRecord
from kubeloop.harness.reports.headline import headline

SYMBOL = {"passed": "✓", "failed": "✗", "undefined": "?", "skipped": "-"}
DOT_LEADER = "\u2024"


def _seconds(ns: int) -> str:
    return f"{ns / 1e9:.6f}"


def class_name(*parts: str) -> str:
    """A classname Jenkins shows whole: the parts joined by " › ", each dot a U+2024."""
    return " › ".join(parts).replace(".", DOT_LEADER)


def _steps_text(record: ScenarioRecord) -> str:
    """Every step with its mark, a team phrase's steps under its line."""
    return "\n".join(
        line
        for s in record.steps
        for line in [f"{SYMBOL[s.status]} {s.keyword} {s.text}", *_inner(s)]
    )


def _inner(step: StepRecord) -> list[str]:
    return [f"  {line}" for line in step.inner_lines()]


def failure_text(record: ScenarioRecord) -> str:
    step = record.failed_step
    lines = []
    if step is not None:
        lines.append(f"{step.keyword} {step.text}  ({record.uri}:{step.line})")
        lines += _inner(step)
        lines.append(step.error)
    else:
        lines.append(record.message)
    lines += ["", f"rerun: {record.rerun}"]
    return "\n".join(lines)


def _scenario_case(parent: ET.Element, record: ScenarioRecord) -> None:
    case = ET.SubElement(
        parent,
        "testcase",
        classname=class_name(record.feature),
        name=record.title,
        time=_seconds(record.duration_ns),
    )
    if record.status in ("failed", "error"):
        step = record.failed_step
        tag = "failure" if record.status == "failed" else "error"
        element = ET.SubElement(
            case,
            tag,
            message=headline(step.error if step and step.error else record.message),
            type=step.error_type if step else "error",
        )
        element.text = failure_text(record)
    elif record.status == "skipped":
        ET.SubElement(case, "skipped", message=record.message or "skipped")
    ET.SubElement(case, "system-out").text = _steps_text(record)


def _step_case(parent: ET.Element, record: ScenarioRecord, step: StepRecord) -> None:
    case = ET.SubElement(
        parent,
        "testcase",
        classname=class_name(record.feature, record.title),
        name=f"{step.keyword} {step.text}",
        time=_seconds(step.duration_ns),
    )
    if step.status in ("failed", "undefined"):
        failure = ET.SubElement(
            case,
            "error" if record.status == "error" else "failure",
            message=headline(step.error or step.status),
            type=step.error_type or step.status,
        )
        failure.text = "\n".join([*_inner(step), step.error, "", f"rerun: {record.rerun}"])
    elif step.status == "skipped":
        reason = "not reached" if record.status != "skipped" else record.message
        ET.SubElement(case, "skipped", message=reason or "skipped")


def _cases(parent: ET.Element, records: list[ScenarioRecord], steps: bool) -> dict[str, int]:
    """Write the testcases; their counts by outcome, for the enclosing element."""
    for record in records:
        if steps and record.steps:
            for step in record.steps:
                _step_case(parent, record, step)
        else:
            _scenario_case(parent, record)
    outcome = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for case in parent.iter("testcase"):
        outcome["tests"] += 1
        for tag, key in (("failure", "failures"), ("error", "errors"), ("skipped", "skipped")):
            outcome[key] += case.find(tag) is not None
    return outcome


def junit_xml(records: list[ScenarioRecord], steps: bool = False) -> str:
    root = ET.Element("testsuites", attrib={"name": "kubeloop"})
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for (uri, feature), grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        members = list(grouped)
        suite = ET.SubElement(root, "testsuite", attrib={"name": feature, "file": uri})
        outcome = _cases(suite, members, steps)
        for key, value in outcome.items():
            suite.set(key, str(value))
            if key in totals:
                totals[key] += value
        suite.set("time", _seconds(sum(r.duration_ns for r in members)))
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", _seconds(sum(r.duration_ns for r in records)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
