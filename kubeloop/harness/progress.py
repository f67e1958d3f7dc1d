"""Gherkin-style progress for ``kubeloop run``, printed from the scenario records as each
scenario finishes — the same under pytest-xdist as in one process."""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.recorder import records_from, relative

SYMBOL = {"passed": "✓", "failed": "✗", "undefined": "?", "skipped": "-"}


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


@dataclass(eq=False)  # hashable by identity: pytest's plugin manager keeps it in sets
class Progress:
    """A pytest plugin object: prints scenarios as they finish and keeps their records."""

    write: Callable[[str], None] = print
    quiet: bool = False
    """Print only the scenarios that did not pass (and the summary)."""
    records: list[ScenarioRecord] = field(default_factory=list)
    rootpath: Path = field(default_factory=Path.cwd)
    _feature: str = ""

    def pytest_configure(self, config: pytest.Config) -> None:
        self.rootpath = config.rootpath
        gc.freeze()  # pytest, its plugins and the step library: loaded once, kept to the end

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """The collected items live until the run ends: freezing them out of the cyclic
        garbage collector spares every full collection during the run a walk over all of
        them, pytest's own two at exit included (at 5,000 scenarios, about half of the
        run's GC time). Only ``kubeloop run`` does this, as it owns its process, and it
        unfreezes when pytest returns (see ``runner``); a plain pytest run's GC is its own."""
        gc.freeze()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for record in records_from(report):
            self.records.append(record)
            self.show(record)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            uri = relative(self.rootpath / report.nodeid) if report.nodeid else "."
            record = ScenarioRecord.file_error(uri, report.longreprtext)
            self.records.append(record)
            self.write(f"\n✗ cannot run {uri}:\n{report.longreprtext}")

    def show(self, record: ScenarioRecord) -> None:
        """Print one finished scenario, in one write (a line a write costs a scenario more
        than building its lines)."""
        if self.quiet and record.status in ("passed", "skipped"):
            return
        lines: list[str] = []
        if record.uri != self._feature:
            self._feature = record.uri
            lines.append(f"\nFeature: {record.feature}  ({record.uri})")
        if record.status == "skipped":
            lines.append(f"  {record.keyword}: {record.title}  (skipped: {record.message})")
            self.write("\n".join(lines))
            return
        lines.append(f"  {record.keyword}: {record.title}")
        for step in record.steps:
            where = (
                f"  ({record.uri}:{step.line})" if step.status in ("failed", "undefined") else ""
            )
            lines.append(f"    {SYMBOL[step.status]} {step.keyword} {step.text}{where}")
            lines += [f"        ↳ {inner}" for inner in step.expansion]
            lines.extend(f"        {line}" for line in step.error.splitlines())
        if record.status == "error" and not record.failed_step:
            lines.append(f"    ✗ {record.message}")
        self.write("\n".join(lines))

    def summary(self) -> str:
        files = [r for r in self.records if r.is_file_error]
        scenarios = [r for r in self.records if not r.is_file_error]
        counts = {
            s: sum(r.status == s for r in scenarios)
            for s in ("passed", "failed", "skipped", "error")
        }
        steps = [s.status for r in scenarios for s in r.steps]
        parts = [f"{n} {s}" for s, n in counts.items() if n]
        lines = [
            "",
            f"{counts['passed']} passed, {counts['failed'] + counts['error']} failed, "
            f"{counts['skipped']} skipped",
            f"{_count(len(scenarios), 'scenario')} ({', '.join(parts) or 'none'})",
            f"{_count(len(steps), 'step')} ({steps.count('passed')} passed, "
            f"{steps.count('failed') + steps.count('undefined')} failed, "
            f"{steps.count('skipped')} skipped)",
        ]
        if files:
            lines.append(f"{_count(len(files), 'feature file')} cannot be run (see above)")
        failures = [r for r in self.records if r.status in ("failed", "error")]
        if failures:
            lines.append("\nRerun a failed scenario alone:")
            lines += [f"  {r.rerun}" for r in failures]
        return "\n".join(lines)
