"""A reason said with contractions ("it isn't signed", "B1's key can't be trusted"): the
pieces of a contraction are never words a message must repeat."""

from __future__ import annotations

import pytest

from kubeloop.harness.reasons import Reason, says

_MESSAGE = "staging refuses ledger 0.9.4 (sha256:2fd4e224c13c…): it has no signature"


@pytest.mark.parametrize(
    ("reason", "given"),
    [
        ("it isn't signed", True),
        ("it wasn't signed", True),
        ("ledger's signature can't be found", False),
        ("it isn't approved", False),
        ("ledger's image doesn't have a signature", True),
    ],
)
def test_contractions_are_said_whole(reason: str, given: bool) -> None:
    assert says(Reason(reason), _MESSAGE) is given
