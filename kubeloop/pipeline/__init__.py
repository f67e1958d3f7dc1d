"""Lab 02: the CI/CD pipeline as a monotone gate ladder that fails fast.

build (a content-addressed digest) → unit → scan → integration → sign, then the same
digest promoted dev → staging → prod (prod approved by hand), verified before every
deploy, rolled back to the previous known-good digest.

The names are imported at first use (``kubeloop.exports``): a step that reads a
``TestSummary`` does not import signing (and cryptography) with it.
"""

from typing import TYPE_CHECKING

from kubeloop.exports import exports

if TYPE_CHECKING:
    from kubeloop.pipeline.definition import EnvironmentSpec, PipelineDefinition
    from kubeloop.pipeline.digest import Digest, canonical_bytes, digest_of, parse_digest
    from kubeloop.pipeline.errors import (
        AdmissionRefusedError,
        InvalidDigestError,
        InvalidEvidenceError,
        InvalidManifestError,
        PipelineRefusedError,
        PromotionRefusedError,
        RollbackError,
        VerificationError,
    )
    from kubeloop.pipeline.evidence import SEVERITIES, Finding, TestSummary
    from kubeloop.pipeline.gates import ORDER, GateResult
    from kubeloop.pipeline.pipeline import Pipeline
    from kubeloop.pipeline.signing import Signature
    from kubeloop.pipeline.views import Artifact, EnvironmentView, PipelineState, RunResult
    from kubeloop.pipeline.waivers import Waiver, WaiverList

__all__ = [
    "ORDER",
    "SEVERITIES",
    "AdmissionRefusedError",
    "Artifact",
    "Digest",
    "EnvironmentSpec",
    "EnvironmentView",
    "Finding",
    "GateResult",
    "InvalidDigestError",
    "InvalidEvidenceError",
    "InvalidManifestError",
    "Pipeline",
    "PipelineDefinition",
    "PipelineRefusedError",
    "PipelineState",
    "PromotionRefusedError",
    "RollbackError",
    "RunResult",
    "Signature",
    "TestSummary",
    "VerificationError",
    "Waiver",
    "WaiverList",
    "canonical_bytes",
    "digest_of",
    "parse_digest",
]

__getattr__ = exports(
    __name__,
    {
        "kubeloop.pipeline.definition": (
            "EnvironmentSpec",
            "PipelineDefinition",
        ),
        "kubeloop.pipeline.digest": (
            "Digest",
            "canonical_bytes",
            "digest_of",
            "parse_digest",
        ),
        "kubeloop.pipeline.errors": (
            "AdmissionRefusedError",
            "InvalidDigestError",
            "InvalidEvidenceError",
            "InvalidManifestError",
            "PipelineRefusedError",
            "PromotionRefusedError",
            "RollbackError",
            "VerificationError",
        ),
        "kubeloop.pipeline.evidence": (
            "SEVERITIES",
            "Finding",
            "TestSummary",
        ),
        "kubeloop.pipeline.gates": (
            "ORDER",
            "GateResult",
        ),
        "kubeloop.pipeline.pipeline": ("Pipeline",),
        "kubeloop.pipeline.signing": ("Signature",),
        "kubeloop.pipeline.views": (
            "Artifact",
            "EnvironmentView",
            "PipelineState",
            "RunResult",
        ),
        "kubeloop.pipeline.waivers": (
            "Waiver",
            "WaiverList",
        ),
    },
)
