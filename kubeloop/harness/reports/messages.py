"""Cucumber Messages (NDJSON), the format Cucumber recommends: one envelope per line.

The gherkinDocument and pickle messages come from the official Gherkin parser; test
cases, steps and results come from the scenario records; a failed step carries the
pictures of its scenario's world as attachments.
"""

from __future__ import annotations

import base64
import json
import platform
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kubeloop import __version__
from kubeloop.harness import gherkin_source
from kubeloop.harness.record import ScenarioRecord, StepRecord
from kubeloop.harness.registry import REGISTRY
from kubeloop.harness.reports.html_scenario import pictures

PROTOCOL_VERSION = "34.2.1"
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""One encoder for every envelope (``json.dumps`` with an option builds one each call)."""
STATUS = {"passed": "PASSED", "failed": "FAILED", "undefined": "UNDEFINED", "skipped": "SKIPPED"}


def _time(ns: int) -> dict[str, int]:
    return {"seconds": ns // 1_000_000_000, "nanos": ns % 1_000_000_000}


def _meta() -> dict[str, Any]:
    return {
        "protocolVersion": PROTOCOL_VERSION,
        "implementation": {"name": "kubeloop", "version": __version__},
        "runtime": {"name": platform.python_implementation(), "version": platform.python_version()},
        "os": {"name": platform.system().lower() or "unknown"},
        "cpu": {"name": platform.machine() or "unknown"},
    }


def _definition_ids() -> dict[str, str]:
    return {f"{d.keyword}: {d.pattern}": f"sd-{i}" for i, d in enumerate(REGISTRY.definitions)}


def _step_definitions() -> Iterator[dict[str, Any]]:
    for i, d in enumerate(REGISTRY.definitions):
        code = d.function.__code__
        yield {
            "stepDefinition": {
                "id": f"sd-{i}",
                "pattern": {"source": d.sources[0], "type": "REGULAR_EXPRESSION"},
                "sourceReference": {
                    "uri": f"kubeloop/steps/{Path(code.co_filename).name}",
                    "location": {"line": code.co_firstlineno},
                },
            }
        }


def _pickle_for(source: gherkin_source.Source, record: ScenarioRecord) -> dict[str, Any] | None:
    """The pickle of this scenario (and example row) among the file's pickles."""
    wanted = record.row_line or record.line
    for pickle in source.pickles:
        if pickle["location"]["line"] == wanted:
            return pickle
    return None


