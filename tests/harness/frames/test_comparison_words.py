"""A comparison word is meaning, never a filler: "within 8 minutes" is at most 8 minutes,
so a line saying it is never read as a phrase that says "for 8 minutes"."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    "text", ["HighErrors fired within 8 minutes", "the alert HighErrors fired within 8 minutes"]
)
def test_within_a_duration_is_never_read_as_for_that_duration(text: str) -> None:
    try:
        matches = REGISTRY.match("then", text)
    except UndefinedStepError:
        return
    assert all(" for 8 minutes" not in m.text for m in matches), [m.text for m in matches]
