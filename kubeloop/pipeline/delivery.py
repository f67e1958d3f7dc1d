"""Promotion by digest, manual approval, verify-before-deploy, and rollback.

Each operation first decides — every check, in order — and only then changes state,
so a refusal leaves everything (the event log included) as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.pipeline.definition import PipelineDefinition
from kubeloop.pipeline.digest import parse_digest
from kubeloop.pipeline.errors import PromotionRefusedError, RollbackError, VerificationError
from kubeloop.pipeline.signing import PublicKey, Signature, verify
from kubeloop.pipeline.views import Artifact, DeploymentRecord, EnvironmentView, RunResult


class Pipeline(Protocol):
    """What delivery reads of the pipeline it serves (``pipeline.Pipeline``)."""

    clock: Clock
    events: EventLog
    definition: PipelineDefinition

    def artifact(self, digest: str) -> Artifact: ...

    def latest_run(self, digest: str) -> RunResult | None: ...

    def trusted_keys(self, environment: str) -> dict[str, PublicKey]: ...

    def signatures(self, digest: str) -> tuple[Signature, ...]: ...


DEPLOYED, WAITING, UNCHANGED = "deployed", "waiting for approval", "unchanged"
MAX_APPROVER = 200


def _check_actor(by: object) -> None:
    """Who approved or rolled back is a name of printable characters, or "" for none."""
    if not isinstance(by, str) or not by.isprintable() or len(by) > MAX_APPROVER:
        raise InvalidSpecError(
            f"who approves or rolls back is a name of at most {MAX_APPROVER} printable characters"
        )


@dataclass
class _Environment:
    running: str | None = None
    deployments: list[DeploymentRecord] = field(default_factory=list)
    rolled_back: set[str] = field(default_factory=set)

    def known_good(self) -> list[str]:
        seen = dict.fromkeys(d.digest for d in self.deployments if d.digest not in self.rolled_back)
        return list(seen)

    def rollback_target(self) -> str | None:
        """Where a rollback goes: the latest deployment that is neither what runs now nor
        rolled back itself (the previous known-good digest); None when there is none."""
        return next(
            (
                d.digest
                for d in reversed(self.deployments)
                if d.digest != self.running and d.digest not in self.rolled_back
            ),
            None,
        )


class Delivery:
    def __init__(self, pipeline: Pipeline) -> None:
        self._pipeline = pipeline
        self._envs: dict[str, _Environment] = {}
        self._approvals: set[tuple[str, str]] = set()
        self._pending: dict[tuple[str, str], int] = {}
        self._watchers: list[Callable[[str, str], object]] = []
        self.configure(pipeline.definition)

    def watch(self, callback: Callable[[str, str], object]) -> None:
        """Call ``callback(environment, digest)`` after every change of what an environment
        runs, as a GitOps controller watches its repository (``kubeloop.links``)."""
        self._watchers.append(callback)

    def configure(self, definition: PipelineDefinition) -> None:
        self._envs = {
            e.name: self._envs.get(e.name, _Environment()) for e in definition.environments
        }

    # --- checks (raise, change nothing) ---------------------------------------------

    def _env(self, name: str) -> _Environment:
        if name not in self._envs:
            raise NotFoundError("environment", name, list(self._envs))
        return self._envs[name]

    def _label(self, digest: str) -> str:
        return self._pipeline.artifact(digest).label

    def _require_passed(self, digest: str, action: str) -> None:
        latest = self._pipeline.latest_run(digest)
        if latest is None:
            raise PromotionRefusedError(
                f"cannot {action}: {self._label(digest)} has never been through the pipeline"
            )
        if not latest.passed:
            gate = latest.gate(latest.blocked_at or "")
            raise PromotionRefusedError(
                f"cannot {action}: {self._label(digest)} did not pass the pipeline "
                f"(run {latest.number} blocked at {gate.gate}: {gate.reason})"
            )

    def _verify(self, digest: str, env: str) -> Signature:
        """Verify before deploy: some attached signature for this digest, by a trusted key."""
        signatures = self._pipeline.signatures(digest)
        label = self._label(digest)
        if not signatures:
            raise VerificationError(f"{env} refuses {label}: it is not signed: it has no signature")
        trusted = self._pipeline.trusted_keys(env)
        reasons = []
        for signature in signatures:
            reason = verify(digest, signature, trusted)
            if reason is None:
                return signature
            reasons.append(reason)
        names = ", ".join(f'"{k.name}"' for k in trusted.values()) or "no key"
        raise VerificationError(
            f"{env} refuses {label}: no signature verifies: {'; '.join(reasons)} "
            f"({env} trusts {names})"
        )

    def _require_approval(self, digest: str, env: str) -> None:
        spec = self._pipeline.definition.environment(env)
        if spec.requires_approval and (digest, env) not in self._approvals:
            raise PromotionRefusedError(
                f"{env} needs a manual approval of {self._label(digest)}: "
                f"approve the promotion of it to {env} first"
            )

    def _require_previous(self, digest: str, env: str, action: str = "promote") -> None:
        """Promotion order, for a promotion and a deploy alike: the digest ran in the
        environment before ENV and was not rolled back there (admission's rule too)."""
        previous = self._pipeline.definition.previous(env)
        if previous is not None and digest not in self._envs[previous].known_good():
            order = " → ".join(e.name for e in self._pipeline.definition.environments)
            raise PromotionRefusedError(
                f"cannot {action} {self._label(digest)} to {env}: it has not run in {previous} "
                f"(the same digest moves {order}); promote it to {previous} first"
            )

    # --- operations -------------------------------------------------------------------

    def promote(self, digest: str, env: str) -> str:
        state = self._env(env)
        self._require_passed(digest, f"promote to {env}")
        self._require_previous(digest, env)
        if state.running == digest:
            return UNCHANGED
        signature = self._verify(digest, env)
        spec = self._pipeline.definition.environment(env)
        if spec.requires_approval and (digest, env) not in self._approvals:
            if (digest, env) not in self._pending:
                self._pending[(digest, env)] = self._pipeline.clock.now
                self._pipeline.events.normal(
                    "WaitingForApproval",
                    f"environment/{env}",
                    f"promotion of {self._label(digest)} to {env} waits for a manual approval",
                )
            return WAITING
        self._deploy(digest, env, signature, "promote")
        return DEPLOYED

    def approve(self, digest: str, env: str, by: str = "") -> str:
        """A reviewer's approval (BY names them in the audit log, when said)."""
        spec = self._pipeline.definition.environment(env)
        label = self._label(digest)
        _check_actor(by)
        approved = f"{label} approved for {env}" + (f" by {by}" if by else "")
        if not spec.requires_approval:
            raise InvalidSpecError(f"{env} needs no approval; promote {label} to it instead")
        requested = self._pending.get((digest, env))
        if requested is None:
            if (digest, env) not in self._approvals:
                self._approvals.add((digest, env))
                self._pipeline.events.normal("Approved", f"environment/{env}", approved)
            return UNCHANGED
        waited = self._pipeline.clock.now - requested
        timeout = self._pipeline.definition.approval_timeout
        if waited > timeout:
            raise PromotionRefusedError(
                f"the promotion of {label} to {env} waited {waited}s for approval, longer than "
                f"{timeout}s: it has failed; promote it again"
            )
        self._require_passed(digest, f"approve {label} for {env}")
        signature = self._verify(digest, env)
        self._approvals.add((digest, env))
        del self._pending[(digest, env)]
        self._pipeline.events.normal("Approved", f"environment/{env}", approved)
        self._deploy(digest, env, signature, "promote")
        return DEPLOYED

    def reject(self, digest: str, env: str) -> None:
        label = self._label(digest)
        if (digest, env) not in self._pending:
            raise PromotionRefusedError(f"no promotion of {label} to {env} is waiting for approval")
        del self._pending[(digest, env)]
        self._pipeline.events.warning(
            "Rejected", f"environment/{env}", f"the promotion of {label} to {env} was rejected"
        )

    def deploy(self, reference: str, env: str) -> str:
        """Deploy by digest (``sha256:…`` or ``name@sha256:…``), never by tag: verified,
        passed, in promotion order and approved, as a promotion is (so admission, which
        checks the same, never refuses what a deploy put in an environment)."""
        state = self._env(env)
        digest = self._by_digest(reference)
        signature = self._verify(digest, env)
        self._require_passed(digest, f"deploy to {env}")
        self._require_previous(digest, env, "deploy")
        self._require_approval(digest, env)
        if state.running == digest:
            return UNCHANGED
        self._deploy(digest, env, signature, "deploy")
        return DEPLOYED

    def _by_digest(self, reference: str) -> str:
        name, at, digest = reference.rpartition("@")
        if not at:
            digest = reference
        if not at and ":" in reference and not reference.startswith(("sha256:", "sha512:")):
            raise PromotionRefusedError(
                f'deploy by digest, not by tag: "{reference}" is a mutable pointer; deploy '
                "name@sha256:… (the digest it points to now) instead"
            )
        parse_digest(digest)
        artifact = self._pipeline.artifact(digest)
        if at and name != artifact.name:
            raise PromotionRefusedError(f'{digest[:19]}… is "{artifact.name}", not "{name}"')
        return digest

    def rollback(self, env: str, by: str = "", to: str | None = None) -> str:
        """Redeploy ENV's previous known-good digest, or TO, an earlier digest ENV ran that
        stayed known-good (``kubectl rollout undo --to-revision``, ``argocd app rollback
        ID``); BY, when said, names who rolled it back in the deployment record and the
        audit log."""
        _check_actor(by)
        state = self._env(env)
        if state.running is None:
            raise RollbackError(f"{env} runs nothing: there is nothing to roll back")
        current = state.running
        target = state.rollback_target() if to is None else self._earlier(env, state, to)
        if target is None:
            raise RollbackError(
                f"{env} has no previous known-good digest to roll back to "
                f"(it has only run {self._label(current)})"
            )
        signature = self._verify(target, env)
        self._require_passed(target, f"roll {env} back")
        state.rolled_back.add(current)
        self._deploy(target, env, signature, "rollback", by)
        return target

    def _earlier(self, env: str, state: _Environment, to: str) -> str:
        """TO, when ENV ran it before and it stayed known-good (never rolled back from);
        else a RollbackError saying which of that is not so, and what ENV could go back to."""
        parse_digest(to)
        label = self._label(to)
        good = [d for d in state.known_good() if d != state.running]
        could = ", ".join(self._label(d) for d in good) or "none"
        if to == state.running:
            raise RollbackError(f"{env} runs {label} now: there is nothing to roll back to")
        if to not in {d.digest for d in state.deployments}:
            raise RollbackError(
                f"{env} never ran {label}, so no rollback goes to it (a rollback returns to a "
                f"digest {env} ran; its known-good ones: {could}): promote or deploy it instead"
            )
        if to in state.rolled_back:
            raise RollbackError(
                f"{label} is no known-good digest of {env}: {env} was rolled back from it "
                f"(its known-good ones: {could})"
            )
        return to

    def _deploy(self, digest: str, env: str, signature: Signature, how: str, by: str = "") -> None:
        state = self._envs[env]
        previous = state.running
        state.running = digest
        state.rolled_back.discard(digest)
        state.deployments.append(
            DeploymentRecord(digest, self._pipeline.clock.now, how, signature.key_id, by)
        )
        was = f" (was {self._label(previous)})" if previous else ""
        was += f" by {by}" if by else ""
        reason = {"promote": "Promoted", "deploy": "Deployed", "rollback": "RolledBack"}[how]
        self._pipeline.events.normal(
            reason,
            f"environment/{env}",
            f"{env} runs {self._label(digest)}{was}; verified signature by key "
            f'"{signature.key_name}" ({signature.key_id})',
        )
        for watcher in list(self._watchers):
            watcher(env, digest)

    # --- views ------------------------------------------------------------------------

    def view(self, env: str) -> EnvironmentView:
        state = self._env(env)
        definition = self._pipeline.definition
        spec = definition.environment(env)
        return EnvironmentView(
            env,
            state.running,
            tuple(state.deployments),
            tuple(state.known_good()),
            tuple(sorted(state.rolled_back)),
            spec.requires_approval,
            definition.trusted_names(spec),
            state.rollback_target(),
        )

    def pending(self, digest: str, env: str) -> bool:
        return (digest, env) in self._pending

    def decisions(self) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, int], ...]]:
        pending = tuple(sorted((d, e, t) for (d, e), t in self._pending.items()))
        return tuple(sorted(self._approvals)), pending
