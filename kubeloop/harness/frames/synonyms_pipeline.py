"""The words people use for the pipeline mechanism's catalog words: release engineers, QA
leads and security engineers talking about builds, gates, scans, waivers, signatures,
approvals, promotion and environments.

Each key is a word or words a catalog phrase uses; its values are what people say for it.
The lexicon (lexicon.py) reads this table by explicit import.

Keys are single catalog words: a key of several words ("finds nothing") would read the
catalog's own phrases as one concept, so a line that says the same with other words ("has
no scan findings") would no longer fit them. Values are words the catalog does not use, or
say the same thing as the key wherever the catalog uses them.
"""

from __future__ import annotations

SYNONYMS: dict[str, tuple[str, ...]] = {
    # builds and their identity
    "build": ("compile", "bake"),
    "artifact": ("container image", "release candidate", "binary", "bundle"),
    "manifest": ("build input", "image spec", "dockerfile"),
    "commit": ("git commit", "changeset", "sha1"),
    "digest": ("content hash", "image digest", "sha256 hash", "fingerprint"),
    "tag": ("image tag", "version tag", "retag", "re-tag"),
    "version": ("semver",),
    # the gate ladder
    "gate": ("check", "checks", "quality gate", "checkpoint", "ci check"),
    "pipeline": ("ci run", "ci pipeline", "build pipeline", "workflow"),
    # tests
    "test": ("spec", "specs", "test case", "test cases"),
    "integration": ("e2e", "end-to-end", "acceptance"),
    "flaky": ("intermittent", "flakey", "unstable"),
    "rerun": ("re-run", "rerunning", "re-running"),
    "skipped": ("xfail", "xfailed"),
    "coverage": ("line coverage", "code coverage", "branch coverage"),
    "threshold": ("cutoff", "fail_under", "fail-under"),
    # scans, findings and waivers
    "vulnerability": ("vuln", "vulns", "security hole", "advisory", "security issue"),
    "waiver": ("exemption", "risk acceptance", "ignore rule", "suppression", "allowlist entry"),
    "waived": ("exempted", "suppressed", "allowlisted"),
    "expired": ("lapsed",),
    # signing and trust
    "sign": ("cosign", "attest"),
    "signature": ("attestation", "sig", "cosign signature"),
    "key": ("cosign key", "private key", "keypair"),
    # approvals and promotion
    "approve": ("sign off", "sign off on", "okay", "green-light", "greenlight", "authorize"),
    "approval": ("sign-off", "go-ahead", "authorization", "green light"),
    "reject": ("turn down", "decline", "veto"),
    "promote": ("push", "ship", "advance"),
    "deploy": ("install",),
    "environment": ("env",),
}
