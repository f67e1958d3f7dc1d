"""SVG pictures for the HTML report: the cluster as a map, a rollout as a chart.

Pure functions from plain data (the scenario record's snapshot) to SVG text.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from kubeloop.core.hashing import fnv32a
from kubeloop.core.quantity import format_cpu, format_memory
from kubeloop.render.checks import RED, FailedCheck, bound_line, for_chart, note, ring
from kubeloop.render.frame import svg_frame

POD = 12
GAP = 3


def colour(deployment: str, version_index: int) -> str:
    """A stable hue per deployment; newer versions of it get darker."""
    hue = fnv32a(deployment.encode()) % 360
    lightness = max(30, 62 - 12 * version_index)
    return f"hsl({hue}, 65%, {lightness}%)"


def _versions(snapshot: dict[str, Any]) -> dict[tuple[str, str], int]:
    seen: dict[str, list[str]] = {}
    pods = [p for n in snapshot["nodes"] for p in n["pods"]] + snapshot["pending"]
    for pod in pods:
        versions = seen.setdefault(pod["deployment"], [])
        if pod["version"] not in versions:
            versions.append(pod["version"])
    return {(d, v): sorted(vs).index(v) for d, vs in seen.items() for v in vs}


def _pod(
    x: float, y: float, pod: dict[str, Any], fill: str, width: float = POD, flagged: bool = False
) -> str:
    """A pod as a box: as wide as its share of the node's cpu, its name inside if it fits;
    FLAGGED: a failed check was about it (outlined in red)."""
    state = "" if pod["ready"] else ", not ready"
    request = f", {format_cpu(pod['cpu'])} cpu" if pod.get("cpu") else ""
    title = f"{pod['name']} ({pod['deployment']} {pod['version']}{request}{state})"
    stroke = "" if pod["ready"] else ' stroke="#333" stroke-dasharray="2,1"'
    label = ""
    if width >= 6 * len(pod["name"]) + 4:
        label = (
            f'<text x="{x + 3:.0f}" y="{y + POD - 3:.0f}" class="podname">'
            f"{escape(pod['name'])}</text>"
        )
    outline = (
        f'<rect x="{x - 3:.0f}" y="{y - 3:.0f}" width="{width + 6:.0f}" height="{POD + 6}" '
        f'rx="3" fill="none" stroke="{RED}" stroke-width="2.5" class="failed-check"/>'
        if flagged
        else ""
    )
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="{POD}" rx="2" '
        f'fill="{fill}"{stroke}><title>{escape(title)}</title></rect>{label}{outline}'
    )


def _legend(x: int, y: int, versions: dict[tuple[str, str], int]) -> tuple[str, int]:
    """Swatches for every deployment and version, then what borders and dashes mean."""
    parts = [f'<text x="{x}" y="{y + 10}" class="node">legend</text>']
    cx = x + 52
    for (deployment, version), index in sorted(versions.items()):
        label = f"{deployment} {version}"
        parts.append(
            f'<rect x="{cx}" y="{y}" width="{POD}" height="{POD}" rx="2" '
            f'fill="{colour(deployment, index)}"/>'
            f'<text x="{cx + POD + 4}" y="{y + 10}" class="muted">{escape(label)}</text>'
        )
        cx += POD + 14 + 6 * len(label)
    y += POD + 8
    ty = y + 9
    keys = (
        f'<rect x="{x}" y="{y}" width="14" height="10" fill="none" stroke="#c62828" '
        f'stroke-width="2"/><text x="{x + 18}" y="{ty}" class="muted">NotReady node</text>'
        f'<rect x="{x + 110}" y="{y}" width="14" height="10" fill="none" stroke="#546e7a" '
        'stroke-width="2" stroke-dasharray="5,3"/>'
        f'<text x="{x + 128}" y="{ty}" class="muted">cordoned node</text>'
        f'<rect x="{x + 225}" y="{y}" width="10" height="10" fill="#ddd" stroke="#333" '
        'stroke-dasharray="2,1"/>'
        f'<text x="{x + 239}" y="{ty}" class="muted">pod not ready</text>'
        f'<text x="{x + 330}" y="{ty}" class="muted">a pod is as wide as its cpu request '
        "(the node box is the node's cpu)</text>"
    )
    parts.append(keys)
    return "".join(parts), y + 18


def _box_size(node: dict[str, Any], largest: int) -> tuple[int, int]:
    share = node.get("cpu", largest) / largest
    box_w = max(110, int(240 * share))
    per_row = max(1, (box_w - 12) // (POD + GAP))
    rows = max(1, -(-len(node["pods"]) // per_row))
    taints = [t for t in node.get("taints", []) if not t.startswith("node.kubernetes.io/")]
    return box_w, 40 + (14 if taints else 0) + 6 + rows * (POD + GAP)


def _node_box(
    node: dict[str, Any],
    x: int,
    y: int,
    box_w: int,
    box_h: int,
    versions: dict[tuple[str, str], int],
    flagged: set[str],
) -> str:
    """One node: its border says its state, its pods sit inside sized by their requests; a
    node or pod a failed check was about (FLAGGED) is outlined in red."""
    parts: list[str] = []
    per_row = max(1, (box_w - 12) // (POD + GAP))
    taints = [t for t in node.get("taints", []) if not t.startswith("node.kubernetes.io/")]
    top = 40 + (14 if taints else 0)
    ready = node.get("ready", True)
    border = "#c62828" if not ready else "#546e7a"
    dash = ' stroke-dasharray="5,3"' if node.get("unschedulable") else ""
    state = "NotReady" if not ready else ("cordoned" if node.get("unschedulable") else "Ready")
    parts.append(
        f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="6" fill="#fafafa" '
        f'stroke="{border}" stroke-width="2"{dash}/>'
    )
    if node["name"] in flagged:
        parts.append(
            f'<rect x="{x - 4}" y="{y - 4}" width="{box_w + 8}" height="{box_h + 8}" rx="8" '
            f'fill="none" stroke="{RED}" stroke-width="3" class="failed-check"/>'
        )
    parts.append(
        f'<text x="{x + 8}" y="{y + 16}" class="node">{escape(node["name"])} '
        f'<tspan class="muted">{state}</tspan></text>'
    )
    if "cpu" in node:
        free = (
            f"free {format_cpu(node['cpu'] - node['allocated_cpu'])} cpu · "
            f"{format_memory(node['memory'] - node['allocated_memory'])}"
        )
        parts.append(f'<text x="{x + 8}" y="{y + 32}" class="muted">{escape(free)}</text>')
    if taints:
        shown = ", ".join(taints)
        parts.append(f'<text x="{x + 8}" y="{y + 46}" class="reason">{escape(shown)}</text>')
    inner = box_w - 16
    px, py = float(x + 8), float(y + top)
    for i, pod in enumerate(node["pods"]):
        fill = colour(pod["deployment"], versions[(pod["deployment"], pod["version"])])
        if pod.get("cpu") and node.get("cpu"):
            wide = max(4.0, inner * pod["cpu"] / node["cpu"] - 1)
            if px + wide > x + 8 + inner + 0.5:
                px, py = float(x + 8), py + POD + GAP
            parts.append(_pod(px, py, pod, fill, wide, pod["name"] in flagged))
            px += wide + 1
        else:
            parts.append(
                _pod(
                    x + 8 + (i % per_row) * (POD + GAP),
                    y + top + (i // per_row) * (POD + GAP),
                    pod,
                    fill,
                    flagged=pod["name"] in flagged,
                )
            )
    return "".join(parts)


def cluster_map(snapshot: dict[str, Any], checks: list[FailedCheck] | None = None) -> str:
    """The cluster at the end; CHECKS: a failed check about a pod or a node outlines it in
    red and says what it expected under the map."""
    nodes, pending = snapshot.get("nodes", []), snapshot.get("pending", [])
    if not nodes and not pending:
        return ""
    mine = [c for c in checks or [] if c.chart == "cluster"]
    flagged = {c.subject for c in mine}
    versions = _versions(snapshot)
    largest = max((n.get("cpu", 0) for n in nodes), default=0) or 1
    parts: list[str] = []
    x, y, row_height, width = 10, 10, 0, 760
    for node in nodes:
        box_w, box_h = _box_size(node, largest)
        if x + box_w > width:
            x, y, row_height = 10, y + row_height + 12, 0
        parts.append(_node_box(node, x, y, box_w, box_h, versions, flagged))
        x += box_w + 12
        row_height = max(row_height, box_h)
    y += row_height + 16
    if pending:
        parts.append(f'<text x="10" y="{y + 12}" class="node">Pending ({len(pending)})</text>')
        y += 20
        reasons: dict[str, list[dict[str, Any]]] = {}
        for pod in pending:
            reasons.setdefault(pod.get("reason") or "no reason recorded", []).append(pod)
        for reason, pods in reasons.items():
            for i, pod in enumerate(pods[:40]):
                parts.append(
                    _pod(
                        10 + i * (POD + GAP),
                        y,
                        pod,
                        colour(pod["deployment"], versions[(pod["deployment"], pod["version"])]),
                        flagged=pod["name"] in flagged,
                    )
                )
            more = f" (+{len(pods) - 40})" if len(pods) > 40 else ""
            parts.append(
                f'<text x="{20 + min(len(pods), 40) * (POD + GAP)}" y="{y + 10}" class="reason">'
                f"{escape(reason)}{more}</text>"
            )
            y += POD + 10
    for check in mine:
        parts.append(note(10, y + 12, check, width, check.subject))
        y += 16
    if versions:
        legend, y = _legend(10, y + 4, versions)
        parts.append(legend)
    height = y + 10
    return svg_frame("cluster", width, height, "".join(parts))


def _breaches(rollout: dict[str, Any]) -> list[tuple[int, str, str]]:
    """Each pass whose pods leave the budget's bounds: (pass index, series, what broke)."""
    found = []
    ceiling, floor = rollout.get("ceiling"), rollout.get("floor")
    for i, step in enumerate(rollout["steps"]):
        if ceiling is not None and step["total"] > ceiling:
            found.append((i, "total", f"pass {i + 1}: {step['total']} pods > max {ceiling}"))
        if floor is not None and step["ready"] < floor:
            found.append((i, "ready", f"pass {i + 1}: {step['ready']} ready < min {floor}"))
    return found


