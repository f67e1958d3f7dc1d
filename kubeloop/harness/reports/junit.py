"""JUnit XML as GitLab, Jenkins and the GitHub Actions reporters read it.

One testcase per scenario (classname = feature, name = scenario with its example row);
a failure carries the failing step, what was expected and seen, the cluster, and the
command that reruns the scenario. ``steps=True`` adds one testcase per step.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import groupby

from kubeloop.harness.record import ScenarioRecord

SYMBOL = {"passed": "✓", "failed": "✗", "undefined": "?", "skipped": "-"}


def _seconds(ns: int) -> str:
    return f"{ns / 1e9:.6f}"


def _steps_text(record: ScenarioRecord) -> str:
    return "\n".join(f"{SYMBOL[s.status]} {s.keyword} {s.text}" for s in record.steps)


def _message(error: str) -> str:
    """The failure's one-line summary: what was expected and what was seen."""
    lines = [line.strip() for line in error.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].startswith("expected:") and lines[1].startswith("saw:"):
        return f"{lines[0]}; {lines[1]}"[:500]
    return (lines[0] if lines else "failed")[:500]


def failure_text(record: ScenarioRecord) -> str:
    step = record.failed_step
    lines = []
    if step is not None:
        lines.append(f"{step.keyword} {step.text}  ({record.uri}:{step.line})")
        lines.append(step.error)
    else:
        lines.append(record.message)
    lines += ["", f"rerun: {record.rerun}"]
    return "\n".join(lines)


def _counts(records: list[ScenarioRecord]) -> dict[str, str]:
    return {
        "tests": str(len(records)),
        "failures": str(sum(r.status == "failed" for r in records)),
        "errors": str(sum(r.status == "error" for r in records)),
        "skipped": str(sum(r.status == "skipped" for r in records)),
        "time": _seconds(sum(r.duration_ns for r in records)),
    }


def _scenario_case(parent: ET.Element, record: ScenarioRecord) -> None:
    case = ET.SubElement(
        parent,
        "testcase",
        classname=record.feature,
        name=record.title,
        file=record.uri,
        line=str(record.rerun_line),
        time=_seconds(record.duration_ns),
    )
    if record.status in ("failed", "error"):
        step = record.failed_step
        tag = "failure" if record.status == "failed" else "error"
        element = ET.SubElement(
            case,
            tag,
            message=_message(step.error if step and step.error else record.message),
            type=step.error_type if step else "error",
        )
        element.text = failure_text(record)
    elif record.status == "skipped":
        ET.SubElement(case, "skipped", message=record.message or "skipped")
    ET.SubElement(case, "system-out").text = _steps_text(record)


def _step_cases(parent: ET.Element, record: ScenarioRecord) -> None:
    for step in record.steps:
        case = ET.SubElement(
            parent,
            "testcase",
            classname=f"{record.feature}.{record.title}",
            name=f"{step.keyword} {step.text}",
            file=record.uri,
            line=str(step.line),
            time=_seconds(step.duration_ns),
        )
        if step.status in ("failed", "undefined"):
            failure = ET.SubElement(
                case, "failure", message=step.error.splitlines()[0] if step.error else step.status
            )
            failure.text = f"{step.error}\n\nrerun: {record.rerun}"
        elif step.status == "skipped":
            ET.SubElement(
                case,
                "skipped",
                message="not reached" if record.status != "skipped" else record.message,
            )


def junit_xml(records: list[ScenarioRecord], steps: bool = False) -> str:
    root = ET.Element("testsuites", attrib={"name": "kubeloop", **_counts(records)})
    for feature, grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        members = list(grouped)
        attributes = {"name": feature[1], "file": feature[0], **_counts(members)}
        suite = ET.SubElement(root, "testsuite", attrib=attributes)
        for record in members:
            _scenario_case(suite, record)
            if steps:
                _step_cases(suite, record)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
