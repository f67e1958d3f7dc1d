"""The HPA over a scenario: replicas and cpu utilization after every step, against the
target and the min/max bounds. Replicas read on the left axis, utilization (%) on the
right one, each labelled. A pure function from plain data to SVG text."""

from __future__ import annotations

from html import escape
from typing import Any

from kubeloop.render.axis import nice_ticks, number
from kubeloop.render.checks import RED, FailedCheck, for_chart, ring


def hpa_chart(autoscaler: dict[str, Any], checks: list[FailedCheck] | None = None) -> str:
    """The chart; CHECKS: failed "the HPA wants N" checks of this deployment, drawn at the
    last step as the replicas expected (a red bar) and the recommendation seen (circled)."""
    samples = autoscaler.get("samples", [])
    if not samples:
        return ""
    width, height, left, right, top, bottom = 600, 240, 64, 64, 40, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    low, high, target = autoscaler["min"], autoscaler["max"], autoscaler["target"]
    mine = for_chart(checks or [], "hpa", autoscaler["deployment"])
    wanted = [v for c in mine for v in (c.bound, c.seen) if v is not None]
    replica_ticks = nice_ticks(max([high, *wanted] + [s["replicas"] for s in samples]) + 1, 5)
    replicas_top = replica_ticks[-1]
    seen = [s["utilization"] for s in samples if s["utilization"] is not None]
    percent_ticks = nice_ticks(max([float(target) * 2, *seen]) * 1.05, 5)
    percent_top = percent_ticks[-1]
    count = len(samples)

    def px(i: int) -> float:
        return float(left + plot_w * i / max(count - 1, 1))

    def py(v: float, scale: float) -> float:
        return float(top + plot_h - plot_h * v / scale)

    base = py(0, 1)
    parts = [
        f'<line x1="{left}" y1="{base:.1f}" x2="{left + plot_w}" y2="{base:.1f}" stroke="#999"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base:.1f}" stroke="#1565c0"/>',
        f'<line x1="{left + plot_w}" y1="{top}" x2="{left + plot_w}" y2="{base:.1f}" '
        f'stroke="#ef6c00"/>',
        f'<text x="{left - 40}" y="{top + plot_h / 2:.0f}" fill="#1565c0" text-anchor="middle" '
        f'transform="rotate(-90 {left - 40} {top + plot_h / 2:.0f})">replicas</text>',
        f'<text x="{left + plot_w + 44}" y="{top + plot_h / 2:.0f}" fill="#ef6c00" '
        f'text-anchor="middle" transform="rotate(90 {left + plot_w + 44} '
        f'{top + plot_h / 2:.0f})">cpu utilization (%)</text>',
    ]
    for tick in replica_ticks:
        parts.append(
            f'<text x="{left - 6}" y="{py(tick, replicas_top) + 4:.1f}" text-anchor="end" '
            f'fill="#1565c0">{number(tick)}</text>'
        )
    for tick in percent_ticks:
        parts.append(
            f'<text x="{left + plot_w + 6}" y="{py(tick, percent_top) + 4:.1f}" '
            f'fill="#ef6c00">{number(tick)}</text>'
        )
    for value, label in ((low, "min"), (high, "max")):
        y = py(value, replicas_top)
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#1565c0" '
            f'stroke-opacity="0.5" stroke-dasharray="3,3"/><text x="{left + 4}" y="{y - 3:.1f}" '
            f'class="muted">{label} {value}</text>'
        )
    y = py(float(target), percent_top)
    parts.append(
        f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ef6c00" '
        f'stroke-dasharray="6,4"/><text x="{left + plot_w - 4}" y="{y - 3:.1f}" '
        f'text-anchor="end" fill="#ef6c00">target {number(float(target))}%</text>'
    )
    replicas = " ".join(
        f"{px(i):.1f},{py(s['replicas'], replicas_top):.1f}" for i, s in enumerate(samples)
    )
    parts.append(f'<polyline points="{replicas}" fill="none" stroke="#1565c0" stroke-width="2"/>')
    measured = [(i, s) for i, s in enumerate(samples) if s["utilization"] is not None]
    if measured:
        points = " ".join(
            f"{px(i):.1f},{py(s['utilization'], percent_top):.1f}" for i, s in measured
        )
        parts.append(f'<polyline points="{points}" fill="none" stroke="#ef6c00" stroke-width="2"/>')
    for i, s in enumerate(samples):
        if not low <= s["replicas"] <= high:  # an engine that left its bounds: circled
            parts.append(
                f'<circle cx="{px(i):.1f}" cy="{py(s["replicas"], replicas_top):.1f}" r="8" '
                f'fill="none" stroke="#c62828" stroke-width="2"><title>after step {i + 1}: '
                f"{s['replicas']} replicas, outside {low}–{high}</title></circle>"
            )
        utilization = "no metric" if s["utilization"] is None else f"{s['utilization']}% cpu"
        parts.append(
            f'<circle cx="{px(i):.1f}" cy="{py(s["replicas"], replicas_top):.1f}" r="3" '
            f'fill="#1565c0"><title>after step {i + 1} (t={s["time"]}s): {s["replicas"]} '
            f"replicas, {utilization}</title></circle>"
            f'<text x="{px(i):.1f}" y="{base + 15:.1f}" text-anchor="middle" class="muted">'
            f"{i + 1}</text>"
        )
    parts.append(
        f'<line x1="{left}" y1="{top - 8}" x2="{left + 16}" y2="{top - 8}" stroke="#1565c0" '
        f'stroke-width="2"/><text x="{left + 20}" y="{top - 4}" fill="#1565c0">replicas</text>'
        f'<line x1="{left + 100}" y1="{top - 8}" x2="{left + 116}" y2="{top - 8}" '
        f'stroke="#ef6c00" stroke-width="2"/>'
        f'<text x="{left + 120}" y="{top - 4}" fill="#ef6c00">cpu utilization</text>'
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" text-anchor="middle" '
        f'class="muted">after step (logical time in each point\'s tooltip)</text>'
    )
    for check in mine:
        x = px(count - 1)
        if check.bound is not None:
            want = py(check.bound, replicas_top)
            parts.append(
                f'<line x1="{x - 30:.1f}" x2="{x + 6:.1f}" y1="{want:.1f}" y2="{want:.1f}" '
                f'stroke="{RED}" stroke-width="3" class="failed-check"/>'
                f'<text x="{x - 34:.1f}" y="{want + 4:.1f}" text-anchor="end" fill="{RED}">'
                f"expected {number(check.bound)} wanted</text>"
            )
        if check.seen is not None:
            parts.append(ring(x, py(check.seen, replicas_top), check, 7))
    title = (
        f"HPA for {autoscaler['deployment']}: {low}–{high} replicas at {number(float(target))}% cpu"
    )
    parts.append(f'<text x="{left}" y="14" class="node">{escape(title)}</text>')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hpa" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="hpa">'
        f"{''.join(parts)}</svg>"
    )
