"""The one-world timeline: every mechanism's lane on one time axis (``kubeloop.links.timeline``
gives the plain data; the burn rates are the telemetry snapshot's, the samples the burn-rate
chart draws).

Lanes, top to bottom: the pipeline (runs, promotions, deploys, rollbacks), each linked
deployment's rollout (pods, ready and updated against the surge/unavailable budget), each
service version's requests and error ratio, the burn rates per severity against their
factors, the alert states (an SLO's page and ticket apart), and what the links did
(refused or stalled rollouts, alert rollbacks). One x axis for all: logical seconds.
"""

from __future__ import annotations

from html import escape
from typing import Any

from kubeloop.render.axis import number, time_ticks
from kubeloop.render.checks import RED, FailedCheck, note
from kubeloop.render.frame import svg_frame

WIDTH, LEFT, RIGHT = 960, 170, 20
STATE_FILL = {"inactive": "#e5e7eb", "pending": "#fbbf24", "firing": "#dc2626"}
MARK_FILL = {
    "run": "#16a34a",
    "promote": "#2563eb",
    "deploy": "#7c3aed",
    "rollback": "#dc2626",
    "refused": "#b91c1c",
    "stalled": "#f97316",
    "admitted": "#2563eb",
    "waiting": "#6b7280",
}
SEVERITY_STROKE = {"page": "#dc2626", "ticket": "#f59e0b"}
LANE, GAP = 46, 8


def _x(t: float, end: float) -> float:
    return LEFT + (WIDTH - LEFT - RIGHT) * (t / end if end else 0)


LABEL_CHARS = 26
"""What fits left of the lanes; a longer name is shortened there, whole in its tooltip."""


def _label(y: float, text: str, tip: str = "", legend: str = "") -> str:
    """A lane's name (whole on hover, with TIP) and, under it, its LEGEND."""
    shown = text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"
    whole = ": ".join(part for part in (text, tip) if part)
    under = (
        f'<text x="4" y="{y + 13:.1f}" font-size="9" fill="#6b7280">{escape(legend)}</text>'
        if legend
        else ""
    )
    return (
        f'<text x="4" y="{y:.1f}" font-size="11">{escape(shown)}'
        f"<title>{escape(whole)}</title></text>{under}"
    )


def _marks(y: float, end: int, entries: list[tuple[int, str, str]]) -> str:
    """Dots on one lane: (time, kind, what to show on hover)."""
    return "".join(
        f'<circle cx="{_x(t, end):.1f}" cy="{y:.1f}" r="4.5" fill="{MARK_FILL.get(kind, "#444")}">'
        f"<title>{escape(tip)}</title></circle>"
        for t, kind, tip in entries
    )


def _steps(points: list[tuple[int, float]], end: int, y: Any) -> str:
    """A step line: each value holds until the next point, the last one until ``end``."""
    if not points:
        return ""
    coords = []
    for i, (t, v) in enumerate(points):
        until = points[i + 1][0] if i + 1 < len(points) else end
        coords += [f"{_x(t, end):.1f},{y(v):.1f}", f"{_x(until, end):.1f},{y(v):.1f}"]
    return " ".join(coords)


def _polyline(coords: str, colour: str, title: str, dash: str = "") -> str:
    if not coords:
        return ""
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<polyline fill="none" stroke="{colour}" stroke-width="1.5"{extra} '
        f'points="{coords}"><title>{escape(title)}</title></polyline>'
    )


def _scale(top: float, peak: float) -> Any:
    def y(v: float) -> float:
        return top + LANE - LANE * min(v, peak) / peak if peak else top + LANE

    return y


def _pipeline_lane(data: dict[str, Any], top: float, end: int) -> str:
    entries = [
        (t, kind, f"{t}s {kind} {artifact}" + (f" to {env}" if env else "") + f" {note}")
        for t, kind, env, artifact, note in data["pipeline"]
    ]
    entries = [(t, "refused" if "blocked" in tip else k, tip) for t, k, tip in entries]
    return _label(top + 14, "pipeline") + _marks(top + 10, end, entries)


