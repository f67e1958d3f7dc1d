"""A reason said as an indirect question ("the block says which evidence is missing"): the
message answers it by naming the evidence it lacks (a report, results, coverage) and that
it is missing, whichever gate's evidence it is; a block for another cause does not."""

from __future__ import annotations

import pytest

from kubeloop.harness.reasons import Reason, says

_MISSING = [
    "no unit test results were recorded",
    "the unit tests passed but no coverage was recorded",
    "no scan report was recorded",
    "no integration test results were recorded",
]
_OTHER = [
    "coverage 72% is below the threshold 80% (total 72%, fail_under 80%, precision 0)",
    "the unit tests failed (300 tests, 2 failed)",
]


@pytest.mark.parametrize("said", ["which evidence is missing", "what evidence is missing"])
@pytest.mark.parametrize("message", _MISSING)
def test_a_missing_evidence_block_says_which(said: str, message: str) -> None:
    assert says(Reason(said), message)


@pytest.mark.parametrize("message", _OTHER)
def test_a_block_for_another_cause_does_not(message: str) -> None:
    assert not says(Reason("which evidence is missing"), message)
