"""Telemetry pictures for the HTML report, drawn from a scenario's telemetry snapshot: alert
state bands (an SLO's page and ticket alerts apart), burn rates against their factor, and
the raw samples of the series its queries named. Every chart has a time axis in the unit
that fits the run (s, min, h, d), a value scale, a legend, and full labels."""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from typing import Any

from kubeloop.render.axis import nice_ticks, number, time_ticks
from kubeloop.render.checks import RED, FailedCheck, bound_line, for_chart, note, ring
from kubeloop.render.frame import svg_frame

STATE_FILL = {"inactive": "#e5e7eb", "pending": "#fbbf24", "firing": "#dc2626"}
WIDTH, LEFT, RIGHT = 760, 64, 112
PLOT = WIDTH - LEFT - RIGHT
LONG, SHORT = "#2563eb", "#16a34a"
MIN_BAND = 4.0
"""Pixels a state shorter than that is widened to, so a final "firing" is seen."""


class TimeAxis:
    """From 0 to the first round tick at or after the run's end, in one unit."""

    def __init__(self, end_seconds: int) -> None:
        self.now = max(end_seconds, 1)
        self.unit, self.ticks = time_ticks(self.now)
        self.end = self.ticks[-1][0]

    def x(self, t: float) -> float:
        return LEFT + PLOT * min(max(t, 0), self.end) / self.end

    def draw(self, y: float) -> str:
        """Ticks and their labels under a chart, the unit once, and a mark at the run's end."""
        parts = [f'<line x1="{LEFT}" x2="{LEFT + PLOT}" y1="{y:.1f}" y2="{y:.1f}" stroke="#999"/>']
        for t, label in self.ticks:
            x = self.x(t)
            parts.append(
                f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y:.1f}" y2="{y + 4:.1f}" stroke="#999"/>'
                f'<text x="{x:.1f}" y="{y + 15:.1f}" font-size="10" text-anchor="middle">'
                f"{label}</text>"
            )
        parts.append(
            f'<text x="{LEFT + PLOT + 16}" y="{y + 15:.1f}" font-size="10">'
            f"time ({self.unit})</text>"
        )
        return "".join(parts)


def _band(changes: list[list[Any]], axis: TimeAxis, top: float, label: str) -> str:
    parts = [f'<text x="{LEFT - 6}" y="{top + 13}" text-anchor="end" font-size="11">'
             f"{escape(label)}</text>"]  # fmt: skip
    for i, (t, state) in enumerate(changes):
        until = changes[i + 1][0] if i + 1 < len(changes) else axis.now
        x0, x1 = axis.x(t), axis.x(until)
        width = max(x1 - x0, MIN_BAND)
        parts.append(
            f'<rect x="{min(x0, LEFT + PLOT - width):.1f}" y="{top}" width="{width:.1f}" '
            f'height="18" fill="{STATE_FILL.get(state, "#999")}"><title>{escape(label)} '
            f"{escape(state)} from {t} s to {until} s</title></rect>"
        )
    last = changes[-1][1] if changes else "inactive"
    parts.append(
        f'<text x="{axis.x(axis.now) + 6:.1f}" y="{top + 13}" font-size="11" '
        f'fill="{"#b91c1c" if last == "firing" else "#444"}">{escape(last)} at end</text>'
    )
    return "".join(parts)


def _state_legend(y: float) -> str:
    parts, x = [], LEFT
    for state, fill in STATE_FILL.items():
        parts.append(
            f'<rect x="{x}" y="{y - 9}" width="12" height="10" fill="{fill}"/>'
            f'<text x="{x + 16}" y="{y}" font-size="10">{state}</text>'
        )
        x += 80
    return "".join(parts)


def alert_timeline(
    alert: dict[str, Any], axis: TimeAxis, checks: list[FailedCheck] | None = None
) -> str:
    """The alert's name, then one band per severity (or one for the alert), on the clock; a
    failed check of its state is a red line at the time it was checked, across the band it
    read (every band when it named no severity), with what it expected."""
    rows = alert.get("severities") or {"state": alert["changes"]}
    parts = [f'<text x="4" y="14" class="node">alert {escape(alert["name"])}</text>']
    top = 22.0
    where: dict[str, float] = {}
    for label, changes in rows.items():
        parts.append(_band(changes, axis, top, label))
        where[label] = top
        top += 24
    for check in for_chart(checks or [], "alert", alert["name"]):
        x = axis.x(axis.now if check.time is None else check.time)
        bands = [where[check.part]] if check.part in where else list(where.values())
        for y in bands:
            parts.append(
                f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{y - 3:.1f}" y2="{y + 21:.1f}" '
                f'stroke="{RED}" stroke-width="3" class="failed-check"/>'
            )
        parts.append(note(x, top + 8, check, WIDTH))
        top += 14
    parts.append(_state_legend(top + 30))
    return svg_frame(
        "alert-timeline", WIDTH, top + 38, "".join(parts) + axis.draw(top + 2), alert["name"]
    )