def _rollout_lane(rollout: dict[str, Any], top: float, end: int) -> str:
    points = rollout["points"]
    peak = max(max(p[1] + p[5], p[2]) for p in points) or 1
    y = _scale(top, peak)
    band = _polyline(
        _steps([(p[0], p[1] + p[5]) for p in points], end, y),
        "#9ca3af",
        "replicas + maxSurge",
        "3 3",
    ) + _polyline(
        _steps([(p[0], p[1] - p[6]) for p in points], end, y),
        "#9ca3af",
        "replicas − maxUnavailable",
        "3 3",
    )
    lines = "".join(
        _polyline(_steps([(p[0], p[i]) for p in points], end, y), colour, what)
        for i, colour, what in (
            (2, "#111827", "pods"),
            (3, "#16a34a", "ready"),
            (4, "#2563eb", "updated"),
        )
    )
    versions = " → ".join(dict.fromkeys(str(p[7]) for p in points))
    legend = f"pods, ready, updated (0–{peak}); budget"
    return _label(top + 14, f"rollout {rollout['name']}", versions, legend) + band + lines


def _traffic_lane(series: dict[str, Any], top: float, end: int) -> str:
    points = series["points"]
    peak = max(p[1] for p in points) or 1
    rate = _polyline(
        _steps([(p[0], p[1]) for p in points], end, _scale(top, peak)),
        "#2563eb",
        f"requests per second (peak {peak:g})",
    )
    errors = _polyline(
        _steps([(p[0], p[2] if p[1] else 0) for p in points], end, _scale(top, 1)),
        "#dc2626",
        "error ratio (0–1) of the requests it receives",
    )
    legend = f"req/s (peak {peak:g}), error ratio"
    return _label(top + 14, f"requests {series['name']}", legend=legend) + rate + errors


def _burn_lane(rows: list[dict[str, Any]], severity: str, top: float, end: int) -> str:
    values = [v for r in rows for _, v in r["points"] if v is not None]
    peak = max([*(r["factor"] * 1.5 for r in rows), *values]) or 1
    y = _scale(top, peak)
    body = []
    for row in rows:
        coords = " ".join(f"{_x(t, end):.1f},{y(v):.1f}" for t, v in row["points"] if v is not None)
        body.append(_polyline(coords, SEVERITY_STROKE.get(severity, "#444"), row["name"]))
        line = f"{_x(0, end):.1f},{y(row['factor']):.1f} {_x(end, end):.1f},{y(row['factor']):.1f}"
        body.append(_polyline(line, "#6b7280", f"{row['name']} factor ×{row['factor']:g}", "4 3"))
    factors = ", ".join(f"{number(r['factor'])}×" for r in rows)
    legend = f"long windows, peak {number(max(values, default=0))}×; dashed: {factors}"
    return _label(top + 14, f"burn rate ({severity})", legend=legend) + "".join(body)


def _alert_lane(alert: dict[str, Any], top: float, end: int) -> str:
    changes = alert["changes"]
    bands = []
    for i, (t, state) in enumerate(changes):
        until = changes[i + 1][0] if i + 1 < len(changes) else end
        x0, x1 = _x(t, end), _x(until, end)
        bands.append(
            f'<rect x="{x0:.1f}" y="{top + 2:.1f}" width="{max(x1 - x0, 1):.1f}" height="14" '
            f'fill="{STATE_FILL.get(state, "#999")}"><title>{escape(alert["name"])} '
            f"{escape(state)} from {t}s to {until}s</title></rect>"
        )
    return _label(top + 13, f"alert {alert['name']}") + "".join(bands)


