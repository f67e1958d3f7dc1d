"""Lab 02's phrases: manifests and builds, gate inputs and verdicts, waivers, signing,
promotion, deployment and rollback."""

from kubeloop.steps.pipeline import build, gates, promotion, reports, signing, waivers

__all__ = ["build", "gates", "promotion", "reports", "signing", "waivers"]