Mark = tuple[str, float, float, FailedCheck]
"""A failed check on a panel: window key, expected value, value seen, the check."""


def _marks_on(slo: dict[str, Any], pair: dict[str, Any], checks: list[FailedCheck]) -> list[Mark]:
    """The failed burn-rate checks of this pair's windows: (window key, expected, seen, check)."""
    found: list[Mark] = []
    windows = [str(w) for w in pair.get("windows", [])]
    for check in for_chart(checks, "burn", slo["name"]):
        if check.part not in windows or check.bound is None or check.seen is None:
            continue
        key = "long" if check.part == windows[0] else "short"
        found.append((key, check.bound, check.seen, check))
    return found


def _draw_marks(found: list[Mark], axis: TimeAxis, y: Callable[[float], float]) -> str:
    """Each failed check on the chart: the expected value (a red bar at the time of the
    check) and the value seen, circled."""
    parts = []
    for key, expected, seen, check in found:
        x = axis.x(axis.now if check.time is None else check.time)
        parts.append(
            f'<line x1="{x - 36:.1f}" x2="{x + 4:.1f}" y1="{y(expected):.1f}" '
            f'y2="{y(expected):.1f}" stroke="{RED}" stroke-width="3" class="failed-check"/>'
            f'<text x="{x - 40:.1f}" y="{y(expected) - 4:.1f}" text-anchor="end" font-size="10" '
            f'fill="{RED}">expected {key} {escape(check.wanted)}</text>'
            + ring(x, y(seen), check, 7)
        )
    return "".join(parts)


def _burn_panel(
    slo: dict[str, Any],
    pair: dict[str, Any],
    axis: TimeAxis,
    top: float,
    checks: list[FailedCheck],
) -> str:
    height = 90
    found = _marks_on(slo, pair, checks)
    values = [v for v in pair["long"] + pair["short"] if v is not None]
    values += [v for _, low, high, _ in found for v in (low, high) if math.isfinite(v)]
    ticks = nice_ticks(max([pair["factor"] * 1.2, *values]), 4)
    peak = ticks[-1]

    def y(v: float) -> float:
        return top + height - height * min(v, peak) / peak

    long_name, short_name = [*pair["label"].split("/"), ""][:2]
    parts = [
        f'<text x="4" y="{top - 8}" class="node">{escape(slo["name"])} '
        f"{escape(pair['name'])}: burn rate over {escape(pair['label'])}</text>",
        _legend_line(WIDTH - 330, top - 12, LONG, f"long window {long_name}"),
        _legend_line(WIDTH - 190, top - 12, SHORT, f"short window {short_name}"),
    ]
    for tick in ticks:
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + PLOT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="#eee"/><text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
            f'font-size="10">{number(tick)}</text>'
        )
    threshold = y(pair["factor"])
    parts.append(
        f'<line x1="{LEFT}" x2="{LEFT + PLOT}" y1="{threshold:.1f}" y2="{threshold:.1f}" '
        f'stroke="#dc2626" stroke-dasharray="4 3"/><text x="{LEFT + 4}" '
        f'y="{threshold - 3:.1f}" font-size="10" fill="#b91c1c">×{number(pair["factor"])}: '
        f"fires above</text>"
    )
    for key, colour in (("long", LONG), ("short", SHORT)):
        shown = [(t, v) for t, v in zip(slo["times"], pair[key], strict=True) if v is not None]
        if not shown:
            continue
        points = " ".join(f"{axis.x(t):.1f},{y(v):.1f}" for t, v in shown)
        dots = "".join(
            f'<circle cx="{axis.x(t):.1f}" cy="{y(v):.1f}" r="2" fill="{colour}">'
            f"<title>{key} window at {t} s: burn {number(v)}</title></circle>"
            for t, v in shown
        )
        last_t, last_v = shown[-1]
        below = 4 if key == "long" else 14  # the two end values never print over each other
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{points}"/>'
            f'{dots}<text x="{axis.x(last_t) + 5:.1f}" y="{y(last_v) + below:.1f}" '
            f'font-size="10" fill="{colour}">{key} {number(last_v)}</text>'
        )
    parts.append(_draw_marks(found, axis, y))
    return "".join(parts)


def _legend_line(x: float, y: float, colour: str, text: str) -> str:
    return (
        f'<line x1="{x}" x2="{x + 16}" y1="{y - 4}" y2="{y - 4}" stroke="{colour}" '
        f'stroke-width="2"/><text x="{x + 20}" y="{y}" font-size="10">{escape(text)}</text>'
    )


