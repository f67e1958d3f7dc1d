"""The catalog's groups: each mechanism's phrases by the noun they are about, in the order a
person meets them, so the catalog reads as a table of contents rather than a list of
modules. A definition's domain is "mechanism: module"; this table says which noun each
module's phrases are about (a test keeps every module in it)."""

from __future__ import annotations

MECHANISMS: tuple[tuple[str, str], ...] = (
    ("cluster", "cluster"),
    ("pipeline", "pipeline"),
    ("telemetry", "telemetry"),
    ("links", "one world"),
    ("common", "time and events (every mechanism)"),
)
"""Each mechanism as the domain names it, and its title in the catalog."""

NOUNS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "cluster": (
        ("nodes and node failures", ("nodes", "failures", "timing")),
        (
            "deployments and replicas",
            ("workloads", "deployment_words", "settled_words", "readiness"),
        ),
        ("pods", ("pods", "counted_words")),
        ("reconciling and what it settles", ("reconcile", "assertions", "node_requests")),
        (
            "scheduling, affinity and spread",
            (
                "scheduling",
                "placement_words",
                "node_labels",
                "affinity",
                "colocation",
                "zones",
                "pending_reasons",
            ),
        ),
        ("priority and preemption", ("priority",)),
        ("rolling updates", ("rollout", "rollout_bounds")),
        ("disruption budgets and drains", ("disruption", "drain_bounds")),
        ("pod autoscaling (HPA)", ("autoscaling", "load_words")),
        (
            "cluster autoscaler and node groups",
            (
                "cluster_autoscaler",
                "cluster_autoscaler_words",
                "cluster_autoscaler_flags",
                "cluster_autoscaler_checks",
            ),
        ),
        ("event retention", ("retention",)),
    ),
    "pipeline": (
        ("builds, commits and images", ("build", "builds_said", "commits", "identity")),
        ("test results and coverage", ("test_counts", "unit_results", "counts_said", "reports")),
        ("vulnerabilities and findings", ("findings", "findings_said", "finding_counts")),
        ("waivers", ("waivers", "waiver_words", "waiver_checks")),
        (
            "gates and pipeline runs",
            ("gates", "verdicts", "stops", "dated_runs", "failed_operations"),
        ),
        ("signing and verification", ("signing", "unsigned_deploys")),
        (
            "promotion and approvals",
            ("promotion", "chains", "abilities", "refused_moves", "kept_running"),
        ),
        ("environments", ("environments",)),
        ("history and audit", ("histories", "history_counts", "audit", "rollback_actor")),
    ),
    "telemetry": (
        ("services, traffic and scrapes", ("services", "traffic_normal", "targets", "scrapes")),
        (
            "errors and error rates",
            ("service_checks", "sre_checks", "counters", "counter_trends", "time_with_errors"),
        ),
        (
            "latency",
            ("latency", "latency_said", "latency_profile", "latency_points", "latency_claims"),
        ),
        ("series and PromQL queries", ("series", "queries", "query_words")),
        (
            "alerts",
            ("alerts", "alert_words", "alert_conditions", "alert_spans", "alert_counts"),
        ),
        ("SLOs", ("slos", "promises", "latency_slos")),
        (
            "error budgets",
            ("budget_words", "budget_period", "budget_shares", "budget_ranges", "budget_burning"),
        ),
        ("burn rates, pages and tickets", ("paging", "slo_pages", "page_counts", "page_delay")),
        ("quiet time", ("quiet_time",)),
        ("rule unit tests (promtool)", ("rule_tests",)),
    ),
    "links": (
        ("the story's world", ("story", "manager_story", "servers")),
        ("releases reaching the cluster", ("rollout", "releases", "outcomes", "version_faults")),
        ("traffic from the cluster's pods", ("traffic", "autoscaling")),
        ("rollbacks", ("rollback", "rollback_counts")),
        ("history and timeline", ("history_ends", "timeline")),
    ),
    "common": (
        ("time", ("time", "clock_times")),
        ("events", ("events",)),
        ("refusals", ("refusals",)),
    ),
}
"""Each mechanism's nouns, in catalog order, with the step modules whose phrases are about
each."""


def place(domain: str) -> tuple[int, int, str, str, int]:
    """Where a domain's phrases stand in the catalog: the mechanism's and the noun's order,
    the mechanism's title, the noun, and the module's order within the noun. A module the
    table does not name yet comes last in its mechanism under its own name, so nothing is
    ever left out of the catalog."""
    mechanism, _, module = domain.partition(": ")
    titles = [m for m, _ in MECHANISMS]
    order = titles.index(mechanism) if mechanism in titles else len(titles)
    title = dict(MECHANISMS).get(mechanism, mechanism)
    nouns = NOUNS.get(mechanism, ())
    for rank, (noun, modules) in enumerate(nouns):
        if module in modules:
            return order, rank, title, noun, modules.index(module)
    return order, len(nouns), title, module or mechanism, 0
