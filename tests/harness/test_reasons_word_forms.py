"""A reason said in another form of the message's words ("the integration tests" against
"no integration test results"; "the policies" against "policy"): singular and plural meet,
and a word the message does not say still fails."""

from __future__ import annotations

import pytest

from kubeloop.harness.reasons import Reason, says, singular


@pytest.mark.parametrize(
    ("word", "base"),
    [
        ("tests", "test"),
        ("test", "test"),
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("pony", "poni"),
        ("pass", "pass"),
        ("status", "status"),
        ("analysis", "analysis"),
        ("gas", "gas"),
    ],
)
def test_singular_strips_only_a_plural_ending(word: str, base: str) -> None:
    assert singular(word) == base


@pytest.mark.parametrize(
    ("reason", "message", "given"),
    [
        ("the unit tests", "no unit test report was uploaded", True),
        ("the scan policies", "blocked by scan policy", True),
        ("missing integration test", "no integration tests were recorded", True),
        ("the keys", "the signing key is not trusted", True),
        ("the integration tests", "no unit test results were recorded", False),
        ("the licenses", "no integration test results were recorded", False),
        ('"integration tests"', "no integration test results were recorded", False),
    ],
)
def test_singular_and_plural_meet_in_a_partial_check(
    reason: str, message: str, given: bool
) -> None:
    quoted = reason.startswith('"')
    said = Reason(reason.strip('"'), quoted=quoted)
    assert says(said, message) is given
