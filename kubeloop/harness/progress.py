"""Gherkin-style progress for ``kubeloop run``, printed from the scenario records as each
scenario finishes — the same under pytest-xdist as in one process.

A long run also says how far it is: when nothing was printed for PROGRESS_EVERY seconds
(``-q`` prints only failures), a line with the count done, the failures so far and an
estimate of the time left (from the pace so far). A run shorter than that prints none.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kubeloop.harness import labs
from kubeloop.harness.colour import paint
from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.recorder import records_from
from kubeloop.harness.shown_paths import relative

SYMBOL = {"passed": "✓", "failed": "✗", "undefined": "?", "skipped": "-"}
PROGRESS_EVERY = 5.0
"""Seconds of silence after which a progress line is printed."""


def remaining(seconds: float) -> str:
    """A time estimate a person reads at a glance: "about 40 s", "about 3 min"."""
    if seconds < 60:
        return f"about {max(round(seconds), 1)} s"
    if seconds < 3600:
        return f"about {round(seconds / 60)} min"
    return f"about {seconds / 3600:.1f} h"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


@dataclass(eq=False)  # hashable by identity: pytest's plugin manager keeps it in sets
class Progress:
    """A pytest plugin object: prints scenarios as they finish and keeps their records."""

    write: Callable[[str], None] = print
    quiet: bool = False
    """Print only the scenarios that did not pass (and the summary)."""
    colour: bool = False
    records: list[ScenarioRecord] = field(default_factory=list)
    rootpath: Path = field(default_factory=Path.cwd)
    total: int = 0
    """Scenarios collected (0 until collection is done)."""
    clock: Callable[[], float] = time.monotonic
    _feature: str = ""
    _started: float = 0.0
    _printed: float = 0.0
    _done: int = 0
    _failed: int = 0

    def pytest_configure(self, config: pytest.Config) -> None:
        self.rootpath = config.rootpath
        gc.freeze()  # pytest, its plugins and the step library: loaded once, kept to the end

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """The collected items live until the run ends: freezing them out of the cyclic
        garbage collector spares every full collection during the run a walk over all of
        them, pytest's own two at exit included. Only ``kubeloop run`` does this, as it owns
        its process, and it unfreezes when pytest returns (see ``runner``); a plain pytest
        run's GC is its own."""
        note = session.config.stash.get(labs.NOTE, "")
        if note:
            self.write(note)
        gc.freeze()
        self.total = self.total or len(session.items)
        self._started = self._printed = self.clock()

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        """Under pytest-xdist the controller collects nothing: each worker reports the
        same ids, so the total is one worker's count."""
        self.total = max(self.total, len(ids))
        self._started = self._started or self.clock()
        self._printed = self._printed or self._started

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for record in records_from(report):
            self.add(record)

    def add(self, record: ScenarioRecord) -> None:
        """Keep a finished scenario, print it, and say how far the run is."""
        self.records.append(record)
        self._done += 1
        self._failed += record.status in ("failed", "error")
        self.show(record)
        self.tick()

    def emit(self, text: str) -> None:
        self.write(text)
        self._printed = self.clock()

    def tick(self) -> None:
        """A progress line, when nothing was printed for PROGRESS_EVERY seconds."""
        now, done = self.clock(), self._done
        if not self.total or now - self._printed < PROGRESS_EVERY or done >= self.total:
            return
        left = (now - self._started) / done * (self.total - done)
        failures = paint(f"{self._failed} failed", "failed", self.colour and self._failed > 0)
        self.emit(
            f"  … {done}/{self.total} scenarios ({done * 100 // self.total}%), {failures}, "
            f"{remaining(left)} left"
        )

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            uri = relative(self.rootpath / report.nodeid) if report.nodeid else "."
            record = ScenarioRecord.file_error(uri, report.longreprtext)
            self.records.append(record)
            self.emit(f"\n{self._mark('failed')} cannot run {uri}:\n{report.longreprtext}")

    def _mark(self, status: str) -> str:
        return paint(SYMBOL.get(status, "✗"), status, self.colour)

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
            skipped = paint(f"(skipped: {record.message})", "skipped", self.colour)
            lines.append(f"  {record.keyword}: {record.title}  {skipped}")
            self.emit("\n".join(lines))
            return
        lines.append(f"  {record.keyword}: {record.title}")
        for step in record.steps:
            where = (
                f"  ({record.uri}:{step.line})" if step.status in ("failed", "undefined") else ""
            )
            lines.append(f"    {self._mark(step.status)} {step.keyword} {step.text}{where}")
            lines += [
                f"        {'  ' * inner['depth']}↳ {self._mark(inner['status'])} "
                f"{inner['keyword']} {inner['text']}"
                for inner in step.expansion
            ]
            lines.extend(f"        {line}" for line in step.error.splitlines())
        if record.status in ("failed", "error") and not record.failed_step:
            lines.append(f"    {self._mark('failed')} {record.message}")
        self.emit("\n".join(lines))

    def summary(self) -> str:
        files = [r for r in self.records if r.is_file_error]
        scenarios = [r for r in self.records if not r.is_file_error]
        counts = {
            s: sum(r.status == s for r in scenarios)
            for s in ("passed", "failed", "skipped", "error")
        }
        steps = [s.status for r in scenarios for s in r.steps]
        parts = [f"{n} {s}" for s, n in counts.items() if n]
        failed = counts["failed"] + counts["error"]
        passed = paint(f"{counts['passed']} passed", "passed", self.colour and counts["passed"] > 0)
        lines = [
            "",
            f"{passed}, {paint(f'{failed} failed', 'failed', self.colour and failed > 0)}, "
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
