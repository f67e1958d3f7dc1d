"""The grader's scoreboard: a table in learning order (@task-N), points (@points=N), and
what to implement next, read from the failures it saw."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from kubeloop.harness.record import ScenarioRecord

_WAITING = re.compile(
    r"not implemented yet: (?P<missing>[\w.]+)|does not provide (?P<absent>[\w.]+)"
)


def _tag_number(record: ScenarioRecord, pattern: str) -> int | None:
    for tag in record.tags + record.feature_tags:
        match = re.fullmatch(pattern, tag)
        if match:
            return int(match.group(1))
    return None


def _points(record: ScenarioRecord) -> int:
    return _tag_number(record, r"@points=(\d+)") or 1


def waiting_on(record: ScenarioRecord) -> str | None:
    """The engine method a failed scenario waits on ("Cluster.rolling_update"), if any."""
    texts = [record.message, *(s.error for s in record.steps if s.error)]
    for text in texts:
        match = _WAITING.search(text or "")
        if match:
            return (match.group("missing") or match.group("absent")).rstrip(".,")
    return None


@dataclass
class _Row:
    task: int | None
    feature: str
    passed: int = 0
    total: int = 0
    earned: int = 0
    possible: int = 0
    waits: Counter[str] = field(default_factory=Counter)


def scoreboard(records: list[ScenarioRecord]) -> str:
    graded = [r for r in records if r.status != "skipped"]
    if not graded:
        return "scoreboard: nothing graded"
    rows: dict[str, _Row] = {}
    waits: Counter[str] = Counter()
    for record in graded:
        row = rows.setdefault(
            record.feature, _Row(_tag_number(record, r"@task-(\d+)"), record.feature)
        )
        passed = record.status == "passed"
        points = _points(record)
        row.total += 1
        row.possible += points
        row.passed += passed
        row.earned += points if passed else 0
        missing = None if passed else waiting_on(record)
        if missing:
            row.waits[missing] += 1
            waits[missing] += 1
    ordered = sorted(rows.values(), key=lambda r: (r.task is None, r.task or 0, r.feature))
    width = max(len(r.feature) for r in ordered)
    lines = ["scoreboard (in learning order):", f"  task  {'feature':<{width}}  passed  points"]
    for row in ordered:
        task = f"{row.task:>4}" if row.task is not None else "   -"
        score = f"{row.passed}/{row.total}"
        lines.append(f"  {task}  {row.feature:<{width}}  {score:>6}  {row.earned}/{row.possible}")
    earned = sum(r.earned for r in ordered)
    possible = sum(r.possible for r in ordered)
    lines.append(f"  {'':4}  {'total':<{width}}  {'':6}  {earned}/{possible}")
    lines += _next(ordered, waits)
    return "\n".join(lines)


def _next(ordered: list[_Row], waits: Counter[str]) -> list[str]:
    if not waits:
        return []
    by_count = ", ".join(
        f"{count} scenario{'s wait' if count != 1 else ' waits'} on {name}"
        for name, count in waits.most_common(5)
    )
    first = next(r for r in ordered if r.waits)
    name, _ = first.waits.most_common(1)[0]
    where = f"task {first.task}" if first.task is not None else first.feature
    return [f"  waiting: {by_count}", f"  next: implement {name} (the first unfinished: {where})"]


__all__ = ["scoreboard", "waiting_on"]
