"""Lab 02 as a learner writes it from the seed, the skeleton's docstring and
kubeloop/contract/pipeline.py alone (no kubeloop import). Graded in test_learners.py."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

ORDER = ("unit", "scan", "integration", "sign")
BLOCKING = {"HIGH", "CRITICAL", "UNKNOWN"}
_DIGEST = re.compile(r"[a-z0-9]+(?:[+._-][a-z0-9]+)*:[a-zA-Z0-9=_-]+")


@dataclass(frozen=True)
class Gate:
    gate: str
    status: str
    reason: str
    blocked_by: str | None = None
    waived: tuple[str, ...] = ()
    waiver_list_version: int | None = None


@dataclass(frozen=True)
class Run:
    digest: str
    gates: tuple[Gate, ...] = ()

    @property
    def passed(self) -> bool:
        return all(g.status == "passed" for g in self.gates)

    @property
    def blocked_at(self) -> str | None:
        return next((g.gate for g in self.gates if g.status == "blocked"), None)


@dataclass
class _Inputs:
    unit: Any = None
    coverage: float | None = None
    scan: list[Any] | None = None
    integration: Any = None


@dataclass
class _Environment:
    running: str | None = None
    history: list[str] = field(default_factory=list)
    known_good: list[str] = field(default_factory=list)
    waiting: set[str] = field(default_factory=set)


class Pipeline:
    def __init__(self, clock: Any = None, events: Any = None) -> None:
        self.clock = clock
        self.definition: Any = None
        self.waivers: Any = None
        self.inputs: dict[str, _Inputs] = {}
        self.runs: dict[str, Run] = {}
        self._signatures: dict[str, list[tuple[str, str, bytes]]] = {}
        self.envs: dict[str, _Environment] = {}

    def configure(self, definition: Any) -> None:
        self.definition = definition

    def _now(self) -> int:
        return int(getattr(self.clock, "now", 0) or 0)

    # --- identity --------------------------------------------------------------------

    def build(self, manifest: dict[str, Any]) -> str:
        def refuse_floats(value: Any) -> None:
            if isinstance(value, float):
                raise ValueError(f"a float ({value}) has no canonical form; write it as a string")
            for inner in (
                value.values()
                if isinstance(value, dict)
                else (value if isinstance(value, list) else ())
            ):
                refuse_floats(inner)

        refuse_floats(manifest)
        text = json.dumps(manifest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
        self.inputs.setdefault(digest, _Inputs())
        return digest

    def validate_digest(self, text: str) -> None:
        if not _DIGEST.fullmatch(text):
            raise ValueError(f"{text!r} is not algorithm:encoded")
        algorithm, encoded = text.split(":", 1)
        if algorithm == "sha256" and not re.fullmatch(r"[a-f0-9]{64}", encoded):
            raise ValueError("sha256 needs 64 lowercase hex characters")

    def _artifact(self, digest: str) -> _Inputs:
        if digest not in self.inputs:
            raise KeyError(f'artifact "{digest}" not found')
        return self.inputs[digest]

    def record_unit_tests(self, digest: str, tests: Any) -> None:
        self._artifact(digest).unit = tests

    def record_coverage(self, digest: str, percent: float) -> None:
        self._artifact(digest).coverage = percent

    def record_scan(self, digest: str, findings: list[Any]) -> None:
        self._artifact(digest).scan = list(findings)

    def record_integration_tests(self, digest: str, tests: Any) -> None:
        self._artifact(digest).integration = tests

    def set_waivers(self, waivers: Any) -> None:
        self.waivers = waivers

    # --- the ladder ------------------------------------------------------------------

    def _unit(self, inputs: _Inputs) -> tuple[bool, str]:
        if inputs.unit is None or inputs.coverage is None:
            return False, "missing input: unit tests and coverage"
        if not inputs.unit.passed:
            return False, "the unit tests failed"
        fail_under = self.definition.fail_under if self.definition else 0
        precision = self.definition.precision if self.definition else 0
        total = inputs.coverage
        if fail_under == 100 and total != 100:
            return False, f"coverage {total} is under 100"
        if round(total, precision) < fail_under:
            return False, f"coverage {round(total, precision)} is under {fail_under}"
        return True, "tests passed and coverage holds"

    def _scan(self, inputs: _Inputs) -> tuple[bool, str, tuple[str, ...], int | None]:
        version = getattr(self.waivers, "version", None)
        if inputs.scan is None:
            return False, "missing input: scan", (), version
        now = self._now()
        accepted = {
            w.id
            for w in getattr(self.waivers, "waivers", ())
            if w.expires_at is None or now < w.expires_at
        }
        blocking, waived = [], []
        for finding in inputs.scan:
            if finding.severity.upper() in BLOCKING:
                (waived if finding.id in accepted else blocking).append(finding.id)
        if blocking:
            return False, f"blocking findings: {', '.join(blocking)}", tuple(waived), version
        return True, "no blocking finding", tuple(waived), version

    def run(self, digest: str) -> Run:
        inputs = self._artifact(digest)
        gates: list[Gate] = []
        blocked: str | None = None
        for name in ORDER:
            if blocked is not None:
                gates.append(Gate(name, "not run", f"{blocked} blocked", blocked))
                continue
            waived: tuple[str, ...] = ()
            version = None
            if name == "unit":
                ok, reason = self._unit(inputs)
            elif name == "scan":
                ok, reason, waived, version = self._scan(inputs)
            elif name == "integration":
                tests = inputs.integration
                ok = tests is not None and tests.passed
                reason = (
                    "missing input: integration tests"
                    if tests is None
                    else ("integration tests passed" if ok else "the integration tests failed")
                )
            else:
                ok, reason = self._sign(digest), "signed"
            status = "passed" if ok else "blocked"
            gates.append(Gate(name, status, reason, None, waived, version))
            if not ok:
                blocked = name
        result = Run(digest, tuple(gates))
        self.runs[digest] = result
        return result

    # --- signing ---------------------------------------------------------------------

    def _key(self, name: str) -> Ed25519PrivateKey:
        seeds = dict(self.definition.keys) if self.definition else {}
        if name not in seeds:
            raise KeyError(f'key "{name}" not found')
        return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(seeds[name].encode()).digest())

    def _sign(self, digest: str) -> bool:
        key = self.definition.signing_key if self.definition else None
        if key is None:
            return False
        payload = json.dumps({"digest": digest}, sort_keys=True)
        signature = self._key(key).sign(payload.encode())
        entry = (key, payload, signature)
        found = self._signatures.setdefault(digest, [])
        if entry not in found:
            found.append(entry)
        return True

    def is_signed(self, digest: str) -> bool:
        return any(self._valid(digest, s, None) for s in self._signatures.get(digest, []))

    def attach_signature(self, source: str, target: str) -> None:
        for entry in self._signatures.get(source, []):
            self._signatures.setdefault(target, []).append(entry)

    def _valid(self, digest: str, entry: tuple[str, str, bytes], trusted: Any) -> bool:
        name, payload, signature = entry
        if trusted is not None and name not in trusted:
            return False
        try:
            self._key(name).public_key().verify(signature, payload.encode())
        except Exception:
            return False
        return bool(json.loads(payload).get("digest") == digest)

    # --- promotion -------------------------------------------------------------------

    def _spec(self, environment: str) -> Any:
        for spec in self.definition.environments:
            if spec.name == environment:
                return spec
        raise KeyError(f'environment "{environment}" not found')

    def _env(self, environment: str) -> _Environment:
        self._spec(environment)
        return self.envs.setdefault(environment, _Environment())

    def _verify(self, digest: str, environment: str) -> None:
        spec = self._spec(environment)
        trusted = spec.trusts
        if trusted is None:
            trusted = (self.definition.signing_key,)
        if not any(self._valid(digest, s, trusted) for s in self._signatures.get(digest, [])):
            raise PermissionError(f"{digest[:19]} has no valid signature trusted by {environment}")

    def promote(self, digest: str, environment: str) -> str:
        result = self.runs.get(digest)
        if result is None or not result.passed:
            raise PermissionError(f"{digest[:19]} has not passed every gate")
        names = [spec.name for spec in self.definition.environments]
        index = names.index(self._spec(environment).name)
        if index > 0 and digest not in self._env(names[index - 1]).history:
            raise PermissionError(f"{digest[:19]} has not run in {names[index - 1]}")
        env = self._env(environment)
        if env.running == digest:
            return "unchanged"
        self._verify(digest, environment)
        if self._spec(environment).requires_approval:
            env.waiting.add(digest)
            return "waiting for approval"
        return self._deploy(digest, environment)

    def approve(self, digest: str, environment: str) -> str:
        env = self._env(environment)
        if digest not in env.waiting:
            raise PermissionError(f"{digest[:19]} is not waiting for approval in {environment}")
        env.waiting.discard(digest)
        return self._deploy(digest, environment)

    def reject(self, digest: str, environment: str) -> None:
        env = self._env(environment)
        if digest not in env.waiting:
            raise PermissionError(f"{digest[:19]} is not waiting for approval in {environment}")
        env.waiting.discard(digest)

    def _deploy(self, digest: str, environment: str) -> str:
        self._verify(digest, environment)
        env = self._env(environment)
        if env.running == digest:
            return "unchanged"
        env.running = digest
        env.history.append(digest)
        if digest not in env.known_good:
            env.known_good.append(digest)
        return "deployed"

    def deploy(self, reference: str, environment: str) -> str:
        return self._deploy(reference, environment)

    def rollback(self, environment: str) -> str:
        env = self._env(environment)
        good = [d for d in env.known_good if d != env.running]
        if not good:
            raise LookupError(f"{environment} has no previous known-good digest")
        bad = env.running
        if bad in env.known_good:
            env.known_good.remove(bad)
        return self._deploy(good[-1], environment)

    def running(self, environment: str) -> str | None:
        return self._env(environment).running

    def waiting(self, digest: str, environment: str) -> bool:
        return digest in self._env(environment).waiting


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()