def _rollout_check(
    check: FailedCheck,
    steps: list[dict[str, Any]],
    px: Callable[[int], float],
    py: Callable[[float], float],
    span: tuple[float, float],
    width: float,
) -> str:
    """A failed check on the rollout chart: its bound across, the pass where it broke."""
    parts = []
    if check.bound is not None:
        parts.append(bound_line(*span, py(check.bound), check))
        parts.append(note(span[1] - 4, py(check.bound) - 4, check, width))
    if check.index is not None and 1 <= check.index <= len(steps):
        i = check.index - 1
        value = steps[i].get(check.part, check.seen)
        parts.append(ring(px(i), py(0 if value is None else value), check, 10))
    return "".join(parts)


def rollout_chart(rollout: dict[str, Any], checks: list[FailedCheck] | None = None) -> str:
    """Pods per reconcile pass against the budget's bounds; a stalled rollout says why.
    CHECKS: a failed check of this rollout draws its bound on the line it read (ready,
    total, updated) and circles the pass where it broke."""
    steps = rollout["steps"]
    if not steps:
        return ""
    stalled = rollout.get("stalled") or ""
    width, height, left, bottom, top = 560, 240 + (16 if stalled else 0), 40, 40, 34
    top += 16 if stalled else 0
    bounds = [(k, rollout[key]) for k, key in (("max", "ceiling"), ("min ready", "floor"))]
    bounds = [(label, value) for label, value in bounds if value is not None]
    mine = for_chart(checks or [], "rollout", rollout["deployment"])
    wanted = [int(c.bound) for c in mine if c.bound is not None]
    top_value = max([value for _, value in bounds] + [s["total"] for s in steps] + wanted) + 1
    plot_w, plot_h = width - left - 90, height - bottom - top
    count = len(steps)

    def px(i: int) -> float:
        return float(left + plot_w * i / max(count - 1, 1))

    def py(v: float) -> float:
        return float(top + plot_h - plot_h * v / top_value)

    base = py(0)
    parts = [
        f'<line x1="{left}" y1="{base:.1f}" x2="{left + plot_w}" y2="{base:.1f}" stroke="#999"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base:.1f}" stroke="#999"/>',
    ]
    every = max(1, -(-count // 16))
    for i in range(0, count, every):
        parts.append(
            f'<line x1="{px(i):.1f}" y1="{base:.1f}" x2="{px(i):.1f}" y2="{base + 4:.1f}" '
            f'stroke="#999"/><text x="{px(i):.1f}" y="{base + 15:.1f}" text-anchor="middle" '
            f'class="muted">{i + 1}</text>'
        )
    placed: list[float] = []
    for label, value in bounds:
        y = py(value) + 4
        while any(abs(y - other) < 12 for other in placed):  # labels never overlap
            y += 12
        placed.append(y)
        parts.append(
            f'<line x1="{left}" y1="{py(value):.1f}" x2="{left + plot_w}" y2="{py(value):.1f}" '
            f'stroke="#c62828" stroke-dasharray="6,4"/>'
            f'<text x="{left + plot_w + 6}" y="{y:.1f}" class="muted">{label} {value}</text>'
        )
    # ready under, total on top as a dashed line with hollow markers: where they coincide
    # both stay visible (the dashes show the green through)
    series = (
        ("ready", "#2e7d32", 3, ""),
        ("updated", "#ef6c00", 2, ' stroke-dasharray="2,3"'),
        ("total", "#1565c0", 2, ' stroke-dasharray="7,4"'),
    )
    legend_x = left
    for key, stroke, stroke_width, extra in series:
        points = " ".join(f"{px(i):.1f},{py(s[key]):.1f}" for i, s in enumerate(steps))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{stroke}" '
            f'stroke-width="{stroke_width}"{extra}/>'
        )
        hollow = key == "total"
        for i, s in enumerate(steps):
            fill = 'fill="none" stroke-width="1.5"' if hollow else f'fill="{stroke}"'
            parts.append(
                f'<circle cx="{px(i):.1f}" cy="{py(s[key]):.1f}" r="{5 if hollow else 3}" '
                f'{fill} stroke="{stroke}"><title>pass {i + 1}: {key} {s[key]}</title></circle>'
            )
        parts.append(
            f'<line x1="{legend_x}" y1="{top - 8}" x2="{legend_x + 16}" y2="{top - 8}" '
            f'stroke="{stroke}" stroke-width="{stroke_width}"{extra}/>'
            f'<text x="{legend_x + 20}" y="{top - 4}" fill="{stroke}">{key}</text>'
        )
        legend_x += 80
    for value in range(0, top_value + 1, max(1, top_value // 5)):
        parts.append(
            f'<text x="{left - 6}" y="{py(value) + 4:.1f}" text-anchor="end" class="muted">'
            f"{value}</text>"
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" text-anchor="middle" class="muted">'
        f"reconcile pass</text>"
        f'<text x="12" y="{top + plot_h / 2:.0f}" text-anchor="middle" class="muted" '
        f'transform="rotate(-90 12 {top + plot_h / 2:.0f})">pods</text>'
    )
    breaks = _breaches(rollout)
    for i, key, text in breaks:
        parts.append(
            f'<circle cx="{px(i):.1f}" cy="{py(steps[i][key]):.1f}" r="8" fill="none" '
            f'stroke="#c62828" stroke-width="2"><title>{escape(text)}</title></circle>'
        )
    parts += [_rollout_check(c, steps, px, py, (left, left + plot_w), width) for c in mine]
    title = f"{rollout['deployment']}: {rollout['replicas']} replicas"
    if breaks and not stalled:
        first = f"{breaks[0][2]}" + (f" (and {len(breaks) - 1} more)" if len(breaks) > 1 else "")
        parts.append(f'<text x="{left + 240}" y="14" class="reason">{escape(first)}</text>')
    if stalled:
        title += " — stalled"
        shown = stalled if len(stalled) <= 90 else stalled[:89] + "…"
        parts.append(f'<text x="{left}" y="30" class="reason">{escape(shown)}</text>')
    parts.append(f'<text x="{left}" y="14" class="node">{escape(title)}</text>')
    return svg_frame("rollout", width, height, "".join(parts))
