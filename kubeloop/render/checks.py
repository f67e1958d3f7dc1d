"""A failed check as the pictures draw it: the one seam between a Then that failed and the
charts of its scenario.

A Then step that fails about something a picture shows names the chart and the element it
read (``chart``, ``subject``, ``part``) and, where the chart has a value axis, the bound it
expected and the value it saw; ``World.fail`` adds what the step said it expected and saw
and the logical time of the check. The record keeps it as plain data (``as_dict``), and
each chart draws the checks that name it (``for_chart``): the expected bound and the
offending point or element, so a reader sees the failure where it happened. The one-world
timeline draws every failed check's moment, whatever its chart.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from html import escape
from typing import Any

CHARTS = ("alert", "burn", "cluster", "hpa", "ladder", "query", "rollout")
"""The charts a check can name ("" for a check no chart shows but the timeline's moment)."""
RED = "#b91c1c"


@dataclass(frozen=True)
class FailedCheck:
    chart: str = ""
    """Which picture shows what was checked: one of ``CHARTS``, or ""."""
    subject: str = ""
    """The thing on that picture: a deployment, SLO, alert, pod or node, artifact, query
    ("" on the cluster map: no one pod to blame, as when too few pods exist)."""
    part: str = ""
    """Which part of it: a burn window in seconds, a rollout line (ready, total, updated), an
    alert severity, a gate."""
    bound: float | None = None
    """The expected value or bound on the chart's value axis, when it has one."""
    seen: float | None = None
    """The offending value on that axis."""
    op: str = "=="
    """How the seen value was to compare with the bound: ==, <, <=, >, >=."""
    index: int | None = None
    """The offending point when the chart's x axis is not time: a rollout's pass (from 1)."""
    expected: str = ""
    """What the step expected, as it said it (``World.fail`` fills it)."""
    observed: str = ""
    """What it saw instead, its first line (``World.fail`` fills it)."""
    time: int | None = None
    """Logical seconds when the check ran (``World.fail`` fills it)."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FailedCheck:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    @property
    def says(self) -> str:
        """One line for a chart's label or tooltip: expected …, saw …."""
        return f"expected {self.expected}, saw {self.observed}"

    @property
    def wanted(self) -> str:
        """The bound as a chart labels it: "≥ 3", "2"."""
        if self.bound is None:
            return self.expected
        shown = f"{self.bound:g}"
        return shown if self.op == "==" else f"{_OPS.get(self.op, self.op)} {shown}"


_OPS = {"<=": "≤", ">=": "≥", "!=": "≠"}


def checks_of(marks: list[dict[str, Any]] | None) -> list[FailedCheck]:
    """The failed checks of a scenario, from its steps' plain-data marks."""
    return [FailedCheck.from_dict(m) for m in marks or [] if isinstance(m, dict)]


def for_chart(checks: list[FailedCheck], chart: str, subject: str) -> list[FailedCheck]:
    """The checks about SUBJECT on CHART."""
    return [c for c in checks if c.chart == chart and c.subject == subject]


def note(x: float, y: float, check: FailedCheck, width: float, about: str = "") -> str:
    """The failed check's words on a chart of WIDTH, in red, read away from the nearer edge
    so they are never clipped (ABOUT: what it was about, before them); its whole saying in
    the tooltip."""
    anchor = "end" if x > width * 0.6 else "start"
    head = f"{about}: " if about else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="10" fill="{RED}" text-anchor="{anchor}" '
        f'class="failed-check">✗ {escape(head)}expected {escape(check.wanted)}'
        f"<title>the check failed: {escape(check.says)}</title></text>"
    )


def ring(x: float, y: float, check: FailedCheck, r: float = 8) -> str:
    """The offending point, circled in red."""
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" fill="none" stroke="{RED}" '
        f'stroke-width="2.5" class="failed-check"><title>the check failed: '
        f"{escape(check.says)}</title></circle>"
    )


def bound_line(x1: float, x2: float, y: float, check: FailedCheck) -> str:
    """The expected bound across a chart: a red dashed line."""
    return (
        f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{RED}" '
        'stroke-width="2" stroke-dasharray="6,3" class="failed-check"/>'
    )
