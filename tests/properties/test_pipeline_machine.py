"""Random sequences of build / gate outcome / run / promote / approve / reject / deploy /
attach / rollback, with invariants checked after every step against an oracle that does
not use the code under test (its own canonical JSON, hashing and Ed25519 verification):

- nothing unverified runs anywhere: every running digest carries a signature, valid over
  its payload, by a key that environment trusts, claiming that very digest;
- prod only runs what passed every gate (by the oracle's own ladder) and was approved;
- promotion never changes a digest: what an environment runs was built, and (promoted or
  deployed) is the digest that was asked for;
- a rejected operation changes nothing; running again on the same inputs changes nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop.errors import KubeloopError
from kubeloop.pipeline import (
    EnvironmentSpec,
    Finding,
    Pipeline,
    PipelineDefinition,
    TestSummary,
    Waiver,
    WaiverList,
)

pytestmark = pytest.mark.slow

ENVS = ("dev", "staging", "prod")
VERSIONS = ("1.0.0", "1.1.0", "2.0.0")
SEVERITIES = (None, "LOW", "MEDIUM", "HIGH", "CRITICAL", "UNKNOWN")
THRESHOLD = 90
SEEDS = {"ci": "kubeloop-ci", "rogue": "not ours"}
INDEX = st.integers(0, len(VERSIONS) - 1)
DAY = 86_400


def oracle_digest(version: str) -> str:
    manifest = {"name": "web", "version": version, "files": {"app.py": f"print({version!r})"}}
    text = json.dumps(manifest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def oracle_public_key(seed: str) -> bytes:
    private = hashlib.sha256(b"kubeloop ed25519 seed\0" + seed.encode()).digest()
    return (
        Ed25519PrivateKey.from_private_bytes(private)
        .public_key()
        .public_bytes(Encoding.Raw, PublicFormat.Raw)
    )


def oracle_verifies(digest: str, signature: Any, trusted: list[bytes]) -> bool:
    payload = json.loads(signature.payload)
    if payload["critical"]["image"]["docker-manifest-digest"] != digest:
        return False
    raw = base64.b64decode(signature.signature)
    for public in trusted:
        try:
            Ed25519PublicKey.from_public_bytes(public).verify(raw, signature.payload.encode())
        except InvalidSignature:
            continue
        return True
    return False


class PipelineMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        definition = PipelineDefinition(
            fail_under=THRESHOLD,
            keys=tuple(SEEDS.items()),
            environments=(
                EnvironmentSpec("dev", trusts=("ci", "rogue")),
                EnvironmentSpec("staging", trusts=("ci",)),
                EnvironmentSpec("prod", requires_approval=True, trusts=("ci",)),
            ),
        )
        self.pipeline = Pipeline(definition)
        self.trusted = {
            "dev": [oracle_public_key(SEEDS["ci"]), oracle_public_key(SEEDS["rogue"])],
            "staging": [oracle_public_key(SEEDS["ci"])],
            "prod": [oracle_public_key(SEEDS["ci"])],
        }
        self.built: dict[str, str] = {}
        self.inputs: dict[str, dict[str, Any]] = {}
        self.waivers: dict[str, int | None] = {}
        self.waiver_version = 0
        self.approved: set[tuple[str, str]] = set()
        self.admitted: dict[str, set[str]] = {env: set() for env in ENVS}
        self.verdicts: dict[str, bool] = {}
        """The oracle's verdict at each digest's latest run (new inputs count from the next)."""

    # --- the oracle's ladder ---------------------------------------------------------

    def oracle_passes(self, digest: str) -> bool:
        given = self.inputs.get(digest, {})
        if not given.get("unit") or given.get("coverage") is None:
            return False
        if round(given["coverage"]) < THRESHOLD:
            return False
        if "scan" not in given:
            return False
        severity = given["scan"]
        if severity in ("HIGH", "CRITICAL", "UNKNOWN"):
            expiry = self.waivers.get("CVE-2026-0001", -1)
            active = expiry is None or (expiry != -1 and self.pipeline.clock.now < expiry)
            if not active:
                return False
        return bool(given.get("integration"))

    # --- helpers ---------------------------------------------------------------------

    def digest(self, index: int) -> str:
        return self.built[VERSIONS[index]]

    def attempt(self, operation: Callable[[], object]) -> bool:
        """Run it; a refusal must leave the whole pipeline as it was."""
        before = self.pipeline.state()
        try:
            operation()
        except KubeloopError:
            assert self.pipeline.state() == before
            return False
        return True

    # --- rules ----------------------------------------------------------------------------

    @initialize()
    def build_every_version(self) -> None:
        for version in VERSIONS:
            manifest = {"files": {"app.py": f"print({version!r})"}, "version": version}
            digest = self.pipeline.build({**manifest, "name": "web"})
            assert digest == oracle_digest(version)
            assert self.pipeline.build({"name": "web", **manifest}) == digest
            self.built[version] = digest

    def record(self, index: int, **given: Any) -> str:
        digest = self.built[VERSIONS[index]]
        self.inputs.setdefault(digest, {}).update(given)
        return digest

    @rule(index=INDEX)
    def green(self, index: int) -> None:
        digest = self.record(index, unit=True, coverage=95.0, scan=None, integration=True)
        self.pipeline.record_unit_tests(digest, TestSummary(True))
        self.pipeline.record_coverage(digest, 95.0)
        self.pipeline.record_scan(digest, [])
        self.pipeline.record_integration_tests(digest, TestSummary(True))

    @rule(index=INDEX, coverage=st.sampled_from([89.5, 88.5, 89.49, 90.5, 100.0]))
    def coverage(self, index: int, coverage: float) -> None:
        self.pipeline.record_coverage(self.record(index, coverage=coverage), coverage)

    @rule(index=INDEX, passed=st.booleans())
    def unit_tests(self, index: int, passed: bool) -> None:
        self.pipeline.record_unit_tests(self.record(index, unit=passed), TestSummary(passed))

    @rule(index=INDEX, passed=st.booleans())
    def integration_tests(self, index: int, passed: bool) -> None:
        digest = self.record(index, integration=passed)
        self.pipeline.record_integration_tests(digest, TestSummary(passed))

    @rule(index=INDEX, severity=st.sampled_from(SEVERITIES))
    def scan(self, index: int, severity: str | None) -> None:
        digest = self.record(index, scan=severity)
        findings = [] if severity is None else [Finding("CVE-2026-0001", severity, "openssl")]
        self.pipeline.record_scan(digest, findings)

    @rule(key=st.sampled_from(sorted(SEEDS)))
    def sign_with(self, key: str) -> None:
        """The pipeline changes its signing key; prod and staging trust what they trusted."""
        self.pipeline.configure(replace(self.pipeline.definition, signing_key=key))

    @rule(key=st.sampled_from(sorted(SEEDS)))
    def prod_trusts(self, key: str) -> None:
        definition = self.pipeline.definition
        environments = tuple(
            replace(e, trusts=(key,)) if e.name == "prod" else e for e in definition.environments
        )
        self.pipeline.configure(replace(definition, environments=environments))
        self.trusted["prod"] = [oracle_public_key(SEEDS[key])]

    @rule(days=st.sampled_from([None, 1, 5, 40]))
    def waive(self, days: int | None) -> None:
        self.waiver_version += 1
        expires_at = None if days is None else self.pipeline.clock.now + days * DAY
        expires = None if days is None else f"in {days} days"
        waiver = Waiver("CVE-2026-0001", "not reachable", expires, expires_at)
        self.pipeline.set_waivers(WaiverList(self.waiver_version, (waiver,)))
        self.waivers = {"CVE-2026-0001": expires_at}

    @rule(days=st.integers(1, 20))
    def time_passes(self, days: int) -> None:
        self.pipeline.clock.advance(days * DAY)

    @rule(index=INDEX)
    def run(self, index: int) -> None:
        digest = self.digest(index)
        result = self.pipeline.run(digest)
        self.verdicts[digest] = self.oracle_passes(digest)
        assert result.passed == self.verdicts[digest]
        statuses = [g.status for g in result.gates]
        if not result.passed:
            blocked = statuses.index("blocked")
            assert statuses[blocked + 1 :] == ["not run"] * (len(statuses) - blocked - 1)
            assert all(g.blocked_by == result.blocked_at for g in result.gates[blocked + 1 :])
        before = self.pipeline.state()
        assert self.pipeline.run(digest) == result
        assert self.pipeline.state() == before

    @rule(index=INDEX, env=st.sampled_from(ENVS))
    def promote(self, index: int, env: str) -> None:
        digest = self.digest(index)
        self.deployed_by(env, digest, lambda: self.pipeline.promote(digest, env))

    @rule(index=INDEX)
    def approve(self, index: int) -> None:
        digest = self.digest(index)

        def approve() -> None:
            self.pipeline.approve(digest, "prod")
            self.approved.add((digest, "prod"))

        self.deployed_by("prod", digest, approve)

    @rule(index=INDEX)
    def release(self, index: int) -> None:
        """Run, then promote through every environment in order (prod waits for approval)."""
        self.run(index)
        for env in ENVS:
            self.promote(index, env)

    @rule(index=INDEX)
    def reject(self, index: int) -> None:
        digest = self.digest(index)
        self.attempt(lambda: self.pipeline.reject(digest, "prod"))

    @rule(index=INDEX, env=st.sampled_from(ENVS))
    def deploy(self, index: int, env: str) -> None:
        digest = self.digest(index)
        self.deployed_by(env, digest, lambda: self.pipeline.deploy(digest, env))

    @rule(source=INDEX, onto=INDEX)
    def attach(self, source: int, onto: int) -> None:
        one, two = self.digest(source), self.digest(onto)
        self.attempt(lambda: self.pipeline.attach_signature(one, two))

    @rule(index=INDEX)
    def sign_with_rogue_key(self, index: int) -> None:
        digest = self.digest(index)
        self.pipeline.sign(digest, "rogue")

    @rule(env=st.sampled_from(ENVS))
    def rollback(self, env: str) -> None:
        before = self.pipeline.running(env)
        if self.attempt(lambda: self.pipeline.rollback(env)):
            after = self.pipeline.running(env)
            assert after is not None and after != before
            self.check_admitted(env, after)

    def deployed_by(self, env: str, digest: str, operation: Callable[[], object]) -> None:
        before = self.pipeline.running(env)
        if self.attempt(operation) and self.pipeline.running(env) != before:
            assert self.pipeline.running(env) == digest  # never another (rebuilt) digest
            self.check_admitted(env, digest)

    def check_admitted(self, env: str, digest: str) -> None:
        """At the moment it starts running: it passed, and a trusted signature verifies."""
        assert self.verdicts.get(digest), f"{env} now runs a digest whose latest run did not pass"
        signatures = self.pipeline.signatures(digest)
        assert any(oracle_verifies(digest, s, self.trusted[env]) for s in signatures)
        if env == "prod":
            assert (digest, "prod") in self.approved
        self.admitted[env].add(digest)

    # --- invariants ----------------------------------------------------------------------

    @invariant()
    def what_runs_was_built_and_admitted(self) -> None:
        for env in ENVS:
            digest = self.pipeline.running(env)
            assert digest is None or digest in self.admitted[env]

    @invariant()
    def staging_and_prod_run_only_what_ran_before_them(self) -> None:
        view = {env: self.pipeline.environment(env) for env in ENVS}
        for previous, env in (("dev", "staging"), ("staging", "prod")):
            for deployment in view[env].deployments:
                if deployment.how == "promote":
                    ran = {d.digest for d in view[previous].deployments}
                    assert deployment.digest in ran


TestPipelineMachine = PipelineMachine.TestCase
TestPipelineMachine.settings = settings(
    max_examples=300, stateful_step_count=50, deadline=None, derandomize=True, database=None
)
