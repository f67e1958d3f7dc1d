"""A step that is a list whose every prefix is a phrase ("1% take 2s and 1% take 2s and …")
and that fails at its end is split at " and " a polynomial number of times, not an
exponential one; the long shares list splits its verb from "in" one way only."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    "item",
    ["1% take 2s and ", "120ms for 95% of requests and ", "most requests finish in 40ms and "],
)
def test_a_long_failing_list_is_read_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch, item: str
) -> None:
    calls = []
    match_one = REGISTRY.match_one

    def counted(keyword: str, text: str) -> list[object]:
        calls.append(text)
        return match_one(keyword, text)  # type: ignore[return-value]

    monkeypatch.setattr(REGISTRY, "match_one", counted)
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("when", item * 30 + "!")
    assert len(calls) < 30 * 30 * 4


def test_a_long_shares_list_said_with_but_fails_at_once() -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("when", "most requests finish in 40ms but " * 30 + "x")
