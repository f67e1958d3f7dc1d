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
    details: tuple[str, ...] = ()


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
        self.labels: dict[str, str] = {}

    def configure(self, definition: Any) -> None:
        self.definition = definition

    def _now(self) -> int:
        return int(getattr(self.clock, "now", 0) or 0)

    # --- identity --------------------------------------------------------------------

    def build(self, manifest: dict[str, Any]) -> str:
        def refuse_floats(value: Any, path: str) -> None:
            if isinstance(value, float):
                raise ValueError(
                    f"{path}: {value!r} is a floating-point number, which has no single "
                    "canonical form"
                )
            if isinstance(value, dict):
                for key, inner in value.items():
                    refuse_floats(inner, f"{path}.{key}")
            elif isinstance(value, list):
                for index, inner in enumerate(value):
                    refuse_floats(inner, f"{path}[{index}]")

        refuse_floats(manifest, "$")
        text = json.dumps(manifest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
        self.inputs.setdefault(digest, _Inputs())
        self.labels[digest] = f"{manifest.get('name')} {manifest.get('version')} ({digest[:19]}…)"
        return digest

    def validate_digest(self, text: str) -> None:
        algorithm, colon, encoded = text.partition(":")
        if not (colon and algorithm and encoded):
            raise ValueError('expected "algorithm:encoded", e.g. "sha256:" + 64 hex')
        if not re.fullmatch(r"[a-z0-9]+(?:[+._-][a-z0-9]+)*", algorithm):
            raise ValueError(
                f'algorithm "{algorithm}" must be lowercase letters and digits, '
                "in parts joined by one of + . _ -"
            )
        if not re.fullmatch(r"[a-zA-Z0-9=_-]+", encoded):
            raise ValueError("the encoded part may hold only a-z A-Z 0-9 = _ -")
        length = {"sha256": 64, "sha512": 128, "blake3": 64}.get(algorithm)
        if length is not None and len(encoded) != length:
            raise ValueError(f"{algorithm} needs {length} hex digits, this has {len(encoded)}")
        if length is not None and not re.fullmatch(r"[0-9a-f]+", encoded):
            raise ValueError(
                f"{algorithm} digests are lowercase hex (0-9 a-f); upper case is not allowed"
            )
        if algorithm != "sha256":
            raise ValueError(f'algorithm "{algorithm}" is not supported here (use sha256)')

    def _artifact(self, digest: str) -> _Inputs:
        self.validate_digest(digest)
        if digest not in self.inputs:
            raise KeyError(f'artifact "{digest}" not found')
        return self.inputs[digest]

    def record_unit_tests(self, digest: str, tests: Any) -> None:
        self._artifact(digest).unit = tests

    def record_coverage(self, digest: str, percent: float) -> None:
        if not 0 <= percent <= 100:
            raise ValueError(f"coverage {percent!r} is not a percentage from 0 to 100")
        self._artifact(digest).coverage = percent

    def record_scan(self, digest: str, findings: list[Any]) -> None:
        self._artifact(digest).scan = list(findings)

    def record_integration_tests(self, digest: str, tests: Any) -> None:
        self._artifact(digest).integration = tests

    def set_waivers(self, waivers: Any) -> None:
        self.waivers = waivers

    # --- the ladder ------------------------------------------------------------------

    @staticmethod
    def _tests(what: str, tests: Any) -> str:
        counts = (
            f" ({tests.tests} tests, {tests.failures} failures, {tests.errors} errors)"
            if tests.tests
            else ""
        )
        where = f" in {tests.source}" if tests.source else ""
        return f"{what} {'passed' if tests.passed else 'failed'}{counts}{where}"

    def _unit(self, inputs: _Inputs) -> Gate:
        if inputs.unit is None:
            return Gate("unit", "blocked", "no unit test results were recorded")
        if not inputs.unit.passed:
            return Gate("unit", "blocked", self._tests("the unit tests", inputs.unit))
        if inputs.coverage is None:
            return Gate("unit", "blocked", "the unit tests passed but no coverage was recorded")
        fail_under, precision = self.definition.fail_under, self.definition.precision
        total = inputs.coverage
        near0 = 1.0 / 10**precision
        if 0 < total < near0:
            shown_value = near0
        elif 100.0 - near0 < total < 100:
            shown_value = 100.0 - near0
        else:
            shown_value = round(total, precision)
        shown = f"{shown_value:.{precision}f}"
        rule = f"fail_under {fail_under:g}%, precision {precision}"
        below = (fail_under == 100 and total != 100) or round(total, precision) < fail_under
        if below:
            return Gate(
                "unit",
                "blocked",
                f"coverage {shown}% is below the threshold {fail_under:g}% "
                f"(total {total:g}%, {rule})",
            )
        return Gate("unit", "passed", f"unit tests passed, coverage {shown}% ({rule})")

    def _scan(self, inputs: _Inputs) -> Gate:
        if inputs.scan is None:
            return Gate("scan", "blocked", "no scan report was recorded")
        version = getattr(self.waivers, "version", 0) or 0
        now = self._now()
        waivers = {w.id: w for w in getattr(self.waivers, "waivers", ())}
        rank = {"CRITICAL": 0, "HIGH": 1, "UNKNOWN": 2, "MEDIUM": 3, "LOW": 4}
        blocking, waived, details = [], [], []
        for finding in sorted(inputs.scan, key=lambda f: (rank.get(f.severity, 5), f.id)):
            where = f" in {finding.package}" if finding.package else ""
            label = f"{finding.id} ({finding.severity}{where})"
            waiver = waivers.get(finding.id)
            if finding.severity.upper() not in BLOCKING:
                details.append(f"{label}: below HIGH, does not block")
            elif waiver is not None and (waiver.expires_at is None or now < waiver.expires_at):
                waived.append(finding.id)
                details.append(f'{label}: waived by list version {version}: "{waiver.reason}"')
            elif waiver is not None:
                blocking.append(label)
                details.append(f"{label}: blocks; its waiver expired on {waiver.expires}")
            else:
                blocking.append(label)
                details.append(f"{label}: blocks")
        if blocking:
            listed = f"waiver list version {version}" if version else "no waiver list"
            verb = "blocks" if len(blocking) == 1 else "block"
            reason = f"{', '.join(blocking)} {verb} ({listed})"
            return Gate("scan", "blocked", reason, None, tuple(waived), version, tuple(details))
        reason = f"{len(inputs.scan)} finding(s), none blocking"
        if waived:
            reason += f"; waived {', '.join(waived)} (list version {version})"
        return Gate("scan", "passed", reason, None, tuple(waived), version, tuple(details))

    def run(self, digest: str) -> Run:
        inputs = self._artifact(digest)
        gates: list[Gate] = []
        blocked: Gate | None = None
        for name in ORDER:
            if blocked is not None:
                reason = f"not run: gate {blocked.gate} blocked ({blocked.reason})"
                gates.append(Gate(name, "not run", reason, blocked.gate))
                continue
            if name == "unit":
                gate = self._unit(inputs)
            elif name == "scan":
                gate = self._scan(inputs)
            elif name == "integration":
                tests = inputs.integration
                if tests is None:
                    gate = Gate(name, "blocked", "no integration test results were recorded")
                else:
                    status = "passed" if tests.passed else "blocked"
                    gate = Gate(name, status, self._tests("the integration tests", tests))
            else:
                signed = self._sign(digest)
                gate = Gate(
                    name, "passed" if signed else "blocked", "signed" if signed else "no key"
                )
            gates.append(gate)
            if gate.status == "blocked":
                blocked = gate
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
        self._artifact(target)
        if not self._signatures.get(source):
            raise PermissionError(f"{self.labels[source]} has no signature to copy")
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
        self._artifact(digest)
        spec = self._spec(environment)
        trusted = spec.trusts
        if trusted is None:
            trusted = (self.definition.signing_key,)
        found = self._signatures.get(digest, [])
        if not found:
            raise PermissionError(
                f"{environment} refuses {self.labels[digest]}: "
                "it is not signed: it has no signature"
            )
        if not any(self._valid(digest, s, trusted) for s in found):
            copied = any(json.loads(p).get("digest") != digest for _, p, _ in found)
            why = (
                "invalid or missing digest in claim: a copied signature" if copied else "untrusted"
            )
            raise PermissionError(f"{environment} refuses {self.labels[digest]}: {why}")

    def promote(self, digest: str, environment: str) -> str:
        self._artifact(digest)
        result = self.runs.get(digest)
        label = self.labels[digest]
        if result is None:
            raise PermissionError(f"cannot promote: {label} has never been through the pipeline")
        if not result.passed:
            gate = next(g for g in result.gates if g.status == "blocked")
            raise PermissionError(
                f"cannot promote: {label} did not pass the pipeline "
                f"(run 1 blocked at {gate.gate}: {gate.reason})"
            )
        names = [spec.name for spec in self.definition.environments]
        index = names.index(self._spec(environment).name)
        if index > 0 and digest not in self._env(names[index - 1]).history:
            raise PermissionError(f"cannot promote {label}: it has not run in {names[index - 1]}")
        env = self._env(environment)
        if env.running == digest:
            return "unchanged"
        self._verify(digest, environment)
        if self._spec(environment).requires_approval:
            env.waiting.add(digest)
            return "waiting for approval"
        return self._deploy(digest, environment)

    def _waiting_for(self, digest: str, environment: str) -> _Environment:
        env = self._env(environment)
        if digest not in env.waiting:
            label = self.labels.get(digest, digest)
            raise PermissionError(
                f"no promotion of {label} to {environment} is waiting for approval"
            )
        return env

    def approve(self, digest: str, environment: str) -> str:
        env = self._waiting_for(digest, environment)
        env.waiting.discard(digest)
        return self._deploy(digest, environment)

    def reject(self, digest: str, environment: str) -> None:
        env = self._waiting_for(digest, environment)
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
        self._verify(reference, environment)
        self._in_order(reference, environment)
        return self._deploy(reference, environment)

    def _in_order(self, digest: str, environment: str) -> None:
        names = [spec.name for spec in self.definition.environments]
        index = names.index(self._spec(environment).name)
        if index > 0 and digest not in self._env(names[index - 1]).history:
            label = self.labels[digest]
            raise PermissionError(f"cannot deploy {label}: it has not run in {names[index - 1]}")

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
