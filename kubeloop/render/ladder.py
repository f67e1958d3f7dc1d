"""Pictures of the pipeline: each run's gate ladder and each environment's digest history.

Pure functions from plain data (``snapshot["pipeline"]``) to text and SVG::

    {"runs": [{"number", "artifact", "digest", "gates": [{"gate", "status", "reason",
               "blocked_by"}]}],
     "environments": [{"name", "running", "requires_approval", "known_good": [...],
                       "deployments": [{"artifact", "digest", "how", "time"}]}]}
"""

from __future__ import annotations

from html import escape
from typing import Any

from kubeloop.render.axis import duration
from kubeloop.render.checks import RED, FailedCheck
from kubeloop.render.frame import svg_frame

MARK = {"passed": "✓", "blocked": "✗", "not run": "–"}
FILL = {"passed": "#c8e6c9", "blocked": "#ffcdd2", "not run": "#eeeeee"}
STROKE = {"passed": "#2e7d32", "blocked": "#c62828", "not run": "#9e9e9e"}
RUNS_DRAWN = 20
DEPLOYMENTS_DRAWN = 30


def ladder_text(data: dict[str, Any]) -> str:
    """The latest runs and every environment, for a failed step's message (which heads it
    "the pipeline:" as it heads every picture)."""
    lines: list[str] = []
    for run in data.get("runs", [])[-5:]:
        lines.append(f"run {run['number']} of {run['artifact']} ({run['digest'][:19]}…):")
        for gate in run["gates"]:
            mark = MARK.get(gate["status"], "?")
            lines.append(f"  {mark} {gate['gate']:<12} {gate['status']:<8} {gate['reason']}")
    for env in data.get("environments", []):
        running = env["running"] or "nothing"
        history = " → ".join(f"{d['artifact']} ({d['how']})" for d in env["deployments"])
        approval = " (manual approval)" if env.get("requires_approval") else ""
        lines.append(f"{env['name']}{approval} runs {running}; history: {history or 'none'}")
    return "\n".join(lines)


def ladder_svg(run: dict[str, Any], checks: list[FailedCheck] | None = None) -> str:
    """One run: a box per gate, left to right, coloured by outcome, the reason underneath;
    CHECKS: a failed check of a gate's verdict in this run outlines that gate in red and
    says what it expected."""
    gates = run.get("gates", [])
    if not gates:
        return ""
    mine = checks or []
    box, gap, top = 150, 16, 30
    width = 10 + len(gates) * (box + gap)
    parts = [
        f'<text x="10" y="18" class="node">run {run["number"]}: {escape(run["artifact"])} '
        f'<tspan class="muted">{escape(run["digest"][:19])}…</tspan></text>'
    ]
    for index, gate in enumerate(gates):
        x = 10 + index * (box + gap)
        status = gate["status"]
        fill, stroke = FILL.get(status, "#fff"), STROKE.get(status, "#333")
        dash = ' stroke-dasharray="4,3"' if status == "not run" else ""
        parts.append(
            f'<rect x="{x}" y="{top}" width="{box}" height="44" rx="6" fill="{fill}" '
            f'stroke="{stroke}"{dash}><title>{escape(gate["reason"])}</title></rect>'
            f'<text x="{x + 8}" y="{top + 18}" class="node">{MARK.get(status, "?")} '
            f"{escape(gate['gate'])}</text>"
            f'<text x="{x + 8}" y="{top + 36}" class="muted">{escape(status)}</text>'
        )
        for check in (c for c in mine if c.part == gate["gate"]):
            parts.append(
                f'<rect x="{x - 4}" y="{top - 4}" width="{box + 8}" height="52" rx="8" '
                f'fill="none" stroke="{RED}" stroke-width="3" class="failed-check">'
                f"<title>the check failed: {escape(check.says)}</title></rect>"
            )
        if index:
            parts.append(
                f'<line x1="{x - gap}" y1="{top + 22}" x2="{x}" y2="{top + 22}" stroke="#777"/>'
            )
    reasons = [f"✗ checked {c.part}: {c.says}" for c in mine]
    reasons += [f"{g['gate']}: {g['reason']}" for g in gates if g["status"] != "passed"]
    wide = max(width, 400)
    lines = [part for reason in reasons for part in _wrapped(reason, (wide - 20) // 6)]
    for line, text in enumerate(lines):
        parts.append(
            f'<text x="10" y="{top + 62 + 14 * line}" class="reason">{escape(text)}</text>'
        )
    return svg_frame("ladder", wide, top + 66 + 14 * len(lines), "".join(parts))


def _wrapped(text: str, width: int) -> list[str]:
    """A reason in full, on as many lines as it needs (at spaces where it can)."""
    lines: list[str] = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width)
        cut = cut if cut > width // 2 else width
        lines.append(text[:cut])
        text = "  " + text[cut:].lstrip()
    return [*lines, text]


def history_svg(env: dict[str, Any]) -> str:
    """One environment: its deployments in order, the one running now outlined."""
    deployments = env.get("deployments", [])[-DEPLOYMENTS_DRAWN:]
    step, top = 132, 30  # wide enough for "rollback @ 59.5 min" inside its box
    width = max(400, 20 + len(deployments) * step)
    title = f"{env['name']} runs {env['running'] or 'nothing'}"
    if env.get("requires_approval"):
        title += " (manual approval)"
    parts = [f'<text x="10" y="18" class="node">{escape(title)}</text>']
    good = set(env.get("known_good", []))
    for index, deployment in enumerate(deployments):
        x = 10 + index * step
        artifact = deployment["artifact"]
        last = index == len(deployments) - 1
        fill = "#c8e6c9" if artifact in good else "#ffcdd2"
        stroke = ' stroke="#263238" stroke-width="2"' if last else ' stroke="#999"'
        tip = f"{artifact} {deployment['digest']} by {deployment['how']} at {deployment['time']} s"
        parts.append(
            f'<rect x="{x}" y="{top}" width="{step - 14}" height="34" rx="5" fill="{fill}"'
            f"{stroke}><title>{escape(tip)}</title></rect>"
            f'<text x="{x + 6}" y="{top + 14}">{escape(artifact)}</text>'
            f'<text x="{x + 6}" y="{top + 28}" class="muted">{escape(deployment["how"])} '
            f"@ {duration(deployment['time'])}</text>"
        )
    if not deployments:
        parts.append(f'<text x="10" y="{top + 20}" class="muted">never deployed</text>')
    return svg_frame("history", width, top + 44, "".join(parts))


def pipeline_pictures(data: dict[str, Any], checks: list[FailedCheck] | None = None) -> list[str]:
    """Every run's ladder, then every environment that ever ran something; a failed check
    of a gate is drawn on the last run of the artifact it named."""
    runs = data.get("runs", [])[-RUNS_DRAWN:]
    last = {run["artifact"]: run["number"] for run in runs}
    pictures = [
        ladder_svg(
            run,
            [
                c
                for c in checks or []
                if c.chart == "ladder" and last.get(c.subject) == run["number"]
            ],
        )
        for run in runs
    ]
    pictures += [history_svg(env) for env in data.get("environments", []) if env["deployments"]]
    return [p for p in pictures if p]