def _links_lane(data: dict[str, Any], top: float, end: int) -> str:
    entries = [
        (t, state, f"{t}s {deployment}: {artifact} {state} {reason}")
        for t, deployment, state, artifact, reason in data["links"]
        if state != "admitted"
    ]
    entries += [
        (t, "rollback", f"{t}s {subject}: rolled {env} back to {to}" if to else f"{t}s {reason}")
        for t, env, subject, to, reason in data["rollbacks"]
    ]
    return _label(top + 14, "links: refusals, rollbacks") + _marks(top + 10, end, sorted(entries))


def _axis(end: int, y: float) -> str:
    """Round ticks in the unit that fits the story (s, min, h, d), the unit named once."""
    unit, ticks = time_ticks(end, 8)
    parts = [f'<text x="4" y="{y:.1f}" font-size="9">time ({unit})</text>']
    for t, label in ticks:
        if t > end:
            continue
        parts.append(
            f'<line x1="{_x(t, end):.1f}" x2="{_x(t, end):.1f}" y1="0" y2="{y - 12:.1f}" '
            f'stroke="#f3f4f6"/><text x="{_x(t, end):.1f}" y="{y:.1f}" font-size="9" '
            f'text-anchor="middle">{label}</text>'
        )
    return "".join(parts)


def burn_rows(telemetry: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Each SLO pair's long-window burn rate from the telemetry snapshot, as the burn lanes
    draw it: name, severity, factor and (time, burn) points."""
    rows = []
    for slo in (telemetry or {}).get("slos", []):
        for pair in slo["pairs"]:
            rows.append(
                {
                    "name": " ".join(dict.fromkeys((slo["name"], pair["name"], pair["label"]))),
                    "severity": pair.get("severity") or pair["name"].split("-")[0],
                    "factor": float(pair["factor"]),
                    "points": [list(p) for p in zip(slo["times"], pair["long"], strict=True)],
                }
            )
    return rows


def _checked(checks: list[FailedCheck], end: int, height: float) -> str:
    """Each failed check's moment: a red line across every lane, what it expected on top."""
    parts = []
    for check in (c for c in checks if c.time is not None):
        x = _x(min(int(check.time or 0), end), end)
        parts.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="2" y2="{height:.1f}" stroke="{RED}" '
            f'stroke-width="2" class="failed-check"><title>the check failed at {check.time}s: '
            f"{escape(check.says)}</title></line>" + note(x + 3, 10, check, WIDTH)
        )
    return "".join(parts)


def timeline_svg(
    data: dict[str, Any] | None,
    telemetry: dict[str, Any] | None = None,
    checks: list[FailedCheck] | None = None,
) -> str:
    """The whole timeline as one SVG ("" when the scenario linked nothing); TELEMETRY, the
    scenario's telemetry snapshot, gives the burn lanes; CHECKS, its failed checks, each
    drawn at the moment it was checked."""
    if not data or not any(data.get(k) for k in ("rollouts", "traffic", "rollbacks", "links")):
        return ""
    end = max(int(data["end"]), 1)
    lanes: list[tuple[float, Any]] = [(24, lambda top: _pipeline_lane(data, top, end))]
    for rollout in data["rollouts"]:
        lanes.append((LANE + GAP, lambda top, r=rollout: _rollout_lane(r, top, end)))
    for series in data["traffic"]:
        lanes.append((LANE + GAP, lambda top, s=series: _traffic_lane(s, top, end)))
    burn = burn_rows(telemetry)
    for severity in ("page", "ticket"):
        rows = [r for r in burn if r["severity"] == severity]
        if rows:
            lanes.append((LANE + GAP, lambda top, r=rows, s=severity: _burn_lane(r, s, top, end)))
    for alert in data["alerts"]:
        lanes.append((20, lambda top, a=alert: _alert_lane(a, top, end)))
    lanes.append((24, lambda top: _links_lane(data, top, end)))
    body, top = [], 16.0 if checks else 6.0
    for height, draw in lanes:
        body.append(draw(top))
        top += height
    height = int(top + 18)
    drawn = _axis(end, height - 4) + "".join(body) + _checked(checks or [], end, height - 16)
    return svg_frame("one-world-timeline", WIDTH, height, drawn, "one-world timeline")
