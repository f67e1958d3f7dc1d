"""Which mechanism a sentence is about, from the nouns it uses: "the unit test gate" is the
pipeline's, "the error rate of web" telemetry's, "3 pods on node-1" the cluster's.

Suggestions for a line that matches nothing rank the phrases of the line's own mechanism
first, and when nothing is close, name the nouns they recognised and show phrases about them.
"""

from __future__ import annotations

import re

NOUNS: dict[str, tuple[str, ...]] = {
    "pipeline": (
        "artifact",
        "image",
        "build",
        "built",
        "commit",
        "digest",
        "tag",
        "gate",
        "stage",
        "scan",
        "coverage",
        "unit test",
        "integration",
        "finding",
        "cve",
        "vulnerabilit",
        "waiver",
        "exception",
        "signature",
        "signed",
        "sign",
        "key",
        "promot",
        "approv",
        "staging",
        "rollback",
        "roll back",
        "prod",
        "dev",
        "pipeline",
        "release",
        "manifest",
        "environment",
    ),
    "telemetry": (
        "service",
        "request",
        "rps",
        "error rate",
        "errors",
        "latency",
        "p99",
        "p50",
        "percentile",
        "median",
        "histogram",
        "counter",
        "gauge",
        "series",
        "query",
        "alert",
        "firing",
        "resolved",
        "slo",
        "objective",
        "budget",
        "burn",
        "page",
        "paged",
        "ticket",
        "scrape",
        "rule",
        "promql",
        "http",
        "_total",
    ),
    "cluster": (
        "node",
        "pod",
        "deployment",
        "replica",
        "hpa",
        "autoscal",
        "cordon",
        "drain",
        "taint",
        "rollout",
        "roll out",
        "reconcile",
        "cpu",
        "memory",
        "schedul",
        "zone",
        "affinity",
        "disruption",
        "pdb",
        "evict",
        "namespace",
    ),
}
"""The nouns (and word beginnings) that belong to each mechanism."""

_FOUND = {
    mechanism: re.compile(
        r"(?<![A-Za-z])(?:" + "|".join(re.escape(n) for n in nouns) + r")[\w-]*", re.IGNORECASE
    )
    for mechanism, nouns in NOUNS.items()
}


def recognised(text: str) -> dict[str, list[str]]:
    """The nouns of each mechanism the text uses (mechanisms with none left out)."""
    found = {}
    for mechanism, pattern in _FOUND.items():
        words = list(dict.fromkeys(m.group(0).lower() for m in pattern.finditer(text)))
        if words:
            found[mechanism] = words
    return found


def mechanism_of(text: str) -> str | None:
    """The mechanism most of the text's nouns belong to (None: no noun, or a tie)."""
    counts = sorted(((len(w), m) for m, w in recognised(text).items()), reverse=True)
    if not counts or (len(counts) > 1 and counts[0][0] == counts[1][0]):
        return None
    return counts[0][1]


def of_domain(domain: str) -> str:
    """The mechanism of a phrase's domain ("pipeline: gates" → pipeline)."""
    return domain.split(":", 1)[0].strip()
