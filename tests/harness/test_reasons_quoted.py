"""A quoted reason asks for the very text; when the message says it only in other words, the
failure says the sentence without its quotes, which holds (vocab12, blind batch30: the
pipeline output mentions "missing evidence" of a gate that said "no scan report was
recorded"). Nothing is added when the words are not said either, or the text is there."""

from __future__ import annotations

import pytest

from kubeloop.harness.reasons import Reason, in_words_instead, says

LABEL = 'And the block says "{}"'


@pytest.mark.parametrize(
    ("quoted", "message", "taught"),
    [
        ("missing evidence", "no unit test results were recorded", True),
        ("absent report", "no scan report was recorded", True),
        ("expired waiver", "CVE-1 blocks; its waiver expired on 2025-06-30", True),
        ("missing evidence", "coverage 70% is below the threshold 80%", False),
        ("no scan report", "no scan report was recorded", False),
        ("unsigned", "it has no signature", True),
    ],
)
def test_a_quoted_reason_said_in_other_words_teaches_the_unquoted_sentence(
    quoted: str, message: str, taught: bool
) -> None:
    reason = Reason(quoted, quoted=True)
    hint = in_words_instead(reason, message, LABEL.format(quoted))
    assert bool(hint) is taught, hint
    if taught:
        sentence = f"And the block says {quoted}"
        assert f'"{sentence}" holds' in hint
        assert says(Reason(quoted), message)  # what the hint promises is true


def test_an_unquoted_reason_gets_no_hint() -> None:
    assert in_words_instead(Reason("missing evidence"), "no report", "And it says missing") == ""
