"""Pictures of a scenario's telemetry: alert state bands, SLO burn rates, queried series.

``telemetry_snapshot`` turns an engine into plain data (the record's
``snapshot["telemetry"]``); ``telemetry_svg`` draws that data for the HTML report and
``telemetry_picture`` as text under a failed step. Only the engine's public methods are
used, each when present, so a learner's engine draws as far as it goes.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any

STATE_FILL = {"inactive": "#e5e7eb", "pending": "#fbbf24", "firing": "#dc2626"}
BURN_POINTS = 24
"""Burn-rate samples a chart draws per window: each costs one query per window at report time."""
MAX_SERIES, MAX_POINTS = 8, 400
WIDTH, LEFT, RIGHT = 760, 150, 20
_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")


def telemetry_snapshot(engine: Any) -> dict[str, Any]:
    now = int(engine.clock.now)
    data: dict[str, Any] = {"now": now, "alerts": [], "slos": [], "queries": [], "series": []}
    for name in getattr(engine, "alert_names", list)():
        changes = [[int(t), str(s)] for t, s in engine.timeline(name).changes]
        data["alerts"].append({"name": name, "changes": changes})
    for name in getattr(engine, "slos", list)():
        data["slos"].append(_slo(engine, name, now))
    names: set[str] = set()
    for expr, t, result in getattr(engine, "queries", [])[-10:]:
        data["queries"].append({"expr": expr, "t": t, "result": str(result)})
        names.update(_NAME.findall(expr))
    store = getattr(engine, "store", None)
    if store is not None:
        for labels in store.series():
            if labels.name in names and len(data["series"]) < MAX_SERIES:
                points = [[p.t_ms, _plain(p.value)] for p in store.points(labels)][-MAX_POINTS:]
                data["series"].append({"labels": str(labels), "points": points})
    return data


def _slo(engine: Any, name: str, now: int) -> dict[str, Any]:
    slo = engine.slo(name)
    times = sorted({now * i // BURN_POINTS for i in range(1, BURN_POINTS + 1)})
    pairs = []
    for w in slo.windows.windows:
        pairs.append(
            {
                "name": w.name,
                "label": w.label,
                "factor": w.factor,
                "long": [_plain(engine.burn_rate(name, w.long, t)) for t in times],
                "short": [_plain(engine.burn_rate(name, w.short, t)) for t in times],
            }
        )
    rules = getattr(getattr(engine, "book", None), "rules", None)
    return {
        "name": name,
        "objective": slo.objective.percent,
        "times": times,
        "pairs": pairs,
        "rules": rules(name) if rules is not None else "",
    }


def _plain(value: float) -> float | None:
    """JSON has no NaN or infinities: those become null (drawn as a gap)."""
    return None if math.isnan(value) or math.isinf(value) else float(value)


# --- text ------------------------------------------------------------------------------------


def telemetry_picture(engine: Any) -> str:
    data = telemetry_snapshot(engine)
    lines = [f"telemetry at t={data['now']}s:"]
    for alert in data["alerts"]:
        steps = ", ".join(f"{s}@{t}s" for t, s in alert["changes"])
        lines.append(f"  alert {alert['name']}: {steps}")
    for slo in data["slos"]:
        verdict = getattr(engine, "verdict", None)
        if verdict is not None:
            lines.append(f"  SLO {slo['name']} ({slo['objective']:g}%):")
            lines += [f"    {line}" for line in verdict(slo["name"]).explain().splitlines()]
    for query in data["queries"][-3:]:
        shown = query["result"].replace("\n", "; ")
        expr = " ".join(query["expr"].split())
        lines.append(f"  query {expr} @{query['t']}s = {shown}")
    return "\n".join(lines)


# --- SVG --------------------------------------------------------------------------------------


def _x(t: float, end: float) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * (t / end if end else 0)


def alert_timeline(alert: dict[str, Any], end: int) -> str:
    """Bands on the clock: grey inactive, amber pending, red firing."""
    changes = alert["changes"]
    bands = []
    for i, (t, state) in enumerate(changes):
        until = changes[i + 1][0] if i + 1 < len(changes) else end
        x0, x1 = _x(t, end), _x(until, end)
        bands.append(
            f'<rect x="{x0:.1f}" y="4" width="{max(x1 - x0, 1):.1f}" height="18" '
            f'fill="{STATE_FILL.get(state, "#999")}"><title>{escape(state)} from {t}s to '
            f"{until}s</title></rect>"
        )
    label = f'<text x="4" y="18" font-size="12">{escape(alert["name"])}</text>'
    return _svg("alert-timeline", 28, label + "".join(bands) + _axis(end, 26))


def burn_chart(slo: dict[str, Any], end: int) -> str:
    """Each pair's long- and short-window burn rate over time, against its factor."""
    rows = []
    height = 90
    for i, pair in enumerate(slo["pairs"]):
        top = 20 + i * (height + 16)
        values = [v for v in pair["long"] + pair["short"] if v is not None]
        peak = max([pair["factor"] * 1.5, *values]) or 1

        def y(v: float, top: int = top, peak: float = peak) -> float:
            return top + height - height * min(v, peak) / peak

        threshold = y(pair["factor"])
        rows.append(
            f'<text x="4" y="{top + 12}" font-size="12">{escape(slo["name"])} '
            f'{escape(pair["label"])}</text><text x="4" y="{top + 28}" font-size="11">'
            f"×{pair['factor']:g}</text>"
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{threshold:.1f}" y2="{threshold:.1f}" '
            f'stroke="#dc2626" stroke-dasharray="4 3"/>'
        )
        for key, colour in (("long", "#2563eb"), ("short", "#16a34a")):
            points = [
                f"{_x(t, end):.1f},{y(v):.1f}"
                for t, v in zip(slo["times"], pair[key], strict=True)
                if v is not None
            ]
            if points:
                rows.append(
                    f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" '
                    f'points="{" ".join(points)}"><title>{key} window</title></polyline>'
                )
    total = 20 + len(slo["pairs"]) * (height + 16) + 10
    return _svg("burn-rate", total, "".join(rows) + _axis(end, total - 8))


