"""The gate ladder: unit → scan → integration → sign, each passing or blocking, fail-fast.

A gate that does not run because an earlier one blocked is recorded as ``not run``
with the blocking gate named: never a silent skip, and the run is blocked.
"""

from __future__ import annotations

from kubeloop.pipeline.gates.ladder import ORDER, Evidence, GateResult, Verdict, run_ladder

__all__ = ["ORDER", "Evidence", "GateResult", "Verdict", "run_ladder"]
