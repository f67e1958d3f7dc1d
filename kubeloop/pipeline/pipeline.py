"""The pipeline façade: build by content, judge with the gate ladder, sign what passed.

Promotion, approval, deployment and rollback live in ``delivery.Delivery`` and are
reached through the same object. Every decision is an event in ``events``; every
refusal raises before anything changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.core.hashing import sha256_digest
from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.pipeline import delivery
from kubeloop.pipeline.definition import PipelineDefinition
from kubeloop.pipeline.digest import canonical_bytes, parse_digest
from kubeloop.pipeline.errors import InvalidEvidenceError, PipelineRefusedError
from kubeloop.pipeline.evidence import Finding, TestSummary, check_coverage, check_findings
from kubeloop.pipeline.gates import Evidence, GateResult, integration, run_ladder, scan, sign, unit
from kubeloop.pipeline.manifest import check_manifest
from kubeloop.pipeline.signing import PublicKey, Signature, SigningKey, verify
from kubeloop.pipeline.views import Artifact, EnvironmentView, PipelineState, RunResult
from kubeloop.pipeline.waivers import NO_WAIVERS, WaiverList, check_successor

JUDGES = {
    "unit": unit.judge,
    "scan": scan.judge,
    "integration": integration.judge,
    "sign": sign.judge,
}
TAG = re.compile(r"[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}")
MAX_ARTIFACTS = 100_000


class Pipeline:
    """One team's pipeline: artifacts by digest, their gate inputs, runs and environments."""

    def __init__(
        self,
        definition: PipelineDefinition | None = None,
        *,
        clock: Clock | None = None,
        events: EventLog | None = None,
    ) -> None:
        self.clock = clock or Clock()
        self.events = events if events is not None else EventLog(self.clock)
        self.definition = definition or PipelineDefinition()
        self._keys = {n: SigningKey.from_seed(n, s) for n, s in self.definition.keys}
        self._artifacts: dict[str, Artifact] = {}
        self._tags: dict[str, str] = {}
        self._unit: dict[str, TestSummary] = {}
        self._coverage: dict[str, float] = {}
        self._findings: dict[str, tuple[Finding, ...]] = {}
        self._integration: dict[str, TestSummary] = {}
        self.waivers: WaiverList = NO_WAIVERS
        self._runs: list[RunResult] = []
        self._latest: dict[str, RunResult] = {}
        self._signatures: dict[str, tuple[Signature, ...]] = {}
        self.delivery = delivery.Delivery(self)

    # --- setup --------------------------------------------------------------------

    def configure(self, definition: PipelineDefinition) -> None:
        """Replace the definition; environments keep their state by name."""
        keys = {n: SigningKey.from_seed(n, s) for n, s in definition.keys}
        self.definition, self._keys = definition, keys
        self.delivery.configure(definition)

    def set_waivers(self, waivers: WaiverList) -> None:
        check_successor(self.waivers, waivers)
        if waivers != self.waivers:
            self.waivers = waivers
            ids = ", ".join(w.id for w in waivers.waivers) or "nothing"
            self.events.normal("WaiverList", "waivers", f"version {waivers.version} accepts {ids}")

    # --- build ----------------------------------------------------------------------

    def build(self, manifest: Mapping[str, Any]) -> str:
        """The digest of the manifest's canonical bytes; the same content is the same artifact."""
        data = check_manifest(manifest)
        canonical = canonical_bytes(data)
        digest = sha256_digest(canonical)
        if digest not in self._artifacts:
            if len(self._artifacts) >= MAX_ARTIFACTS:
                raise InvalidSpecError(f"more than {MAX_ARTIFACTS} artifacts")
            artifact = Artifact(
                digest, data["name"], data["version"], len(canonical), canonical.decode()
            )
            self._artifacts[digest] = artifact
            self.events.normal("Built", f"artifact/{data['name']}", f"built {artifact.label}")
        return digest

    def validate_digest(self, text: str) -> None:
        """Raise ``InvalidDigestError`` unless ``text`` is a sha256 digest (OCI grammar)."""
        parse_digest(text)

    def artifact(self, digest: str) -> Artifact:
        parse_digest(digest)
        found = self._artifacts.get(digest)
        if found is None:
            raise NotFoundError("artifact", digest, [a.label for a in self._artifacts.values()])
        return found

    def tag(self, tag: str, digest: str) -> None:
        """Point a tag at a digest; a tag is a mutable pointer, never an identity."""
        if not TAG.fullmatch(tag):
            raise InvalidSpecError(f'"{tag}" is not a tag: [a-zA-Z0-9_][a-zA-Z0-9._-]{{0,127}}')
        artifact = self.artifact(digest)
        if self._tags.get(tag) != digest:
            self._tags[tag] = digest
            self.events.normal("Tagged", f"artifact/{artifact.name}", f"{tag} → {artifact.label}")

    def resolve_tag(self, tag: str) -> str:
        if tag not in self._tags:
            raise NotFoundError("tag", tag, sorted(self._tags))
        return self._tags[tag]

    # --- gate inputs --------------------------------------------------------------------

    def record_unit_tests(self, digest: str, tests: TestSummary) -> None:
        self.artifact(digest)
        self._unit[digest] = _summary(tests)

    def record_coverage(self, digest: str, percent: float) -> None:
        self.artifact(digest)
        self._coverage[digest] = check_coverage(percent)

    def record_scan(self, digest: str, findings: Sequence[Finding]) -> None:
        self.artifact(digest)
        self._findings[digest] = check_findings(list(findings))

    def record_integration_tests(self, digest: str, tests: TestSummary) -> None:
        self.artifact(digest)
        self._integration[digest] = _summary(tests)

    # --- the ladder ------------------------------------------------------------------------

    def run(self, digest: str) -> RunResult:
        """Run the gates for ``digest``; on the same inputs again, nothing changes."""
        artifact = self.artifact(digest)
        key = self._signing_key()
        evidence = Evidence(
            digest,
            self._unit.get(digest),
            self._coverage.get(digest),
            self._findings.get(digest),
            self._integration.get(digest),
            self.definition.fail_under,
            self.definition.precision,
            self.waivers,
            self.clock.now,
            str(key.public_key) if key else None,
        )
        verdict = run_ladder(evidence, JUDGES)
        previous = self._latest.get(digest)
        if previous is not None and previous.gates == verdict.gates:
            return previous
        result = RunResult(len(self._runs) + 1, digest, self.clock.now, verdict.gates)
        self._runs.append(result)
        self._latest[digest] = result
        self._record(artifact, result)
        if result.passed and key is not None:
            self._attach(digest, key.sign(digest, artifact.name), "Signed")
        return result

    def _record(self, artifact: Artifact, result: RunResult) -> None:
        for gate in result.gates:
            obj = f"run/{result.number}/{gate.gate}"
            if gate.passed:
                self.events.normal("GatePassed", obj, gate.reason)
            elif gate.status == "blocked":
                self.events.warning("GateBlocked", obj, gate.reason)
            else:
                self.events.warning("GateNotRun", obj, gate.reason)
            for waived in gate.waived:
                self.events.normal(
                    "WaiverApplied",
                    obj,
                    f"{waived} waived by list version {gate.waiver_list_version}",
                )
        outcome = "passed every gate" if result.passed else f"blocked at {result.blocked_at}"
        reason, record = (
            ("Passed", self.events.normal) if result.passed else ("Blocked", self.events.warning)
        )
        record(reason, f"run/{result.number}", f"{artifact.label} {outcome}")

    def latest_run(self, digest: str) -> RunResult | None:
        self.artifact(digest)
        return self._latest.get(digest)

    # --- signatures -----------------------------------------------------------------------

    def _signing_key(self) -> SigningKey | None:
        name = self.definition.signing_key
        return self._keys[name] if name else None

    def key(self, name: str) -> SigningKey:
        if name not in self._keys:
            raise NotFoundError("key", name, sorted(self._keys))
        return self._keys[name]

    def trusted_keys(self, environment: str) -> dict[str, PublicKey]:
        env = self.definition.environment(environment)
        keys = (self._keys[n].public_key for n in self.definition.trusted_names(env))
        return {k.key_id: k for k in keys}

    def sign(self, digest: str, key: str) -> Signature:
        """Sign outside the pipeline (as ``cosign sign --key`` would), with a named key."""
        artifact = self.artifact(digest)
        signature = self.key(key).sign(digest, artifact.name)
        self._attach(digest, signature, "Signed")
        return signature

    def attach_signature(self, source: str, target: str) -> None:
        """Copy every signature of ``source`` onto ``target`` (anyone can push a .sig)."""
        copied = self.signatures(source)
        self.artifact(target)
        if not copied:
            raise PipelineRefusedError(f"{self.artifact(source).label} has no signature to copy")
        for signature in copied:
            self._attach(target, signature, "SignatureAttached")

    def _attach(self, digest: str, signature: Signature, reason: str) -> None:
        present = self._signatures.get(digest, ())
        if signature in present:
            return
        self._signatures[digest] = tuple(sorted((*present, signature)))
        message = (
            f'{self._artifacts[digest].label} carries a signature by key "{signature.key_name}" '
            f"({signature.key_id}) for {signature.claimed_digest[:19]}…"
        )
        self.events.normal(reason, f"artifact/{self._artifacts[digest].name}", message)

    def signatures(self, digest: str) -> tuple[Signature, ...]:
        self.artifact(digest)
        return self._signatures.get(digest, ())

    def verify_with(self, digest: str, key: str) -> str | None:
        """None if one of the digest's signatures verifies under the named key alone (as
        ``cosign verify --key`` checks it), else why none does."""
        public = self.key(key).public_key
        reasons = [verify(digest, s, {public.key_id: public}) for s in self.signatures(digest)]
        if not reasons:
            return f"{self.artifact(digest).label} has no signature"
        if None in reasons:
            return None
        return "; ".join(r for r in reasons if r is not None)

    def is_signed(self, digest: str) -> bool:
        """A signature for this very digest verifies under a key the pipeline knows."""
        known = {k.public_key.key_id: k.public_key for k in self._keys.values()}
        return any(verify(digest, s, known) is None for s in self.signatures(digest))

    # --- delivery (see delivery.Delivery) ------------------------------------------------

    def promote(self, digest: str, environment: str) -> str:
        return self.delivery.promote(digest, environment)

    def approve(self, digest: str, environment: str, by: str = "") -> str:
        """Approve the promotion; BY, when said, names the reviewer in the audit log."""
        return self.delivery.approve(digest, environment, by)

    def reject(self, digest: str, environment: str) -> None:
        self.delivery.reject(digest, environment)

    def deploy(self, reference: str, environment: str) -> str:
        return self.delivery.deploy(reference, environment)

    def rollback(self, environment: str, by: str = "", to: str | None = None) -> str:
        """Back to the previous known-good digest, or to TO, an earlier digest the
        environment ran that stayed known-good; BY, when said, names who rolled back."""
        return self.delivery.rollback(environment, by, to)

    def watch(self, callback: Callable[[str, str], object]) -> None:
        """Call ``callback(environment, digest)`` after every change of what an environment
        runs (a promotion, deploy, approval or rollback that went through)."""
        self.delivery.watch(callback)

    def running(self, environment: str) -> str | None:
        return self.delivery.view(environment).running

    def environment(self, name: str) -> EnvironmentView:
        """What the environment runs, its deployments and its known-good digests."""
        return self.delivery.view(name)

    def waiting(self, digest: str, environment: str) -> bool:
        """A promotion of ``digest`` to ``environment`` waits for a manual approval."""
        self.artifact(digest)
        return self.delivery.pending(digest, environment)

    def state(self) -> PipelineState:
        approvals, pending = self.delivery.decisions()
        return PipelineState(
            tuple(sorted(self._artifacts)),
            tuple(sorted(self._tags.items())),
            len(self._runs),
            tuple(sorted((d, r.number) for d, r in self._latest.items())),
            tuple(sorted(self._signatures.items())),
            tuple(self.delivery.view(e.name) for e in self.definition.environments),
            approvals,
            pending,
            self.waivers.version,
            len(self.events),
        )


def _summary(tests: TestSummary) -> TestSummary:
    if not isinstance(tests, TestSummary):
        raise InvalidEvidenceError(f"{tests!r} is not a TestSummary")
    return tests


__all__ = ["GateResult", "Pipeline"]
