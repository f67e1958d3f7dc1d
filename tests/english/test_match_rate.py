"""The measured first-try match rate stays at or above 90% of step lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from match_rate import HERE, unmatched


def test_first_try_scenarios_match_at_least_90_percent() -> None:
    total, missing = unmatched(HERE)
    assert total >= 200, "the measurement needs its 40+ scenarios"
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


@pytest.mark.parametrize("batch", ["second_try", "third_try"])
def test_later_batches_match_at_least_90_percent(batch: str) -> None:
    total, missing = unmatched(Path(__file__).parent / batch)
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)
