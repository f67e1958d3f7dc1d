"""``kubeloop run --compare MODULE``: the scenarios whose outcome differs between two engines,
each with the first step where they part and what each engine saw there.

A scenario one engine skipped (``@kubeloop-exact`` or ``@kubeloop-tool`` when grading
another engine, ``@skip``) was not compared: it is counted apart, with the reason, never
listed as a divergence.
"""

from __future__ import annotations

from collections import Counter

from kubeloop.harness.record import ScenarioRecord, StepRecord
from kubeloop.harness.reports.headline import headline


def _key(record: ScenarioRecord) -> tuple[str, int, int]:
    return (record.uri, record.line, record.row if record.row is not None else -1)


def _side(name: str, step: StepRecord, width: int) -> str:
    said = f": {headline(step.error)}" if step.error else ""
    return f"      {name:<{width}}  {step.status}{said}"


def compare(name_a: str, a: list[ScenarioRecord], name_b: str, b: list[ScenarioRecord]) -> str:
    """Scenarios whose outcome differs, the first step that diverged and both sides of it."""
    theirs = {_key(r): r for r in b}
    width = max(len(name_a), len(name_b))
    lines = [f"\ncomparing {name_a} with {name_b}:"]
    differ = 0
    skipped: Counter[str] = Counter()
    for mine in sorted(a, key=_key):
        other = theirs.get(_key(mine))
        if other is None or other.status == mine.status:
            continue
        if "skipped" in (mine.status, other.status):
            who, why = (name_a, mine) if mine.status == "skipped" else (name_b, other)
            skipped[f"skipped by {who}: {why.message or 'skipped'}"] += 1
            continue
        differ += 1
        lines.append(
            f"  {mine.uri}:{mine.rerun_line} {mine.title}: "
            f"{name_a} {mine.status}, {name_b} {other.status}"
        )
        for step_a, step_b in zip(mine.steps, other.steps, strict=False):
            if step_a.status != step_b.status:
                lines.append(
                    f"    first divergence: {step_a.keyword} {step_a.text} (line {step_a.line})"
                )
                lines += [_side(name_a, step_a, width), _side(name_b, step_b, width)]
                break
    lines.append(
        f"  {differ} scenario(s) differ" if differ else "  every scenario has the same outcome"
    )
    lines += [f"  {n} scenario(s) not compared, {why}" for why, n in sorted(skipped.items())]
    return "\n".join(lines)
