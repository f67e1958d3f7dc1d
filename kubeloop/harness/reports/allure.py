"""Allure results (``kubeloop run --alluredir DIR``): one ``<uuid>-result.json`` per scenario,
as allure-pytest writes them and Allure 2 and 3 read them, with its steps, the pictures of
its world and the rerun command attached.

Ids are derived, not random: ``uuid`` from the run and the scenario's place, ``historyId``
and ``testCaseId`` from its place alone, so Allure's history follows a scenario from run to
run. Times are the run's start plus the recorded durations, like Cucumber Messages'.
Allure's statuses: an assertion that failed is ``failed``; a step no phrase matches, or an
error that is not an assertion, is ``broken`` (Allure's word for "could not be judged").
"""

from __future__ import annotations

import hashlib
import json
import uuid
from pathlib import Path
from typing import Any

from kubeloop.harness.record import ScenarioRecord, StepRecord
from kubeloop.harness.reports.headline import headline
from kubeloop.harness.reports.html_scenario import pictures

NAMESPACE = uuid.UUID("6f1c3e4a-8a55-4f0e-9f56-6b75626c6f6f")


def _status(status: str, error_type: str = "") -> str:
    if status == "failed":
        return "failed" if error_type.endswith("AssertionError") else "broken"
    return {"passed": "passed", "skipped": "skipped", "undefined": "broken"}.get(status, "broken")


def _step(step: StepRecord, start_ms: int) -> dict[str, Any]:
    result: dict[str, Any] = {
        "name": f"{step.keyword} {step.text}",
        "status": _status(step.status, step.error_type),
        "stage": "finished",
        "start": start_ms,
        "stop": start_ms + step.duration_ns // 1_000_000,
    }
    if step.error:
        result["statusDetails"] = {"message": headline(step.error), "trace": step.error}
    if step.expansion:
        result["steps"] = _inner(step, start_ms)
    return result


def _inner(step: StepRecord, at_ms: int) -> list[dict[str, Any]]:
    """A team phrase's steps as Allure's nested steps (a phrase inside a phrase nests
    under the step that used it); their own times are not recorded, so each is a moment."""
    top: list[dict[str, Any]] = []
    open_at: dict[int, list[dict[str, Any]]] = {0: top}
    for entry in step.expansion:
        children: list[dict[str, Any]] = []
        inner: dict[str, Any] = {
            "name": f"{entry['keyword']} {entry['text']}",
            "status": _status(entry["status"], step.error_type),
            "stage": "finished",
            "start": at_ms,
            "stop": at_ms,
            "steps": children,
        }
        open_at.get(entry["depth"], top).append(inner)
        open_at[entry["depth"] + 1] = children
    return top


def _labels(record: ScenarioRecord) -> list[dict[str, str]]:
    labels = [
        {"name": "feature", "value": record.feature},
        {"name": "suite", "value": record.feature},
        {"name": "framework", "value": "kubeloop"},
        {"name": "language", "value": "gherkin"},
    ]
    labels += [{"name": "tag", "value": t.removeprefix("@")} for t in record.feature_tags]
    labels += [{"name": "tag", "value": t.removeprefix("@")} for t in record.tags]
    return labels


def _attach(directory: Path, owner: str, name: str, kind: str, text: str) -> dict[str, str]:
    suffix = {"image/svg+xml": "svg", "text/plain": "txt"}[kind]
    source = f"{uuid.uuid5(NAMESPACE, f'{owner}/{name}')}-attachment.{suffix}"
    (directory / source).write_text(text, encoding="utf-8")
    return {"name": name, "source": source, "type": kind}


def _result(record: ScenarioRecord, start_ms: int, run: str, directory: Path) -> dict[str, Any]:
    place = f"{record.uri}:{record.rerun_line}"
    case = uuid.uuid5(NAMESPACE, f"{run}/{place}")
    steps, clock = [], start_ms
    for step in record.steps:
        steps.append(_step(step, clock))
        clock = steps[-1]["stop"]
    failed = record.failed_step
    owner = str(case)
    attachments = [
        _attach(directory, owner, f"picture {i}", "image/svg+xml", svg)
        for i, svg in enumerate(pictures(record), 1)
    ]
    result: dict[str, Any] = {
        "uuid": owner,
        "historyId": hashlib.md5(place.encode(), usedforsecurity=False).hexdigest(),
        "testCaseId": hashlib.md5(
            f"{record.uri}:{record.line}".encode(), usedforsecurity=False
        ).hexdigest(),
        "fullName": place,
        "name": record.title,
        "status": _status(record.status, failed.error_type if failed else ""),
        "stage": "finished",
        "start": start_ms,
        "stop": max(clock, start_ms + record.duration_ns // 1_000_000),
        "labels": _labels(record),
        "parameters": [{"name": k, "value": v} for k, v in record.example.items()],
        "steps": steps,
        "attachments": attachments,
    }
    if record.status in ("failed", "error"):
        error = failed.error if failed and failed.error else record.message
        result["statusDetails"] = {"message": headline(error), "trace": error}
        attachments.append(_attach(directory, owner, "rerun", "text/plain", record.rerun + "\n"))
    elif record.status == "skipped":
        result["statusDetails"] = {"message": record.message or "skipped"}
    return result


def write_allure(records: list[ScenarioRecord], directory: Path, start_ns: int) -> int:
    """Write every scenario's result into DIRECTORY; how many were written."""
    directory.mkdir(parents=True, exist_ok=True)
    clock = start_ns // 1_000_000
    run = str(start_ns)
    for record in records:
        result = _result(record, clock, run, directory)
        clock = result["stop"]
        text = json.dumps(result, ensure_ascii=False, indent=1)
        (directory / f"{result['uuid']}-result.json").write_text(text + "\n", encoding="utf-8")
    return len(records)
