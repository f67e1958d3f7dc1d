"""The words people use for the pipeline mechanism's catalog words: release engineers, QA
leads and security engineers talking about builds, gates, scans, waivers, signatures,
approvals, promotion and environments.

Each key is a word or words a catalog phrase uses; its values are what people say for it.
The lexicon (lexicon.py) reads this table by explicit import.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    # builds and their identity
    "build": ("compile", "package", "bake"),
    "rebuild": ("build again", "rebuilt", "build it again", "redo the build"),
    "artifact": ("container image", "release candidate", "binary", "bundle"),
    "manifest": ("build input", "image spec", "dockerfile"),
    "commit": ("revision", "git commit", "changeset"),
    "digest": ("content hash", "image digest", "sha256 hash", "fingerprint"),
    "tag": ("image tag", "version tag", "re-tag", "retag"),
    "version": ("semver",),
    # the gate ladder
    "gate": ("quality gate", "checkpoint", "ci check"),
    "pipeline": ("ci", "ci run", "build pipeline", "workflow"),
    "passes every gate": (
        "clears every check",
        "gets through every check",
        "is green across the board",
        "goes green",
        "passes all checks",
        "passes ci",
    ),
    "blocked": ("halted", "held back", "gated"),
    "blocked on": ("held up by", "stuck on", "failing on", "stopped by", "red on"),
    "not run": ("never started", "not reached", "not executed"),
    "later gates": ("remaining gates", "following stages", "rest of the pipeline", "next steps"),
    # tests
    "unit tests": ("tests", "unit suite", "test suite", "specs", "unit test run", "pytest"),
    "integration tests": (
        "e2e tests",
        "end-to-end tests",
        "integration suite",
        "system tests",
        "acceptance tests",
    ),
    "passed": ("succeeded", "successful"),
    "failures": ("failed tests", "failing tests", "broken tests", "red tests", "test failures"),
    "skipped": ("xfail", "xfailed"),
    "flaky": ("flake", "flakes", "intermittent", "unstable", "flaked", "flakey"),
    "rerun": ("retry", "re-run", "run again", "retried", "rerunning"),
    "report": ("junit report", "test report", "xml report", "junit xml"),
    "records": ("keeps", "flags", "tallies"),
    "coverage": ("line coverage", "code coverage", "test coverage", "branch coverage"),
    "threshold": ("bar", "floor", "cutoff", "fail_under", "fail-under"),
    # scans, findings and waivers
    "scan": ("trivy scan", "vulnerability scan", "security scan", "cve scan", "scanner", "trivy"),
    "finds nothing": (
        "comes back clean",
        "came back clean",
        "is clean",
        "scans clean",
        "turns up nothing",
        "reports nothing",
        "has no findings",
    ),
    "finding": ("vuln", "security hole", "advisory", "security issue"),
    "no scan result": ("no scan report", "no scan output", "scan never ran", "no trivy report"),
    "waiver": (
        "exception",
        "exemption",
        "risk acceptance",
        "ignore rule",
        "suppression",
        "allowlist entry",
    ),
    "waived": ("exempted", "suppressed", "allowlisted", "accepted as a risk"),
    "expired": ("lapsed", "timed out"),
    # signing and trust
    "sign": ("cosign", "attest"),
    "signature": ("attestation", "sig", "cosign signature"),
    "verifies": ("checks out", "validates", "is valid", "holds up"),
    "key": ("cosign key", "private key", "keypair"),
    "trusts": ("relies on", "recognises", "recognizes"),
    # approvals and promotion
    "approve": (
        "sign off",
        "sign off on",
        "okay",
        "ok",
        "green-light",
        "greenlight",
        "authorize",
        "give the go-ahead",
    ),
    "approval": ("sign-off", "go-ahead", "authorization", "green light"),
    "reject": ("turn down", "decline", "veto"),
    "promote": ("push", "ship", "advance"),
    "deploy": ("install",),
    "can't be promoted": (
        "isn't allowed into",
        "is not allowed into",
        "is kept out of",
        "can't go to",
        "won't make it to",
        "is refused in",
    ),
    "refused": ("bounced", "turned back"),
    "environment": ("env",),
    "prod": ("production", "prd"),
    "staging": ("pre-prod", "preprod", "uat"),
    "dev": ("development",),
    "runs": ("hosts",),
    "runs nothing": ("is still empty", "is running nothing", "has nothing running"),
    # history and rollback
    "roll back": ("revert", "back out"),
    "rolled back": ("reverted", "backed out"),
    "history": ("deployment history", "deploy history", "release history"),
    "audit log": ("audit trail", "change log", "activity log"),
    "last good build": ("previous good build", "last known-good build", "previous release"),
}
