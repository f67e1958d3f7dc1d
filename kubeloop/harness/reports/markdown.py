"""A short Markdown summary for a CI job summary: counts, and each failure with its rerun."""

from __future__ import annotations

from itertools import groupby

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.reports.headline import headline_lines


def counts(records: list[ScenarioRecord]) -> dict[str, int]:
    return {
        status: sum(r.status == status for r in records)
        for status in ("passed", "failed", "error", "skipped")
    }


def summary_markdown(records: list[ScenarioRecord], engine: str = "kubeloop") -> str:
    total = counts(records)
    failed = total["failed"] + total["error"]
    verdict = "✅ all scenarios passed" if failed == 0 else f"❌ {failed} failed"
    lines = [
        f"## kubeloop: {verdict}",
        "",
        f"{total['passed']} passed, {failed} failed, {total['skipped']} skipped "
        f"— {len(records)} scenarios (engine `{engine}`)",
        "",
        "| feature | passed | failed | skipped |",
        "|---|---:|---:|---:|",
    ]
    for (uri, name), grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        c = counts(list(grouped))
        lines.append(
            f"| {name} (`{uri}`) | {c['passed']} | {c['failed'] + c['error']} | {c['skipped']} |"
        )
    failures = [r for r in records if r.status in ("failed", "error")]
    if failures:
        lines += ["", "### Failed scenarios", ""]
        for record in failures:
            step = record.failed_step
            where = f"`{step.keyword} {step.text}` (line {step.line})" if step else "could not run"
            first = headline_lines(step.error if step and step.error else record.message)
            lines.append(f"- **{record.feature} › {record.title}** — {where}")
            lines += [f"  - {line.lstrip()}" for line in step.inner_lines()] if step else []
            lines += [f"  > {line}" for line in first if line.strip()]
            lines.append(f"  rerun: `{record.rerun}`")
    return "\n".join(lines) + "\n"
