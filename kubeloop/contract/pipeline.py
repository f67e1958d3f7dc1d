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
  changes nothing. Optional: ``approve(digest, environment, by=NAME)`` names the
  reviewer, and the ``Approved`` event's message ends `` by NAME`` (a step that asks who
  approved says "does not provide" to an engine whose ``approve`` takes no ``by``); so
  does ``rollback(environment, by=NAME)``, kept as the deployment record's ``by``;
  ``rollback(environment, to=DIGEST)`` goes back to an earlier digest the environment ran
  that stayed known-good (a named rollback to an older one needs it); and
  ``watch(callback)`` calls ``callback(environment, digest)`` after every change of what an
  environment runs (a check that an environment kept what it ran reads it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GateLike(Protocol):
    """One gate's recorded verdict. ``Then gate G says "TEXT"`` looks for TEXT in ``reason``
    or in one of ``details`` (optional), which read, with ``LABEL`` = ``ID (SEVERITY in
    PACKAGE)`` (`` in PACKAGE`` only when known) and percentages written as ``%g``:

    - unit: ``no unit test results were recorded``; ``the unit tests failed (T tests, F
      failures, E errors) in SOURCE`` (the counts when T > 0, ``, N flaky`` after them when
      N > 0, the source when known);
      ``the unit tests passed but no coverage was recorded``; ``coverage S% is below the
      threshold F% (total C%, fail_under F%, precision P)``; passed: ``unit tests passed,
      coverage S% (fail_under F%, precision P)``, where S is coverage.py's
      ``display_covered`` (rounded to the precision; never 0 or 100 unless exactly so);
    - scan: ``no scan report was recorded``; blocked: ``LABEL blocks (waiver list version
      V)`` (several, most severe first: ``L1, L2 block (…)``; ``no waiver list`` when there
      is none); passed: ``N finding(s), none blocking`` then ``; waived IDS (list version
      V)`` if any; one detail a finding: ``LABEL: below HIGH, does not block``, ``LABEL:
      waived by list version V: "REASON"``, ``LABEL: blocks; its waiver expired on DATE``,
      ``LABEL: blocks``;
    - integration: ``the integration tests passed`` / ``failed``, with counts and source
      as the unit gate's;
    - a gate not run: ``not run: gate G blocked (G's reason)``.

    Optional: ``tests``, the ``TestSummary`` the unit or integration gate judged (its
    counts, flaky tests by name); a step that reads what a gate recorded of the tests says
    the engine "does not provide GateResult.tests" without it.
    """

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
    """Refusals raise (any exception) with a message the scenarios check by its words. An
    artifact is named ``NAME VERSION (sha256:…)`` from its manifest's ``name`` and
    ``version`` and the first 12 hex of its digest:

    - a reference that is not a digest: ``validate_digest``'s reason; a digest never built:
      ``artifact "DIGEST" not found``;
    - ``record_coverage`` outside 0..100: ``coverage P is not a percentage from 0 to 100``;
    - promoting what never ran: ``has never been through the pipeline``; what did not pass:
      ``did not pass the pipeline (run N blocked at GATE: REASON)``; out of order (a deploy
      too, as cluster admission): ``it has not run in ENV``;
    - ``approve``/``reject`` with nothing waiting: ``no promotion of LABEL to ENV is waiting
      for approval``;
    - ``attach_signature`` from a digest without one: ``LABEL has no signature to copy``;
    - a deploy without an acceptable signature: ``it is not signed: it has no signature``
      when none is attached; a signature made for another digest: ``invalid or missing
      digest in claim: a copied signature``.
    """

    def configure(self, definition: Any) -> None:
        """The scenario's ``PipelineDefinition``, handed over whole right after the pipeline
        is built and again whenever a step changes it (environments keep their state)."""

    def build(self, manifest: Mapping[str, Any]) -> str:
        """The digest of the manifest's canonical bytes; a float anywhere is refused with a
        ValueError saying ``PATH: 1.5 is a floating-point number, which has no single
        canonical form`` (PATH like ``$.spec.replicas``)."""

    def validate_digest(self, text: str) -> None:
        """Raise ValueError (with the reason) unless ``text`` is an OCI digest of a
        supported algorithm (sha256). The reasons, checked in this order: ``expected
        "algorithm:encoded"``; ``algorithm "A" must be lowercase letters and digits, in
        parts joined by one of + . _ -``; ``the encoded part may hold only a-z A-Z 0-9 = _
        -``; for a registered algorithm (sha256 and blake3: 64, sha512: 128) ``A needs N hex digits,
        this has M`` and ``A digests are lowercase hex (0-9 a-f); upper case is not
        allowed``; ``algorithm "A" is not supported here (use sha256)``."""

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
    (deployed and not rolled back), which ``rollback`` returns to.

    Optional on the view: ``rollback_target: str | None``, the digest a rollback would go
    to now (the latest deployment neither running nor rolled back; None when there is
    none). A step that names where a rollback goes reads it, and without it says the engine
    "does not provide EnvironmentView.rollback_target" rather than guessing the rule."""

    name: str
    running: str | None
    deployments: Sequence[DeploymentRecordLike]
    known_good: Sequence[str]


@runtime_checkable
class PipelineExtensionsLike(Protocol):
    """Members beyond Lab 02's contract that richer scenarios read; each is optional."""

    def latest_run(self, digest: str) -> RunLike | None:
        """The digest's latest run (None if it never ran): a Given that says an artifact
        passed every gate ("D1 passed every gate and was promoted to dev") reads it."""

    def sign(self, digest: str, key: str) -> SignatureLike:
        """Sign the digest with the definition's key of that name and attach it."""

    def signatures(self, digest: str) -> Sequence[SignatureLike]: ...
    def tag(self, tag: str, digest: str) -> None:
        """Point a mutable tag at a digest (a deploy by tag resolves it first)."""

    def resolve_tag(self, tag: str) -> str: ...
    def verify_with(self, digest: str, key: str) -> str | None:
        """None if one of the digest's signatures verifies under the definition's key of
        that name alone, else why none does."""

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
EXTENSIONS = (
    "sign",
    "signatures",
    "tag",
    "resolve_tag",
    "verify_with",
    "environment",
    "state",
)
"""Richer steps use these when the engine has them (else: "engine X does not provide …")."""


def missing_from_pipeline(module: ModuleType) -> list[str]:
    """What ``module`` lacks of the pipeline contract ([] when it does not take part)."""
    pipeline = getattr(module, PIPELINE_ENTRY, None)
    if pipeline is None:
        return [PIPELINE_ENTRY]
    return [f"Pipeline.{m}" for m in PIPELINE_METHODS if not hasattr(pipeline, m)]
