"""Cucumber JSON, as cucumber-html-reporter, Jenkins Cucumber Reports and Xray read it:
features → elements (scenarios, outline rows expanded) → steps with results; a failed step
embeds the pictures of its scenario's world (SVG)."""

from __future__ import annotations

import base64
import json
import re
from itertools import groupby
from typing import Any

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.reports.html_scenario import pictures


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _tags(tags: list[str], line: int) -> list[dict[str, Any]]:
    return [{"name": tag, "line": line} for tag in tags]


def _step(record: ScenarioRecord, index: int) -> dict[str, Any]:
    step = record.steps[index]
    result: dict[str, Any] = {"status": step.status, "duration": step.duration_ns}
    if step.status in ("failed", "undefined") and step.error:
        result["error_message"] = f"{step.error}\n\nrerun: {record.rerun}"
    entry: dict[str, Any] = {
        "keyword": f"{step.keyword} ",
        "name": step.text,
        "line": step.line,
        "match": {"location": step.definition or f"{record.uri}:{step.line}"},
        "result": result,
    }
    if step.docstring is not None:
        entry["doc_string"] = {"value": step.docstring, "line": step.line + 1}
    if step.datatable is not None:
        entry["rows"] = [{"cells": row} for row in step.datatable]
    embeddings = [  # a team phrase's steps: text, as cucumber-html-reporter shows it
        {
            "data": base64.b64encode(line.encode()).decode("ascii"),
            "mime_type": "text/plain",
            "name": "team phrase step",
        }
        for line in step.inner_lines()
    ]
    if step is record.failed_step:  # the world's pictures, as Jenkins Cucumber Reports shows them
        embeddings += [
            {
                "data": base64.b64encode(svg.encode()).decode("ascii"),
                "mime_type": "image/svg+xml",
                "name": f"picture-{number}.svg",
            }
            for number, svg in enumerate(pictures(record), 1)
        ]
    if embeddings:
        entry["embeddings"] = embeddings
    return entry


def _element(record: ScenarioRecord) -> dict[str, Any]:
    row = f";;{record.row + 1}" if record.row is not None else ""
    return {
        "id": f"{_slug(record.feature)};{_slug(record.name)}{row}",
        "keyword": record.keyword,
        "type": "scenario",
        "name": record.title,
        "description": "",
        "line": record.rerun_line,
        "tags": _tags(record.tags + record.feature_tags, record.line - 1),
        "steps": [_step(record, i) for i in range(len(record.steps))],
    }


def cucumber_json(records: list[ScenarioRecord]) -> str:
    features = []
    for (uri, name), grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        members = list(grouped)
        first = members[0]
        features.append(
            {
                "uri": uri,
                "id": _slug(name),
                "keyword": "Feature",
                "name": name,
                "description": first.feature_description,
                "line": first.feature_line,
                "tags": _tags(first.feature_tags, max(first.feature_line - 1, 1)),
                "elements": [_element(r) for r in members],
            }
        )
    return json.dumps(features, ensure_ascii=False) + "\n"  # no indent: the C encoder
