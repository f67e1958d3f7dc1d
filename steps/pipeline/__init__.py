"""Lab 02's phrases: manifests and builds, gate inputs and verdicts, waivers, signing,
promotion, deployment and rollback."""

from . import (
    build,
    commits,
    environments,
    gates,
    identity,
    promotion,
    reports,
    signing,
    verdicts,
    waivers,
)

__all__ = [
    "build",
    "commits",
    "environments",
    "gates",
    "identity",
    "promotion",
    "reports",
    "signing",
    "verdicts",
    "waivers",
]
