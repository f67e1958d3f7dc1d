"""The sign gate: reached only when every earlier gate passed; it needs a signing key."""

from __future__ import annotations

from kubeloop.pipeline.gates.ladder import BLOCKED, PASSED, Evidence, GateResult


def judge(evidence: Evidence) -> GateResult:
    if evidence.signing_key is None:
        return GateResult("sign", BLOCKED, "the pipeline has no signing key")
    return GateResult("sign", PASSED, f"signed {evidence.digest[:19]}… with {evidence.signing_key}")
