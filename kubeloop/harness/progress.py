"""Gherkin-style progress for ``kubeloop run``: features, scenarios, each step ✓ or ✗."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest


@dataclass
class Outcome:
    name: str
    location: str
    status: str
    failed_step: str = ""
    message: str = ""


@dataclass
class Progress:
    """A pytest plugin object that prints as scenarios run and remembers their outcomes."""

    write: Any = print
    outcomes: list[Outcome] = field(default_factory=list)
    steps: dict[str, int] = field(default_factory=lambda: {"passed": 0, "failed": 0, "skipped": 0})
    rootpath: Path = field(default_factory=Path.cwd)
    _feature: str = ""
    _failed_step: dict[str, tuple[str, str]] = field(default_factory=dict)

    def pytest_bdd_before_scenario(self, request: Any, feature: Any, scenario: Any) -> None:
        if feature.filename != self._feature:
            self._feature = feature.filename
            self.write(f"\nFeature: {feature.name}  ({_relative(feature.filename)})")
        self.write(f"  Scenario: {scenario.name}")

    def pytest_bdd_after_step(
        self, request: Any, feature: Any, scenario: Any, step: Any, **_: Any
    ) -> None:
        self.steps["passed"] += 1
        self.write(f"    ✓ {step.keyword.strip()} {step.name}")

    def pytest_bdd_step_error(
        self, request: Any, feature: Any, scenario: Any, step: Any, exception: Exception, **_: Any
    ) -> None:
        self.steps["failed"] += 1
        label = f"{step.keyword.strip()} {step.name}"
        self.write(f"    ✗ {label}  ({_relative(feature.filename)}:{step.line_number})")
        for line in str(exception).splitlines():
            self.write(f"        {line}")
        self._failed_step[request.node.nodeid] = (
            label,
            str(exception).splitlines()[0] if str(exception) else "",
        )
        remaining = (
            scenario.steps[scenario.steps.index(step) + 1 :] if step in scenario.steps else []
        )
        for later in remaining:
            self.steps["skipped"] += 1
            self.write(f"    - {later.keyword.strip()} {later.name}")

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        location = _location(report)
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            status = report.outcome
            if report.when == "setup" and report.skipped:
                self.write(f"  Scenario: {_property(report, 'kubeloop_scenario')}  (skipped)")
            elif report.when == "setup" and report.failed:
                last = report.longreprtext.splitlines()[-1] if report.longreprtext else ""
                self.write(f"  ✗ {report.nodeid}: {last}")
            step, message = self._failed_step.get(report.nodeid, ("", ""))
            self.outcomes.append(Outcome(report.nodeid, location, status, step, message))

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            where = _relative(str(self.rootpath / report.nodeid)) if report.nodeid else "."
            self.write(f"\n✗ cannot run {where}:\n{report.longreprtext}")
            self.outcomes.append(Outcome(report.nodeid, where, "error", "", report.longreprtext))

    def pytest_configure(self, config: pytest.Config) -> None:
        self.rootpath = config.rootpath

    def summary(self) -> str:
        counts = {
            s: sum(1 for o in self.outcomes if o.status == s)
            for s in ("passed", "failed", "skipped", "error")
        }
        parts = [f"{n} {s}" for s, n in counts.items() if n]
        lines = [
            "",
            f"{counts['passed']} passed, {counts['failed'] + counts['error']} failed, "
            f"{counts['skipped']} skipped",
            f"{len(self.outcomes)} scenarios ({', '.join(parts) or 'none'})",
            f"{sum(self.steps.values())} steps ({self.steps['passed']} passed, "
            f"{self.steps['failed']} failed, {self.steps['skipped']} skipped)",
        ]
        failures = [o for o in self.outcomes if o.status in ("failed", "error")]
        if failures:
            lines.append("\nRerun a failed scenario alone:")
            lines += [f"  kubeloop run {o.location}" for o in failures]
        return "\n".join(lines)


def _relative(filename: str) -> str:
    path = Path(filename)
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _property(report: pytest.TestReport, name: str) -> str:
    for key, value in report.user_properties:
        if key == name:
            return str(value)
    return report.nodeid


def _location(report: pytest.TestReport) -> str:
    """``path/to.feature:LINE`` of the scenario (the plugin records it at collection)."""
    return _property(report, "kubeloop_location")
