"""SVG pictures for the HTML report: the cluster as a map, a rollout as a chart.

Pure functions from plain data (the scenario record's snapshot) to SVG text.
"""

from __future__ import annotations

from html import escape
from typing import Any

from kubeloop.core.hashing import fnv32a
from kubeloop.core.quantity import format_cpu, format_memory

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


def _pod(x: float, y: float, pod: dict[str, Any], fill: str) -> str:
    state = "" if pod["ready"] else ", not ready"
    title = f"{pod['name']} ({pod['deployment']} {pod['version']}{state})"
    stroke = "" if pod["ready"] else ' stroke="#333" stroke-dasharray="2,1"'
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{POD}" height="{POD}" rx="2" fill="{fill}"{stroke}>'
        f"<title>{escape(title)}</title></rect>"
    )


def _svg(kind: str, width: int, height: int, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{kind}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{kind}">'
        f"{body}</svg>"
    )


def cluster_map(snapshot: dict[str, Any]) -> str:
    nodes, pending = snapshot.get("nodes", []), snapshot.get("pending", [])
    if not nodes and not pending:
        return ""
    versions = _versions(snapshot)
    largest = max((n.get("cpu", 0) for n in nodes), default=0) or 1
    parts: list[str] = []
    x, y, row_height, width = 10, 10, 0, 760
    for node in nodes:
        share = node.get("cpu", largest) / largest
        box_w = max(110, int(240 * share))
        per_row = max(1, (box_w - 12) // (POD + GAP))
        rows = max(1, -(-len(node["pods"]) // per_row))
        taints = [t for t in node.get("taints", []) if not t.startswith("node.kubernetes.io/")]
        top = 40 + (14 if taints else 0)
        box_h = top + 6 + rows * (POD + GAP)
        if x + box_w > width:
            x, y, row_height = 10, y + row_height + 12, 0
        ready = node.get("ready", True)
        border = "#c62828" if not ready else "#546e7a"
        dash = ' stroke-dasharray="5,3"' if node.get("unschedulable") else ""
        state = "NotReady" if not ready else ("cordoned" if node.get("unschedulable") else "Ready")
        parts.append(
            f'<rect x="{x}" y="{y}" width="{box_w}" height="{box_h}" rx="6" fill="#fafafa" '
            f'stroke="{border}" stroke-width="2"{dash}/>'
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
        for i, pod in enumerate(node["pods"]):
            px = x + 8 + (i % per_row) * (POD + GAP)
            py = y + top + (i // per_row) * (POD + GAP)
            parts.append(
                _pod(
                    px,
                    py,
                    pod,
                    colour(pod["deployment"], versions[(pod["deployment"], pod["version"])]),
                )
            )
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
                    )
                )
            more = f" (+{len(pods) - 40})" if len(pods) > 40 else ""
            parts.append(
                f'<text x="{20 + min(len(pods), 40) * (POD + GAP)}" y="{y + 10}" class="reason">'
                f"{escape(reason)}{more}</text>"
            )
            y += POD + 10
    height = y + 10
    return _svg("cluster", width, height, "".join(parts))


def rollout_chart(rollout: dict[str, Any]) -> str:
    steps = rollout["steps"]
    if not steps:
        return ""
    width, height, left, bottom, top = 520, 220, 40, 30, 20
    bounds = [(k, rollout[key]) for k, key in (("max", "ceiling"), ("min ready", "floor"))]
    bounds = [(label, value) for label, value in bounds if value is not None]
    top_value = max([value for _, value in bounds] + [s["total"] for s in steps]) + 1
    plot_w, plot_h = width - left - 110, height - bottom - top
    count = len(steps)

    def px(i: int) -> float:
        return float(left + plot_w * i / max(count - 1, 1))

    def py(v: float) -> float:
        return float(top + plot_h - plot_h * v / top_value)

    parts = [
        f'<line x1="{left}" y1="{py(0):.1f}" x2="{left + plot_w}" y2="{py(0):.1f}" stroke="#999"/>'
    ]
    for label, value in bounds:
        parts.append(
            f'<line x1="{left}" y1="{py(value):.1f}" x2="{left + plot_w}" y2="{py(value):.1f}" '
            f'stroke="#c62828" stroke-dasharray="6,4"/>'
            f'<text x="{left + plot_w + 6}" y="{py(value) + 4:.1f}" class="muted">'
            f"{label} {value}</text>"
        )
    series = (("total", "#1565c0"), ("ready", "#2e7d32"), ("updated", "#ef6c00"))
    for n, (key, stroke) in enumerate(series):
        points = " ".join(f"{px(i):.1f},{py(s[key]):.1f}" for i, s in enumerate(steps))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{stroke}" stroke-width="2"/>'
        )
        for i, s in enumerate(steps):
            parts.append(
                f'<circle cx="{px(i):.1f}" cy="{py(s[key]):.1f}" r="3" fill="{stroke}">'
                f"<title>step {i + 1}: {key} {s[key]}</title></circle>"
            )
        parts.append(
            f'<text x="{left + plot_w + 6}" y="{top + 14 * n + 40}" fill="{stroke}">{key}</text>'
        )
    for value in range(0, top_value + 1, max(1, top_value // 5)):
        parts.append(
            f'<text x="{left - 6}" y="{py(value) + 4:.1f}" text-anchor="end" class="muted">'
            f"{value}</text>"
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.0f}" y="{height - 6}" text-anchor="middle" class="muted">'
        f"reconcile pass (1…{count})</text>"
    )
    title = f"{rollout['deployment']}: {rollout['replicas']} replicas"
    if rollout.get("stalled"):
        title += " — stalled"
    parts.append(f'<text x="{left}" y="14" class="node">{escape(title)}</text>')
    return _svg("rollout", width, height, "".join(parts))