def series_chart(series: list[dict[str, Any]]) -> str:
    """The raw samples of the series the scenario's queries named."""
    if not series:
        return ""
    end = max((p[0] for s in series for p in s["points"]), default=0) or 1
    rows, height = [], 50
    for i, one in enumerate(series):
        top = 10 + i * (height + 14)
        values = [v for _, v in one["points"] if v is not None]
        low, high = min(values, default=0), max(values, default=1)
        span = (high - low) or 1
        dots = "".join(
            f'<circle cx="{_x(t, end):.1f}" cy="{top + height - height * (v - low) / span:.1f}" '
            f'r="1.6" fill="#2563eb"><title>{t / 1000:g}s: {v:g}</title></circle>'
            for t, v in one["points"]
            if v is not None
        )
        rows.append(
            f'<text x="4" y="{top + 12}" font-size="10">{escape(one["labels"][:28])}'
            f"<title>{escape(one['labels'])}</title></text>{dots}"
        )
    return _svg("series", 10 + len(series) * (height + 14), "".join(rows))


def telemetry_svg(data: dict[str, Any]) -> list[str]:
    """Every telemetry picture of one scenario's snapshot (empty when it had none)."""
    if not data:
        return []
    end = max(int(data.get("now", 0)), 1)
    pictures = [alert_timeline(a, end) for a in data.get("alerts", [])]
    for slo in data.get("slos", []):
        pictures.append(burn_chart(slo, end))
        if slo.get("rules"):
            pictures.append(
                f"<details><summary>rules generated for {escape(slo['name'])}</summary>"
                f"<pre>{escape(slo['rules'])}</pre></details>"
            )
    pictures.append(series_chart(data.get("series", [])))
    return [p for p in pictures if p]


def _axis(end: int, y: int) -> str:
    ticks = []
    for i in range(5):
        t = end * i / 4
        ticks.append(
            f'<text x="{_x(t, end):.1f}" y="{y}" font-size="9" text-anchor="middle">'
            f"{t / 60:.0f}m</text>"
        )
    return "".join(ticks)


def _svg(kind: str, height: int, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{kind}" width="{WIDTH}" '
        f'height="{height}" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{kind}">'
        f"{body}</svg>"
    )
