"""Lab 02's phrases: manifests and builds, gate inputs and verdicts, waivers, signing,
promotion, deployment and rollback."""

from . import (
    abilities,
    audit,
    build,
    chains,
    commits,
    environments,
    findings,
    gates,
    identity,
    promotion,
    reports,
    signing,
    unit_results,
    verdicts,
    waivers,
)

__all__ = [
    "abilities",
    "audit",
    "build",
    "chains",
    "commits",
    "environments",
    "findings",
    "gates",
    "identity",
    "promotion",
    "reports",
    "signing",
    "unit_results",
    "verdicts",
    "waivers",
]
