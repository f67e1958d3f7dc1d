"""The step library: a package per mechanism, one module per domain inside each.

Importing it registers every phrase. Steps translate plain English into calls on each
mechanism's public API; they hold no engine logic. Richer engine features are used where
the engine has them, and a step that needs one the engine lacks fails with "engine X does
not provide …".
"""

from kubeloop.steps import (
    cluster,
    common,
    pipeline,  # Lab 02
)

__all__ = ["cluster", "common", "pipeline"]