def messages_ndjson(records: list[ScenarioRecord], start_ns: int, root: Path) -> str:
    envelopes: list[dict[str, Any]] = [{"meta": _meta()}]
    definition_ids = _definition_ids()
    uris = sorted({r.uri for r in records})
    pickled: list[tuple[dict[str, Any], ScenarioRecord]] = []
    for uri in uris:
        file_errors = [r for r in records if r.uri == uri and r.is_file_error]
        path = (root / uri) if not Path(uri).is_absolute() else Path(uri)
        try:
            text = gherkin_source.read_feature(path, uri)
        except gherkin_source.FeatureReadError:
            text = ""  # the parse error below says why; an unreadable file has no source
        envelopes.append(
            {"source": {"uri": uri, "data": text, "mediaType": "text/x.cucumber.gherkin+plain"}}
        )
        for error in file_errors:
            envelopes.append(
                {
                    "parseError": {
                        "source": {"uri": uri, "location": {"line": _first_line(error.message)}},
                        "message": error.message,
                    }
                }
            )
        if file_errors or not path.exists():
            continue
        source = gherkin_source.load(path.resolve(), uri)
        envelopes.append({"gherkinDocument": source.document})
        for record in (r for r in records if r.uri == uri):
            pickle = _pickle_for(source, record)
            if pickle is not None:
                envelopes.append({"pickle": pickle})
                pickled.append((pickle, record))
    envelopes += list(_step_definitions())
    envelopes.append({"testRunStarted": {"timestamp": _time(start_ns), "id": "run-1"}})
    clock = start_ns
    cases, runs = [], []
    for number, (pickle, record) in enumerate(pickled, 1):
        case_id, started_id = f"tc-{number}", f"tcs-{number}"
        steps = []
        for index, pickle_step in enumerate(pickle["steps"]):
            ids = _ids_for(record, index, definition_ids)
            steps.append(
                {
                    "id": f"{case_id}-step-{index}",
                    "pickleStepId": pickle_step["id"],
                    "stepDefinitionIds": ids,
                    "stepMatchArgumentsLists": [
                        {"stepMatchArguments": _arguments(record, index)} for _ in ids
                    ],
                }
            )
        cases.append(
            {
                "testCase": {
                    "id": case_id,
                    "pickleId": pickle["id"],
                    "testSteps": steps,
                    "testRunStartedId": "run-1",
                }
            }
        )
        runs.append(
            {
                "testCaseStarted": {
                    "id": started_id,
                    "testCaseId": case_id,
                    "attempt": 0,
                    "timestamp": _time(clock),
                }
            }
        )
        for index, step in enumerate(steps):
            recorded = record.steps[index] if index < len(record.steps) else None
            status = STATUS[recorded.status] if recorded else "UNKNOWN"
            duration = recorded.duration_ns if recorded else 0
            runs.append(
                {
                    "testStepStarted": {
                        "testCaseStartedId": started_id,
                        "testStepId": step["id"],
                        "timestamp": _time(clock),
                    }
                }
            )
            if recorded is not None and recorded.expansion:
                runs.append(_inner_steps(recorded, started_id, step["id"]))
            if recorded is not None and recorded is record.failed_step:
                runs += _pictures(record, started_id, step["id"])
            clock += duration
            result: dict[str, Any] = {"duration": _time(duration), "status": status}
            if recorded is not None and recorded.error:
                result["message"] = f"{recorded.error}\n\nrerun: {record.rerun}"
            runs.append(
                {
                    "testStepFinished": {
                        "testCaseStartedId": started_id,
                        "testStepId": step["id"],
                        "testStepResult": result,
                        "timestamp": _time(clock),
                    }
                }
            )
        runs.append(
            {
                "testCaseFinished": {
                    "testCaseStartedId": started_id,
                    "timestamp": _time(clock),
                    "willBeRetried": False,
                }
            }
        )
    envelopes += cases + runs
    success = all(r.status in ("passed", "skipped") for r in records)
    envelopes.append(
        {
            "testRunFinished": {
                "success": success,
                "timestamp": _time(clock),
                "testRunStartedId": "run-1",
            }
        }
    )
    return "".join(_ENCODE(e) + "\n" for e in envelopes)


def _inner_steps(step: StepRecord, started_id: str, step_id: str) -> dict[str, Any]:
    """A team phrase's steps with their statuses, as a log attachment of the team's step (a
    test step is a pickle step in Messages, so the inner ones cannot be steps of their own)."""
    return {
        "attachment": {
            "body": "\n".join(step.inner_lines()),
            "contentEncoding": "IDENTITY",
            "mediaType": "text/x.cucumber.log+plain",
            "testCaseStartedId": started_id,
            "testStepId": step_id,
        }
    }


def _pictures(record: ScenarioRecord, started_id: str, step_id: str) -> list[dict[str, Any]]:
    """The pictures of a failed scenario's world, attached to its failed step (SVG, as the
    official HTML formatter shows an image attachment: base64 with its media type)."""
    return [
        {
            "attachment": {
                "body": base64.b64encode(svg.encode()).decode("ascii"),
                "contentEncoding": "BASE64",
                "mediaType": "image/svg+xml",
                "fileName": f"picture-{number}.svg",
                "testCaseStartedId": started_id,
                "testStepId": step_id,
            }
        }
        for number, svg in enumerate(pictures(record), 1)
    ]


def _ids_for(record: ScenarioRecord, index: int, definition_ids: dict[str, str]) -> list[str]:
    if index >= len(record.steps) or not record.steps[index].definition:
        return []
    first = record.steps[index].definition.split(" + ")[0]
    found = definition_ids.get(first)
    return [found] if found else []


def _arguments(record: ScenarioRecord, index: int) -> list[dict[str, Any]]:
    if index >= len(record.steps):
        return []
    return [
        {"group": {"start": start, "value": value}, "parameterTypeName": kind}
        for start, value, kind in record.steps[index].arguments
    ]


def _first_line(message: str) -> int:
    head = message.split(":", 2)
    return int(head[1]) if len(head) > 1 and head[1].isdigit() else 1
