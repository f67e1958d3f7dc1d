"""One self-contained HTML report: summary and status filter, every scenario with its steps,
and pictures — the cluster at the end, each rollout against its bounds, the event timeline."""

from __future__ import annotations

from html import escape
from itertools import groupby

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.reports.markdown import counts
from kubeloop.render.hpa_chart import hpa_chart
from kubeloop.render.ladder import pipeline_pictures
from kubeloop.render.svg import cluster_map, rollout_chart
from kubeloop.render.telemetry import telemetry_svg  # Lab 03
from kubeloop.render.timeline import timeline_svg  # one world

SYMBOL = {"passed": "✓", "failed": "✗", "undefined": "?", "skipped": "–"}

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 8px} h2{font-size:17px;margin:28px 0 6px}
.counts span{display:inline-block;margin-right:14px;font-weight:600}
.passed{color:#2e7d32}.failed,.error,.undefined{color:#c62828}.skipped{color:#777}
.filter button{margin:10px 6px 10px 0;padding:4px 12px;border:1px solid #aaa;
border-radius:14px;background:#f5f5f5;cursor:pointer}
.filter button.on{background:#263238;color:#fff}
details{border:1px solid #ddd;border-radius:6px;margin:8px 0;padding:6px 10px}
details[data-status=failed],details[data-status=error]{border-color:#e57373}
summary{cursor:pointer;font-weight:600}
ol.steps{list-style:none;padding-left:8px;margin:6px 0}
ol.steps li{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#fbe9e7;padding:8px;white-space:pre-wrap;border-radius:4px}
code.rerun{background:#eceff1;padding:2px 6px;border-radius:4px}
.pictures{display:flex;flex-wrap:wrap;gap:16px;margin-top:8px}
svg text{font:11px system-ui,sans-serif} svg .node{font-weight:600;font-size:12px}
svg .muted{fill:#666} svg .reason{fill:#c62828} svg .podname{font-size:8px;fill:#fff}
table.events{border-collapse:collapse;font-size:12px;margin-top:6px}
table.events td{padding:1px 8px;border-bottom:1px solid #eee}
tr.Warning td{color:#c62828} .muted{color:#666}
"""

SCRIPT = """
document.querySelectorAll('.filter button').forEach(function (button) {
  button.addEventListener('click', function () {
    var wanted = button.dataset.show;
    document.querySelectorAll('.filter button').forEach(function (b) {
      b.classList.toggle('on', b === button);
    });
    document.querySelectorAll('details.scenario').forEach(function (d) {
      var status = d.dataset.status === 'error' ? 'failed' : d.dataset.status;
      d.style.display = (wanted === 'all' || status === wanted) ? '' : 'none';
    });
  });
});
"""


def _steps(record: ScenarioRecord) -> str:
    items = []
    for step in record.steps:
        error = f"<pre>{escape(step.error)}</pre>" if step.error else ""
        items.append(
            f'<li class="{step.status}">{SYMBOL[step.status]} <b>{escape(step.keyword)}</b> '
            f"{escape(step.text)}{error}</li>"
        )
    return f'<ol class="steps">{"".join(items)}</ol>'


def _events(record: ScenarioRecord) -> str:
    events = record.snapshot.get("events") or (record.snapshot.get("pipeline") or {}).get(
        "events", []
    )  # a scenario with no cluster: the pipeline's decisions (Lab 02)
    if not events:
        return ""
    rows = "".join(
        f'<tr class="{escape(e["type"])}"><td>{e.get("pass") or "–"}</td><td>{e["time"]}s</td>'
        f"<td>{escape(e['type'])}</td>"
        f"<td>{escape(e['reason'])}</td><td>{escape(e['object'])}</td><td>{escape(e['message'])}</td></tr>"
        for e in events
    )
    return (
        f"<details><summary>event timeline ({len(events)})</summary>"
        '<table class="events"><tr><th>pass</th><th>time</th><th>type</th><th>reason</th>'
        f"<th>object</th><th>message</th></tr>{rows}</table></details>"
    )


def _scenario(record: ScenarioRecord) -> str:
    pictures = [timeline_svg(record.snapshot.get("timeline"))] if record.snapshot else []
    pictures += [cluster_map(record.snapshot)] if record.snapshot else []
    pictures += [rollout_chart(r) for r in record.snapshot.get("rollouts", [])]
    pictures += [hpa_chart(a) for a in record.snapshot.get("autoscalers", [])]
    pictures += pipeline_pictures(record.snapshot.get("pipeline") or {})  # Lab 02
    pictures += telemetry_svg(record.snapshot.get("telemetry", {}))  # Lab 03
    rerun = (
        f'<p>rerun: <code class="rerun">{escape(record.rerun)}</code></p>'
        if record.status in ("failed", "error")
        else ""
    )
    skipped = (
        f' <span class="muted">({escape(record.message)})</span>'
        if record.status == "skipped"
        else ""
    )
    tags = " ".join(record.tags)
    opened = " open" if record.status in ("failed", "error") else ""
    return (
        f'<details class="scenario" data-status="{record.status}"{opened}>'
        f'<summary><span class="{record.status}">{SYMBOL.get(record.status, "✗")}</span> '
        f"{escape(record.keyword)}: {escape(record.title)}{skipped} "
        f'<span class="muted">{escape(tags)} {escape(record.uri)}:{record.rerun_line}</span>'
        f"</summary>{_steps(record)}{rerun}"
        f'<div class="pictures">{"".join(p for p in pictures if p)}</div>'
        f"{_events(record)}</details>"
    )


def report_html(records: list[ScenarioRecord], engine: str = "kubeloop") -> str:
    total = counts(records)
    sections = []
    for (uri, name), grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        members = list(grouped)
        description = escape(members[0].feature_description.strip())
        sections.append(
            f"<section><h2>Feature: {escape(name)} <span class='muted'>{escape(uri)}</span></h2>"
            f"<p class='muted'>{description}</p>{''.join(_scenario(r) for r in members)}</section>"
        )
    failed = total["failed"] + total["error"]
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>kubeloop report: {total['passed']} passed, {failed} failed</title>"
        f"<style>{STYLE}</style></head><body>"
        "<h1>kubeloop report</h1>"
        f"<p class='muted'>engine {escape(engine)} · {len(records)} scenarios</p>"
        f"<div class='counts'><span class='passed'>{total['passed']} passed</span>"
        f"<span class='failed'>{failed} failed</span>"
        f"<span class='skipped'>{total['skipped']} skipped</span></div>"
        "<div class='filter'><button class='on' data-show='all'>all</button>"
        "<button data-show='passed'>passed</button><button data-show='failed'>failed</button>"
        "<button data-show='skipped'>skipped</button></div>"
        f"{''.join(sections)}<script>{SCRIPT}</script></body></html>\n"
    )
