"""How PromQL looks when people write it inside a sentence: bare, or a single series; and
how a latency is written beside it."""

from __future__ import annotations

import re

_VERBS = (
    r"(?:is|are|returns|return|gives|equals|evaluates|yields|should|must|will|comes|works|reads)"
)
_AGGREGATIONS = r"(?:sum|avg|min|max|count|group|stddev|stdvar|topk|bottomk|quantile)"
BARE_PROMQL = (
    rf"(?=[^\s]*[({{\[_:]|{_AGGREGATIONS} +(?:by|without) *\()"
    rf"[A-Za-z_:(](?:(?! {_VERBS}(?: |$))[^`])*"
)
"""PromQL written bare: its first word holds a bracket, an underscore or a colon (a metric
or a function call; ``sum by (le) (…)`` too), so "the query …" and "the alert X" stay other
phrases; it never holds the verbs a sentence uses after it ("is", "returns", …), so "X is 10"
reads one way and "rate(x[5m]) is 10 and up is 1" is two steps."""


SERIES = r"[A-Za-z_:][A-Za-z0-9_:]*(?:\{[^{}`]*\})?|\{[^{}`]+\}|`[^`]+`"


LATENCY = re.compile(r"(\d+(?:\.\d+)?) ?(ms|milliseconds?|s|seconds?)?", re.IGNORECASE)


def latency(text: str) -> tuple[str, float]:
    """ "0.25 seconds", "250ms", "0.25" → (the number as written, how many of its unit make a
    second: 1000 for milliseconds, else 1)."""
    found = LATENCY.fullmatch(text)
    assert found is not None
    unit = (found.group(2) or "s").lower()
    return found.group(1), 1000.0 if unit.startswith("m") else 1.0