def burn_chart(slo: dict[str, Any], axis: TimeAxis, checks: list[FailedCheck]) -> str:
    """Each pair's long- and short-window burn rate over time, against its factor, on a
    value scale (burn rate ×, where 1 spends the budget exactly over the period); a failed
    burn-rate check is drawn on the pair whose window it read."""
    parts, top, gap = [], 30.0, 48
    for pair in slo["pairs"]:
        parts.append(_burn_panel(slo, pair, axis, top, checks))
        top += 90 + gap
    body = "".join(parts) + axis.draw(top - gap + 2)
    return svg_frame("burn-rate", WIDTH, top + 4, body, f"burn rate of {slo['name']}")


def _wrapped(text: str, width: int = 110) -> list[str]:
    return [text[i : i + width] for i in range(0, len(text), width)] or [""]


def series_chart(series: list[dict[str, Any]], axis: TimeAxis) -> str:
    """The raw samples of the series the scenario's queries named, each under its full
    labels, on its own value scale."""
    if not series:
        return ""
    parts, top, height = [], 6.0, 50
    for one in series:
        for line in _wrapped(one["labels"]):
            top += 13
            parts.append(f'<text x="4" y="{top:.0f}" font-size="10">{escape(line)}</text>')
        top += 6
        values = [v for _, v in one["points"] if v is not None]
        low, high = min(values, default=0), max(values, default=1)
        span = (high - low) or 1
        for value, y in ((high, top + 4), (low, top + height)):
            parts.append(
                f'<text x="{LEFT - 6}" y="{y:.1f}" text-anchor="end" font-size="10">'
                f"{number(value)}</text>"
            )
        parts += [
            f'<circle cx="{axis.x(t / 1000):.1f}" '
            f'cy="{top + height - height * (v - low) / span:.1f}" r="1.6" fill="{LONG}">'
            f"<title>{t / 1000:g} s: {v:g}</title></circle>"
            for t, v in one["points"]
            if v is not None
        ]
        top += height + 8
    return svg_frame(
        "series", WIDTH, top + 26, "".join(parts) + axis.draw(top + 2), "series samples"
    )


def query_chart(data: dict[str, Any], axis: TimeAxis, check: FailedCheck) -> str:
    """A failed check of a query's value: every evaluation of that query the scenario kept,
    on a value scale, the expected bound as a red dashed line and the offending value
    circled at the time it was checked ("" when there is no number to draw)."""
    at = axis.now if check.time is None else check.time
    points = [
        (int(q["t"]), float(q["value"]))
        for q in data.get("queries", [])
        if q["expr"] == check.subject and q.get("value") is not None
    ]
    if check.seen is not None:
        points.append((at, check.seen))
    values = [v for _, v in points] + ([check.bound] if check.bound is not None else [])
    if not values or not all(math.isfinite(v) for v in values):
        return ""
    ticks = nice_ticks(max(max(values) * 1.1, 1e-9), 4)
    peak, top, height = ticks[-1], 40.0, 100

    def y(v: float) -> float:
        return top + height - height * max(min(v, peak), 0) / peak

    parts = [f'<text x="4" y="16" class="node">query {escape(check.subject)}</text>']
    parts += [
        f'<line x1="{LEFT}" x2="{LEFT + PLOT}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#eee"/>'
        f'<text x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end" font-size="10">'
        f"{number(t)}</text>"
        for t in ticks
    ]
    parts += [
        f'<circle cx="{axis.x(t):.1f}" cy="{y(v):.1f}" r="3" fill="{LONG}">'
        f"<title>{t} s: {number(v)}</title></circle>"
        for t, v in points
    ]
    if check.bound is not None:
        parts.append(bound_line(LEFT, LEFT + PLOT, y(check.bound), check))
        parts.append(note(LEFT + PLOT - 4, y(check.bound) - 4, check, WIDTH))
    if check.seen is not None:
        parts.append(ring(axis.x(at), y(check.seen), check))
    body = "".join(parts) + axis.draw(top + height + 2)
    return svg_frame("query", WIDTH, top + height + 26, body, check.subject)


def telemetry_svg(data: dict[str, Any], checks: list[FailedCheck] | None = None) -> list[str]:
    """Every telemetry picture of one scenario's snapshot (empty when it had none); CHECKS:
    its failed checks, drawn on the chart they read."""
    if not data:
        return []
    axis = TimeAxis(int(data.get("now", 0)))
    checks = checks or []
    pictures = [alert_timeline(a, axis, checks) for a in data.get("alerts", [])]
    for slo in data.get("slos", []):
        pictures.append(burn_chart(slo, axis, checks))
        if slo.get("rules"):
            pictures.append(
                f"<details><summary>rules generated for {escape(slo['name'])}</summary>"
                f"<pre>{escape(slo['rules'])}</pre></details>"
            )
    pictures += [query_chart(data, axis, c) for c in checks if c.chart == "query"]
    pictures.append(series_chart(data.get("series", []), axis))
    return [p for p in pictures if p]
