"""The words SREs and on-call people use for the telemetry catalog's words, for the frames
matcher. Each key is a word or words a catalog phrase uses; its values are what people say
for it (one form each: the lexicon reads every word by its stem, so tenses and plurals come
free). A word another table already gives a meaning (common: fail, recover, rise, about;
cluster: node, replica) is left to it, and a word with two telemetry meanings ("take": serve
a rate, or take a latency) stays out.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    "serves": ("answer", "handle", "receive", "process", "field", "absorb"),
    "requests": ("call", "query", "hit", "customer request", "user request"),
    "errors": ("failure", "5xx", "500s", "server error", "error response"),
    "latency": ("response time", "request duration", "slowness", "delay"),
    "scraped": ("poll", "collect", "pull", "probe"),
    "service": ("target", "scrape target", "endpoint", "backend", "microservice"),
    "alert": ("alarm", "alerting rule", "alert rule"),
    "firing": ("go off", "trigger", "active"),
    "resolved": ("clear", "quiet down", "stand down"),
    "SLO": (
        "objective",
        "promise",
        "guarantee",
        "commitment",
        "service level objective",
        "reliability target",
    ),
    "left": ("remaining", "remain", "unspent", "available", "still there"),
    "spent": ("use", "consume", "eat", "use up"),
    "pages": ("wake up", "call out", "alert the on-call"),
    "ticket": ("jira", "low-urgency alert", "non-paging alert", "issue"),
    "healthy": ("fine", "ok", "okay", "all good", "green"),
    "percentile": ("quantile", "pct"),
}
