"""Lab 02's contract: the pipeline as a monotone gate ladder, in the seed's terms.

A module that provides ``Pipeline`` is graded on the pipeline features (any other
mechanism it does not provide stays kubeloop's). ``Pipeline(clock=..., events=...)`` —
both optional — and then:

- ``build(manifest) -> digest``: ``"sha256:"`` + 64 lowercase hex over the canonical bytes
  of the manifest (JSON, sorted keys, no whitespace, UTF-8): same content, same digest.
- ``record_unit_tests / record_coverage / record_scan / record_integration_tests``: the
  gate inputs of one digest (``TestSummary``, a float, a list of ``Finding``).
- ``run(digest)``: unit → scan → integration → sign, stopping at the first block; later
  gates are "not run" with ``blocked_by`` set. Unit: green and coverage.py's
  ``round(total, precision) >= fail_under``. Scan: HIGH, CRITICAL and UNKNOWN block unless
  an active waiver of the current list accepts the id. Sign: sign the digest. Running
  again on the same inputs changes nothing.
- ``promote / approve / reject / deploy / rollback``: the same digest moves through the
  definition's environments in order; approval where required; every deploy verifies a
  signature for this digest by a key the environment trusts; a refusal raises and
  changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GateLike(Protocol):
    gate: str
    status: str
    """passed, blocked or not run."""
    reason: str
    blocked_by: str | None


@runtime_checkable
class RunLike(Protocol):
    @property
    def passed(self) -> bool: ...
    @property
    def blocked_at(self) -> str | None: ...
    @property
    def gates(self) -> Sequence[GateLike]: ...


@runtime_checkable
class PipelineLike(Protocol):
    def configure(self, definition: Any) -> None: ...
    def build(self, manifest: Mapping[str, Any]) -> str: ...
    def validate_digest(self, text: str) -> None:
        """Raise ValueError (with the reason) unless ``text`` is an OCI digest."""

    def record_unit_tests(self, digest: str, tests: Any) -> None: ...
    def record_coverage(self, digest: str, percent: float) -> None: ...
    def record_scan(self, digest: str, findings: Sequence[Any]) -> None: ...
    def record_integration_tests(self, digest: str, tests: Any) -> None: ...
    def set_waivers(self, waivers: Any) -> None: ...
    def run(self, digest: str) -> RunLike: ...
    def is_signed(self, digest: str) -> bool: ...
    def attach_signature(self, source: str, target: str) -> None: ...
    def promote(self, digest: str, environment: str) -> str: ...
    def approve(self, digest: str, environment: str) -> str: ...
    def reject(self, digest: str, environment: str) -> None: ...
    def deploy(self, reference: str, environment: str) -> str: ...
    def rollback(self, environment: str) -> str: ...
    def running(self, environment: str) -> str | None: ...
    def waiting(self, digest: str, environment: str) -> bool: ...


# --- extensions (optional: a scenario that uses one says "does not provide" without it) --


@runtime_checkable
class SignatureLike(Protocol):
    """A signature attached to a digest: which key made it, over which payload. The payload
    is cosign's simple-signing JSON; ``claimed_digest`` is its
    ``critical.image.docker-manifest-digest``, the digest the signer vouched for."""

    key_name: str
    payload: str
    signature: str
    """Base64 of the Ed25519 signature over ``payload``."""

    @property
    def claimed_digest(self) -> str: ...


@runtime_checkable
class DeploymentRecordLike(Protocol):
    """One deploy of an environment: the ``digest``, the logical ``time``, ``how`` (promote,
    deploy or rollback)."""

    digest: str
    time: int
    how: str


@runtime_checkable
class EnvironmentLike(Protocol):
    """What an environment has run: every deploy oldest first, and the digests known good
    (deployed and not rolled back), which ``rollback`` returns to."""

    name: str
    running: str | None
    deployments: Sequence[DeploymentRecordLike]
    known_good: Sequence[str]


@runtime_checkable
class PipelineExtensionsLike(Protocol):
    """Members beyond Lab 02's contract that richer scenarios read; each is optional."""

    def sign(self, digest: str, key: str) -> SignatureLike:
        """Sign the digest with the definition's key of that name and attach it."""

    def signatures(self, digest: str) -> Sequence[SignatureLike]: ...
    def tag(self, tag: str, digest: str) -> None:
        """Point a mutable tag at a digest (a deploy by tag resolves it first)."""

    def resolve_tag(self, tag: str) -> str: ...
    def environment(self, name: str) -> EnvironmentLike: ...
    def state(self) -> Any:
        """Everything the pipeline holds, as a value: equal before and after an operation
        that changes nothing (running the same thing twice)."""


PIPELINE_ENTRY = "Pipeline"
PIPELINE_METHODS = (
    "configure",
    "build",
    "validate_digest",
    "record_unit_tests",
    "record_coverage",
    "record_scan",
    "record_integration_tests",
    "set_waivers",
    "run",
    "is_signed",
    "attach_signature",
    "promote",
    "approve",
    "reject",
    "deploy",
    "rollback",
    "running",
    "waiting",
)
EXTENSIONS = ("sign", "signatures", "tag", "resolve_tag", "environment", "state")
"""Richer steps use these when the engine has them (else: "engine X does not provide …")."""


def missing_from_pipeline(module: ModuleType) -> list[str]:
    """What ``module`` lacks of the pipeline contract ([] when it does not take part)."""
    pipeline = getattr(module, PIPELINE_ENTRY, None)
    if pipeline is None:
        return [PIPELINE_ENTRY]
    return [f"Pipeline.{m}" for m in PIPELINE_METHODS if not hasattr(pipeline, m)]
