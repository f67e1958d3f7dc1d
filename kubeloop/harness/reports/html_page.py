"""The frame every HTML report page shares: its style sheet and a status filter that works
without JavaScript: ``report.html#failed`` shows only the failures (CSS ``:target``; a
feature with none is hidden whole, heading and all), so a filtered view is also a link."""

from __future__ import annotations

from html import escape

STATUSES = ("failed", "passed", "skipped")

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;background:#fff;max-width:1200px}
h1{font-size:22px;margin:0 0 8px} h2{font-size:17px;margin:24px 0 6px}
a{color:#1d4ed8}
.counts span{display:inline-block;margin-right:14px;font-weight:600}
.passed{color:#2e7d32}.failed,.error,.undefined{color:#c62828}.skipped{color:#777}
i.show{position:absolute;top:0}
nav.filter a{display:inline-block;margin:10px 6px 10px 0;padding:4px 12px;color:#222;
border:1px solid #aaa;border-radius:14px;background:#f5f5f5;text-decoration:none}
details{border:1px solid #ddd;border-radius:6px;margin:8px 0;padding:6px 10px}
details[data-status=failed],details[data-status=error]{border-color:#e57373}
summary{cursor:pointer;font-weight:600}
ol.steps{list-style:none;padding-left:8px;margin:6px 0}
ol.steps li{font-family:ui-monospace,monospace;font-size:13px}
.took{color:#888;font-size:11px}
ol.expansion{list-style:none;margin:2px 0 2px 22px;padding-left:8px;border-left:2px solid #ddd}
pre{padding:8px;white-space:pre-wrap;border-radius:4px;margin:4px 0}
pre.error{background:#fbe9e7} pre.doc{background:#f3f4f6}
table.data{border-collapse:collapse;margin:4px 0 4px 16px;font-size:12px}
table.data td,table.data th{border:1px solid #ccc;padding:1px 8px}
code.rerun{background:#eceff1;padding:2px 6px;border-radius:4px}
.pictures{display:flex;flex-wrap:wrap;gap:16px;margin-top:8px;align-items:flex-start}
svg text{font:11px system-ui,sans-serif} svg .node{font-weight:600;font-size:12px}
svg .muted{fill:#666} svg .reason{fill:#c62828} svg .podname{font-size:8px;fill:#fff}
table.events{border-collapse:collapse;font-size:12px;margin-top:6px}
table.events td{padding:1px 8px;border-bottom:1px solid #eee}
tr.Warning td{color:#c62828} .muted{color:#666;font-weight:400}
ul.scenarios{list-style:none;padding-left:8px;margin:4px 0}
ul.scenarios li{margin:1px 0}
"""


def _filter_css() -> str:
    """Per status: its link lit when chosen, and everything of another status hidden —
    scenarios (data-status) and features without one of that status (has-STATUS)."""
    lit = "{background:#263238;color:#fff}"
    rules = [f"nav.filter a.all{lit}"]
    for status in STATUSES:
        chosen = f"#{status}:target~"
        kept = (status, "error") if status == "failed" else (status,)
        others = "".join(f":not([data-status={s}])" for s in kept)
        rules += [
            f"{chosen}nav a.{status}{lit}",
            f"{chosen}nav a.all{{background:#f5f5f5;color:#222}}",
            f"{chosen}main [data-status]{others}{{display:none}}",
            f"{chosen}main .feature:not(.has-{status}){{display:none}}",
        ]
        if status != "failed":
            rules.append(f"{chosen}main #failures{{display:none}}")
    return "".join(rules)


def filter_bar(counts: dict[str, int]) -> str:
    """The filter's targets (siblings before <main>) and its links."""
    targets = "".join(f'<i class="show" id="{s}"></i>' for s in STATUSES)
    links = '<a class="all" href="#">all</a>' + "".join(
        f'<a class="{s}" href="#{s}">{s} ({counts[s]})</a>' for s in STATUSES
    )
    return f'{targets}<nav class="filter">{links}</nav>'


def page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(title)}</title><style>{STYLE}{_filter_css()}</style></head>"
        f"<body>{body}</body></html>\n"
    )
