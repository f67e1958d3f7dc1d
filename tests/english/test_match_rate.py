"""The measured first-try match rate stays at or above 90% of step lines."""

from __future__ import annotations

from pathlib import Path

from match_rate import HERE, unmatched


def test_first_try_scenarios_match_at_least_90_percent() -> None:
    total, missing = unmatched(HERE)
    assert total >= 200, "the measurement needs its 40+ scenarios"
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


def test_second_try_scenarios_match_at_least_90_percent() -> None:
    total, missing = unmatched(Path(__file__).parent / "second_try")
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)
