"""The step library: a package per mechanism, one module per domain inside each.

Importing it registers every phrase. It is a pytest plugin of its own (the
``kubeloop-steps`` entry point), so ``-p no:kubeloop-steps`` runs the features over another
step library. Steps translate plain English into calls on each mechanism's public API; they
hold no engine logic. Richer engine features are used where the engine has them, and a step
that needs one the engine lacks fails with "engine X does not provide …".
"""

from . import (
    cluster,
    common,
    links,  # one world: where the mechanisms meet
    pipeline,  # Lab 02
    telemetry,  # Lab 03
)

__all__ = ["cluster", "common", "links", "pipeline", "telemetry"]
