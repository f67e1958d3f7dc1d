"""The grader's scoreboard: a table in learning order — lab by lab (cluster, pipeline,
telemetry, where they meet), then task by task (@task-N) — with points (@points=N), and
what to implement next, read from the failures it saw: a contract member that is not
implemented yet comes before an extension the engine does not provide."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from kubeloop.harness.record import ScenarioRecord

_WAITING = re.compile(
    r"not implemented yet: (?P<missing>[\w.]+)|does not provide (?P<absent>[\w.]+)"
)
LAB_ORDER = ("cluster", "pipeline", "telemetry", "links")


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
    found = _waiting(record)
    return found[0] if found else None


def _waiting(record: ScenarioRecord) -> tuple[str, bool] | None:
    """What a failed scenario waits on, and whether it is an extension (a member the engine
    does not provide) rather than a contract member not implemented yet."""
    texts = [record.message, *(s.error for s in record.steps if s.error)]
    for text in texts:
        match = _WAITING.search(text or "")
        if match:
            name = (match.group("missing") or match.group("absent")).rstrip(".,")
            return name, match.group("missing") is None
    return None


def _needs_extension(record: ScenarioRecord) -> bool:
    """Did the scenario fail for want of a member beyond the contract?"""
    found = _waiting(record)
    if found is not None:
        return found[1]
    texts = [record.message, *(s.error for s in record.steps if s.error)]
    return any("does not accept" in (text or "") for text in texts)


def lab_of(uri: str) -> str:
    """The lab a feature belongs to, from its shown path (``kubeloop:pipeline/x.feature``,
    ``features/cluster/rollout/y.feature``); "" for a feature of the user's own."""
    for part in re.split(r"[/:\\]", uri):
        if part in LAB_ORDER:
            return part
    return ""


def _order(row: _Row) -> tuple[int, bool, int, str]:
    lab = LAB_ORDER.index(row.lab) if row.lab in LAB_ORDER else len(LAB_ORDER)
    return (lab, row.task is None, row.task or 0, row.feature)


@dataclass
class _Row:
    task: int | None
    feature: str
    lab: str
    passed: int = 0
    total: int = 0
    earned: int = 0
    possible: int = 0
    waits: Counter[str] = field(default_factory=Counter)
    extensions: Counter[str] = field(default_factory=Counter)


def scoreboard(records: list[ScenarioRecord]) -> str:
    graded = [r for r in records if r.status != "skipped"]
    if not graded:
        return "scoreboard: nothing graded"
    rows: dict[str, _Row] = {}
    waits: Counter[str] = Counter()
    beyond = sum(1 for r in graded if r.status != "passed" and _needs_extension(r))
    for record in graded:
        row = rows.setdefault(
            record.feature,
            _Row(_tag_number(record, r"@task-(\d+)"), record.feature, lab_of(record.uri)),
        )
        passed = record.status == "passed"
        points = _points(record)
        row.total += 1
        row.possible += points
        row.passed += passed
        row.earned += points if passed else 0
        missing = None if passed else _waiting(record)
        if missing:
            name, extension = missing
            (row.extensions if extension else row.waits)[name] += 1
            waits[name] += 1
    ordered = sorted(rows.values(), key=_order)
    width = max(len(r.feature) for r in ordered)
    labs = {r.lab for r in ordered}
    lines = ["scoreboard (in learning order):", f"  task  {'feature':<{width}}  passed  points"]
    shown_lab = None
    for row in ordered:
        if len(labs) > 1 and row.lab != shown_lab:
            shown_lab = row.lab
            lines.append(f"  {_LAB_TITLES.get(row.lab, 'your own features')}")
        task = f"{row.task:>4}" if row.task is not None else "   -"
        score = f"{row.passed}/{row.total}"
        lines.append(f"  {task}  {row.feature:<{width}}  {score:>6}  {row.earned}/{row.possible}")
    earned = sum(r.earned for r in ordered)
    possible = sum(r.possible for r in ordered)
    lines.append(f"  {'':4}  {'total':<{width}}  {'':6}  {earned}/{possible}")
    if beyond:
        done = sum(r.status == "passed" for r in graded)
        lines.append(
            f"  the contract: {done}/{len(graded) - beyond} scenarios passed; {beyond} more "
            'need extensions beyond it ("does not provide", "does not accept")'
        )
    lines += _next(ordered, waits)
    return "\n".join(lines)


_LAB_TITLES = {
    "cluster": "Lab 01 — cluster",
    "pipeline": "Lab 02 — pipeline",
    "telemetry": "Lab 03 — telemetry",
    "links": "where the labs meet",
}


def _next(ordered: list[_Row], waits: Counter[str]) -> list[str]:
    """The first unfinished task's most-awaited contract member, else its most-awaited
    extension (said to be one)."""
    if not waits:
        return []
    by_count = ", ".join(
        f"{count} scenario{'s wait' if count != 1 else ' waits'} on {name}"
        for name, count in waits.most_common(5)
    )
    contract = next((r for r in ordered if r.waits), None)
    if contract is not None:
        name, _ = contract.waits.most_common(1)[0]
        where = f"task {contract.task}" if contract.task is not None else contract.feature
        advice = f"next: implement {name} (the first unfinished: {where})"
    else:
        first = next(r for r in ordered if r.extensions)
        name, count = first.extensions.most_common(1)[0]
        where = f"task {first.task}" if first.task is not None else first.feature
        advice = (
            f"next: implement {name}, an extension beyond the contract ({count} "
            f"scenario{'s' if count != 1 else ''} of {where} use it)"
        )
    return [f"  waiting: {by_count}", f"  {advice}"]


__all__ = ["lab_of", "scoreboard", "waiting_on"]
