"""The grader's scoreboard: passed/total by feature, by @task-N and by @points=N."""

from __future__ import annotations

import re
from collections import defaultdict

from kubeloop.harness.record import ScenarioRecord


def _points(record: ScenarioRecord) -> int:
    for tag in record.tags + record.feature_tags:
        match = re.fullmatch(r"@points=(\d+)", tag)
        if match:
            return int(match.group(1))
    return 1


def scoreboard(records: list[ScenarioRecord]) -> str:
    graded = [r for r in records if r.status != "skipped"]
    if not graded:
        return "scoreboard: nothing graded"
    by_feature: dict[str, list[bool]] = defaultdict(list)
    by_task: dict[str, list[bool]] = defaultdict(list)
    earned = possible = 0
    for record in graded:
        passed = record.status == "passed"
        by_feature[record.feature].append(passed)
        for tag in record.tags + record.feature_tags:
            if re.fullmatch(r"@task-\d+", tag):
                by_task[tag[1:]].append(passed)
        points = _points(record)
        possible += points
        earned += points if passed else 0
    lines = ["scoreboard:"]
    lines.append(
        "  " + ", ".join(f"{name} {sum(v)}/{len(v)}" for name, v in sorted(by_feature.items()))
    )
    if by_task:
        lines.append(
            "  " + ", ".join(f"{name} {sum(v)}/{len(v)}" for name, v in sorted(by_task.items()))
        )
    lines.append(f"  points: {earned}/{possible}")
    return "\n".join(lines)
