"""Lab 02's starting point for ``kubeloop exercise init``: a pipeline to implement."""

from __future__ import annotations

PIPELINE_SKELETON = '''"""Your CI/CD pipeline: a monotone gate ladder that fails fast.

Implement the methods below until every pipeline scenario passes:

    kubeloop run --engine pipeline_lab        # from this folder

The scenarios hand you kubeloop's own input records (read their attributes):
  TestSummary(passed, tests, failures, errors, skipped, source)
  Finding(id, severity, package, installed, fixed)        severity: Trivy's names
  WaiverList(version, waivers=[Waiver(id, reason, expires, expires_at)])
      expires_at: logical seconds (compare with clock.now), None = never
  PipelineDefinition(fail_under, precision, environments=[EnvironmentSpec(name,
      requires_approval, trusts)], keys=[(name, seed)], signing_key, approval_timeout)
      trusts None means: the signing key only.

Rules the scenarios check (the public contract, kubeloop.contract.pipeline):
- build: "sha256:" + 64 lowercase hex of SHA-256 over json.dumps(manifest,
  sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(); refuse floats.
- run: gates unit -> scan -> integration -> sign; stop at the first that blocks; the
  rest are "not run" with blocked_by = that gate. A missing input blocks.
  unit: tests passed AND not (fail_under == 100 and total != 100) AND
        round(total, precision) >= fail_under.
  scan: HIGH, CRITICAL and UNKNOWN block unless the current waiver list accepts the id
        and now < expires_at. The scan gate reports waived ids and the list version.
  sign: sign the digest (Ed25519 from the cryptography package: derive the 32-byte key
        from the seed, e.g. sha256(seed)); attach the signature to the digest.
  The same run on the same inputs again changes nothing.
- promote(digest, env): only a digest whose latest run passed; in order (it must have
  run in the previous environment); approval-gated environments wait ("waiting for
  approval") until approve(); verify before deploying. Returns "deployed",
  "waiting for approval" or "unchanged".
- deploy(reference, env): verify first: some attached signature by a key env trusts,
  valid over its payload, made for THIS digest (a copied signature is refused).
- rollback(env): redeploy env's previous known-good digest, through the same checks.
- Every refusal raises (any exception) and changes nothing. The scenarios check the words
  of refusals and of each gate's reason: kubeloop/contract/pipeline.py lists them
  (PipelineLike, GateLike, validate_digest); kubeloop exercise check pipeline_lab lists
  what is still missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Gate:
    gate: str                  # unit, scan, integration or sign
    status: str                # passed, blocked or not run
    reason: str
    blocked_by: str | None = None
    waived: tuple = ()         # scan: the ids a waiver let through
    waiver_list_version: int | None = None


@dataclass(frozen=True)
class Run:
    digest: str
    gates: tuple = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        return all(g.status == "passed" for g in self.gates)

    @property
    def blocked_at(self) -> str | None:
        return next((g.gate for g in self.gates if g.status == "blocked"), None)


class Pipeline:
    def __init__(self, clock=None, events=None) -> None:
        self.clock = clock            # clock.now: logical seconds
        self.definition = None

    def configure(self, definition) -> None:
        """The scenario's PipelineDefinition, handed over whole when the pipeline is built
        and again whenever it changes."""
        self.definition = definition

    def build(self, manifest: dict) -> str:
        raise NotImplementedError("not implemented yet: Pipeline.build")

    def validate_digest(self, text: str) -> None:
        """Raise ValueError unless text is algorithm:encoded (OCI grammar), sha256 + 64 hex."""
        raise NotImplementedError("not implemented yet: Pipeline.validate_digest")

    def record_unit_tests(self, digest: str, tests) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.record_unit_tests")

    def record_coverage(self, digest: str, percent: float) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.record_coverage")

    def record_scan(self, digest: str, findings: list) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.record_scan")

    def record_integration_tests(self, digest: str, tests) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.record_integration_tests")

    def set_waivers(self, waivers) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.set_waivers")

    def run(self, digest: str) -> Run:
        raise NotImplementedError("not implemented yet: Pipeline.run")

    def is_signed(self, digest: str) -> bool:
        raise NotImplementedError("not implemented yet: Pipeline.is_signed")

    def attach_signature(self, source: str, target: str) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.attach_signature")

    def promote(self, digest: str, environment: str) -> str:
        raise NotImplementedError("not implemented yet: Pipeline.promote")

    def approve(self, digest: str, environment: str) -> str:
        raise NotImplementedError("not implemented yet: Pipeline.approve")

    def reject(self, digest: str, environment: str) -> None:
        raise NotImplementedError("not implemented yet: Pipeline.reject")

    def deploy(self, reference: str, environment: str) -> str:
        raise NotImplementedError("not implemented yet: Pipeline.deploy")

    def rollback(self, environment: str) -> str:
        raise NotImplementedError("not implemented yet: Pipeline.rollback")

    def running(self, environment: str) -> str | None:
        raise NotImplementedError("not implemented yet: Pipeline.running")

    def waiting(self, digest: str, environment: str) -> bool:
        raise NotImplementedError("not implemented yet: Pipeline.waiting")

    # Extensions: scenarios that use these say "engine … does not provide …" until you
    # add them: sign(digest, key), signatures(digest), tag(tag, digest), resolve_tag(tag),
    # environment(name) -> .deployments/.known_good, state() for "changes nothing".
'''

PIPELINE_IMPORT = """

# Lab 02: the pipeline lives in pipeline_lab.py; providing it here grades it too (delete
# this import to be graded on Lab 01 and Lab 03 only).
from pipeline_lab import Pipeline  # noqa: E402
"""
