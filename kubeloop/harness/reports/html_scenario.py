"""One scenario in HTML, whole: its steps with their durations, data tables and doc strings,
the failure and its rerun command, the pictures of its world, and its event timeline."""

from __future__ import annotations

from html import escape
from typing import Any

from kubeloop.harness.record import ScenarioRecord, StepRecord
from kubeloop.render.checks import checks_of
from kubeloop.render.hpa_chart import hpa_chart
from kubeloop.render.ladder import pipeline_pictures
from kubeloop.render.svg import cluster_map, rollout_chart
from kubeloop.render.telemetry_charts import telemetry_svg  # Lab 03
from kubeloop.render.timeline import timeline_svg  # one world

SYMBOL = {"passed": "✓", "failed": "✗", "undefined": "?", "skipped": "–", "error": "✗"}


def duration(ns: int) -> str:
    """A step's or scenario's duration, to the unit that fits: 0.4 ms, 12 ms, 1.3 s."""
    if ns < 10_000_000:
        return f"{ns / 1e6:.1f} ms"
    if ns < 1_000_000_000:
        return f"{ns / 1e6:.0f} ms"
    return f"{ns / 1e9:.1f} s"


def anchor(record: ScenarioRecord) -> str:
    """The scenario's id in its feature's page: its line (an outline row: the row's line)."""
    return f"l{record.rerun_line}"


def _table(rows: list[list[str]]) -> str:
    head, *body = rows
    cells = "".join(f"<th>{escape(c)}</th>" for c in head)
    lines = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in body)
    return f'<table class="data"><tr>{cells}</tr>{lines}</table>'


def _step(step: StepRecord) -> str:
    extra = ""
    if step.datatable:
        extra += _table(step.datatable)
    if step.docstring is not None:
        extra += f'<pre class="doc">{escape(step.docstring)}</pre>'
    if step.error:
        extra += f'<pre class="error">{escape(step.error)}</pre>'
    took = f' <span class="took">{duration(step.duration_ns)}</span>' if step.duration_ns else ""
    return (
        f'<li class="{step.status}">{SYMBOL[step.status]} <b>{escape(step.keyword)}</b> '
        f"{escape(step.text)}{took}{_expansion(step)}{extra}</li>"
    )


def _expansion(step: StepRecord) -> str:
    """A team phrase's steps under the team's line, each with its status."""
    if not step.expansion:
        return ""
    items = "".join(
        f'<li class="{e["status"]}" style="margin-left:{16 * e["depth"]}px">'
        f"{SYMBOL.get(e['status'], '?')} <b>{escape(e['keyword'])}</b> {escape(e['text'])}</li>"
        for e in step.expansion
    )
    return f'<ol class="expansion" title="the team phrase\'s steps">{items}</ol>'


def _events(snapshot: dict[str, Any]) -> str:
    events = snapshot.get("events") or (snapshot.get("pipeline") or {}).get("events", [])
    if not events:  # a scenario with no cluster: the pipeline's decisions (Lab 02)
        return ""
    rows = "".join(
        f'<tr class="{escape(e["type"])}"><td>{e.get("pass") or "–"}</td><td>{e["time"]} s</td>'
        f"<td>{escape(e['type'])}</td><td>{escape(e['reason'])}</td>"
        f"<td>{escape(e['object'])}</td><td>{escape(e['message'])}</td></tr>"
        for e in events
    )
    return (
        f"<details><summary>event timeline ({len(events)})</summary>"
        '<table class="events"><tr><th>pass</th><th>time</th><th>type</th><th>reason</th>'
        f"<th>object</th><th>message</th></tr>{rows}</table></details>"
    )


def pictures(record: ScenarioRecord) -> list[str]:
    """Every picture of one scenario's world, in a fixed order; each failed check (a step's
    mark, ``kubeloop.render.checks``) is drawn on the chart it read."""
    snapshot = record.snapshot
    checks = checks_of([step.mark for step in record.steps if step.mark])
    drawn = (
        [
            timeline_svg(snapshot.get("timeline"), snapshot.get("telemetry"), checks),
            cluster_map(snapshot, checks),
        ]
        if snapshot
        else []
    )
    drawn += [rollout_chart(r, checks) for r in snapshot.get("rollouts", [])]
    drawn += [hpa_chart(a, checks) for a in snapshot.get("autoscalers", [])]
    drawn += pipeline_pictures(snapshot.get("pipeline") or {}, checks)  # Lab 02
    drawn += telemetry_svg(snapshot.get("telemetry", {}), checks)  # Lab 03
    return [p for p in drawn if p]


def scenario_html(record: ScenarioRecord, where: str = "") -> str:
    """The scenario as an open (failed) or closed <details>; WHERE links to its feature."""
    failed = record.status in ("failed", "error")
    rerun = f'<p>rerun: <code class="rerun">{escape(record.rerun)}</code></p>' if failed else ""
    skipped = (
        f' <span class="muted">({escape(record.message)})</span>'
        if record.status == "skipped"
        else ""
    )
    tags = escape(" ".join(record.tags))
    place = escape(f"{record.uri}:{record.rerun_line}")
    place = f'<a href="{escape(where)}">{place}</a>' if where else place
    steps = "".join(_step(s) for s in record.steps)
    if record.status == "error" and not record.failed_step:
        steps += f'<li class="failed">✗ <pre class="error">{escape(record.message)}</pre></li>'
    drawn = "".join(pictures(record))
    return (
        f'<details class="scenario" id="{anchor(record)}" data-status="{record.status}"'
        f"{' open' if failed else ''}>"
        f'<summary><span class="{record.status}">{SYMBOL.get(record.status, "✗")}</span> '
        f"{escape(record.keyword)}: {escape(record.title)}{skipped} "
        f'<span class="muted">{tags} {place} · {duration(record.duration_ns)}</span></summary>'
        f'<ol class="steps">{steps}</ol>{rerun}'
        f"{f'<div class=pictures>{drawn}</div>' if drawn else ''}"
        f"{_events(record.snapshot)}</details>"
    )
