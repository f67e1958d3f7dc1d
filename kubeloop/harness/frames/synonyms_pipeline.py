"""The words people use for the pipeline mechanism's catalog words: release engineers, QA
leads and security engineers talking about builds, gates, scans, waivers, signatures,
approvals, promotion and environments.

Each key is a word or words a catalog phrase uses; its values are what people say for it.
The lexicon (lexicon.py) reads this table by explicit import.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    # builds and their identity
    "build": ("compile", "package", "cut", "produce", "bake", "build up"),
    "rebuild": ("build again", "rebuilt", "build it again", "redo the build"),
    "artifact": ("image", "container image", "release candidate", "binary", "bundle"),
    "manifest": ("project", "service", "app", "repo", "repository", "component"),
    "commit": ("revision", "sha", "git commit", "change", "changeset"),
    "digest": ("sha256", "content hash", "image digest", "hash", "fingerprint"),
    "tag": ("label", "image tag", "version tag"),
    "version": ("release", "semver"),
    # the gate ladder
    "gate": ("stage", "check", "step", "job", "quality gate", "checkpoint"),
    "pipeline": ("ci", "ci run", "build pipeline", "workflow", "ci/cd"),
    "passes every gate": (
        "clears every check",
        "gets through every check",
        "is green across the board",
        "goes green",
        "passes all checks",
        "passes ci",
    ),
    "blocked": ("stopped", "held", "halted", "stuck", "held back", "gated", "red"),
    "blocked on": ("held up by", "stuck on", "failing on", "stopped by", "red on"),
    "not run": ("skipped", "never started", "never ran", "didn't run", "not reached"),
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
    "passed": ("green", "succeeded", "ok", "successful", "passing"),
    "failures": ("failed tests", "failing tests", "broken tests", "red tests", "test failures"),
    "skipped": ("ignored", "disabled", "xfail", "pending"),
    "flaky": ("flake", "flakes", "intermittent", "unstable", "flaked", "flakey"),
    "rerun": ("retry", "re-run", "run again", "retried", "rerunning"),
    "report": ("junit report", "test report", "results", "xml report", "junit xml"),
    "records": ("logs", "notes", "keeps", "counts", "shows", "flags"),
    "coverage": ("line coverage", "code coverage", "test coverage", "covered"),
    "threshold": ("bar", "minimum", "floor", "limit", "cutoff", "target"),
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
    "finding": ("vulnerability", "cve", "vuln", "issue", "hole", "security hole", "advisory"),
    "no scan result": ("no scan report", "no scan output", "scan never ran", "no trivy report"),
    "waiver": (
        "exception",
        "exemption",
        "risk acceptance",
        "ignore rule",
        "suppression",
        "allowlist entry",
    ),
    "waived": ("accepted", "exempted", "suppressed", "allowlisted", "ignored", "signed off"),
    "expired": ("run out", "ran out", "lapsed", "timed out", "ended"),
    # signing and trust
    "sign": ("cosign", "attest", "sign off cryptographically"),
    "signature": ("attestation", "sig", "cosign signature"),
    "verifies": ("checks out", "validates", "is valid", "holds up"),
    "key": ("signing key", "cosign key", "release key", "private key"),
    "trusts": ("accepts", "relies on", "allows"),
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
    "approval": ("sign-off", "go-ahead", "okay", "authorization", "green light", "review"),
    "reject": ("deny", "turn down", "decline", "veto", "refuse"),
    "promote": ("push", "ship", "release", "move", "advance", "send", "take"),
    "deploy": ("install", "put", "apply", "roll"),
    "can't be promoted": (
        "isn't allowed into",
        "is not allowed into",
        "is kept out of",
        "can't go to",
        "won't make it to",
        "is refused in",
    ),
    "refused": ("rejected", "denied", "turned away", "blocked", "bounced"),
    "environment": ("env", "cluster", "tier"),
    "prod": ("production", "live", "prd"),
    "staging": ("stage", "pre-prod", "preprod", "uat"),
    "dev": ("development", "sandbox"),
    "runs": ("is running", "serves", "hosts", "has", "is on"),
    "runs nothing": ("is empty", "is still empty", "has nothing", "is bare", "has nothing yet"),
    # history and rollback
    "roll back": ("revert", "undo", "go back", "restore", "back out"),
    "rolled back": ("reverted", "undone", "restored", "backed out"),
    "history": ("deployment history", "record", "timeline", "log", "past"),
    "audit log": ("audit trail", "change log", "ledger", "activity log", "record"),
    "last good build": ("previous good build", "last known-good", "previous release", "prior"),
    "today": ("the date", "the day"),
}
