"""What the pipeline refuses, as errors of the kubeloop tree (drawn in kubeloop/errors.py):
invalid digests, manifests and evidence are InvalidSpecErrors; promotion, verification,
rollback and admission refusals are PipelineRefusedErrors.

Every refusal leaves the pipeline exactly as it was, its event log included (like an
admission webhook that rejects a request): the error is the explanation.
"""

from __future__ import annotations

from kubeloop.core.excerpt import excerpt
from kubeloop.errors import InvalidSpecError, KubeloopError


class InvalidDigestError(InvalidSpecError):
    """A string that is not a digest ``algorithm:encoded`` of the OCI image-spec."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{excerpt(text, 80)} is not a valid digest: {reason}")
        self.text = text
        self.reason = reason


class InvalidManifestError(InvalidSpecError):
    """A manifest (build input) that has no canonical form."""


class InvalidEvidenceError(InvalidSpecError):
    """A gate input (test results, coverage, scan findings, waivers) that cannot be judged."""


class PipelineRefusedError(KubeloopError):
    """The pipeline refused an operation; nothing changed."""


class PromotionRefusedError(PipelineRefusedError):
    """A promotion or deployment that the ladder's result or the order forbids."""


class VerificationError(PipelineRefusedError):
    """Verify-before-deploy found no attached signature that the environment trusts."""


class RollbackError(PipelineRefusedError):
    """An environment has no previous known-good digest, or it no longer verifies."""


class AdmissionRefusedError(PipelineRefusedError):
    """An artifact rolled onto the cluster that its environment would not run: it did not
    pass, was not promoted, carries no trusted signature over its digest, or lacks an
    approval (``kubeloop.links.rollout``)."""
