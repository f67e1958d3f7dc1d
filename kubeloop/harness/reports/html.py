"""The HTML report: ``report.html`` opens on the failures, each whole with the pictures of
its world, then an index of every feature and scenario; one page per feature
(``features/<name>.html``) shows each of its scenarios whole. No JavaScript, no network: the
status filter is CSS, links are anchors, so the folder works offline and stays light —
the index costs one line a scenario, the pictures live on the feature pages.
"""

from __future__ import annotations

import os
import re
from html import escape
from itertools import groupby

from kubeloop.harness.record import ScenarioRecord
from kubeloop.harness.reports.html_page import filter_bar, page
from kubeloop.harness.reports.html_scenario import SYMBOL, anchor, duration, scenario_html


def _status(record: ScenarioRecord) -> str:
    return "failed" if record.status == "error" else record.status


def feature_files(records: list[ScenarioRecord]) -> dict[str, str]:
    """Each feature file's page name, from its path below the folder all of them share:
    ``features/rollout-bounds.html`` for ``features/cluster/rollout/bounds.feature``."""
    uris = list(dict.fromkeys(r.uri for r in records))
    try:
        shared = len(os.path.commonpath([os.path.dirname(u) for u in uris])) if uris else 0
    except ValueError:  # relative and absolute paths in one run share nothing
        shared = 0
    names: dict[str, str] = {}
    for uri in uris:
        tail = uri[shared:].removesuffix(".feature")
        slug = re.sub(r"[^A-Za-z0-9]+", "-", tail).strip("-") or "feature"
        name, n = slug, 1
        while f"features/{name}.html" in names.values():
            n += 1
            name = f"{slug}-{n}"
        names[uri] = f"features/{name}.html"
    return names


def _index_entry(record: ScenarioRecord, link: str) -> str:
    status = _status(record)
    return (
        f'<li data-status="{status}"><a href="{link}#{anchor(record)}">'
        f'<span class="{status}">{SYMBOL.get(record.status, "✗")}</span> '
        f"{escape(record.title)}</a> "
        f'<span class="muted">{duration(record.duration_ns)}</span></li>'
    )


def _index(records: list[ScenarioRecord], files: dict[str, str]) -> str:
    blocks = []
    for (uri, name), grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        members = list(grouped)
        statuses = sorted({_status(r) for r in members})
        tally = " ".join(
            f'<span class="{s}">{sum(_status(r) == s for r in members)} {s}</span>'
            for s in statuses
        )
        link = files[uri]
        has = " ".join(f"has-{s}" for s in statuses)
        entries = "".join(_index_entry(r, link) for r in members)
        blocks.append(
            f'<details class="feature {has}"{" open" if "failed" in statuses else ""}>'
            f'<summary>{escape(name)} <span class="muted">{escape(uri)}</span> {tally}</summary>'
            f'<p><a href="{link}">the feature, every scenario with its pictures</a></p>'
            f'<ul class="scenarios">{entries}</ul></details>'
        )
    return f'<section id="index"><h2>Features ({len(blocks)})</h2>{"".join(blocks)}</section>'


def report_pages(records: list[ScenarioRecord], engine: str = "kubeloop") -> dict[str, str]:
    """``report.html`` and one page per feature file, by their paths in the report folder."""
    files = feature_files(records)
    counts = {s: sum(_status(r) == s for r in records) for s in ("passed", "failed", "skipped")}
    failures = [r for r in records if _status(r) == "failed"]
    first = (
        f'<section id="failures"><h2>Failures ({len(failures)})</h2>'
        + "".join(scenario_html(r, f"{files[r.uri]}#{anchor(r)}") for r in failures)
        + "</section>"
        if failures
        else '<p class="passed">Every scenario passed.</p>'
    )
    title = f"kubeloop report: {counts['passed']} passed, {counts['failed']} failed"
    body = (
        f"<h1>kubeloop report</h1><p class='muted'>engine {escape(engine)} · "
        f"{len(records)} scenarios</p><div class='counts'>"
        + "".join(f"<span class='{s}'>{n} {s}</span>" for s, n in counts.items())
        + f"</div>{filter_bar(counts)}<main>{first}{_index(records, files)}</main>"
    )
    pages = {"report.html": page(title, body)}
    for (uri, name), grouped in groupby(records, key=lambda r: (r.uri, r.feature)):
        members = list(grouped)
        here = {s: sum(_status(r) == s for r in members) for s in counts}
        description = escape(members[0].feature_description.strip())
        pages[files[uri]] = page(
            f"{name}: kubeloop report",
            f'<p><a href="../report.html">← the report</a></p>'
            f"<h1>Feature: {escape(name)}</h1><p class='muted'>{escape(uri)}</p>"
            f"<p class='muted'>{description}</p>{filter_bar(here)}"
            f"<main>{''.join(scenario_html(r) for r in members)}</main>",
        )
    return pages
