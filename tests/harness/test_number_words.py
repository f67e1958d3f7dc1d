"""Number words as one regex (params.longest_first): every text the plain alternation of the
words, longest first, reads, it reads, trying the same lengths in the same order, so a
phrase reads every line as before."""

from __future__ import annotations

import re

import pytest

from kubeloop.harness.params import _COUNT_WORD, _COUNT_WORDS, _NUMBER_WORDS, NUMBER

WORDS = sorted(_NUMBER_WORDS)
AFTER = ["", "-", "s", " ", "x", "-x", "teen", "ty", "een", "-one", "-nine", "-seven-two", "!"]
TEXTS = sorted(
    {w + a for w in WORDS for a in AFTER}
    | {w + j + v for w in WORDS for v in WORDS for j in ("", "-")}
    | {t.upper() for t in WORDS}
    | {t.replace("s", "ſ") for t in WORDS}
    | {"", "-", "1"}
)


def plain(words: object) -> str:
    """The reference: every word spelled out, the longest first."""
    return "|".join(sorted(words, key=len, reverse=True))  # type: ignore[call-overload]


def ends(regex: str, text: str, flags: int) -> list[int]:
    """Where ``regex`` can end from the text's start, in the order it tries them."""
    found: list[int] = []
    while True:
        ruled_out = "".join(f"(?<!^.{{{end}}})" for end in found)
        match = re.match(f"(?:{regex}){ruled_out}", text, flags)
        if match is None:
            return found
        found.append(match.end())


@pytest.mark.parametrize(
    ("regex", "reference"),
    [(NUMBER, r"-?\d+|" + plain(_NUMBER_WORDS)), (_COUNT_WORD, plain(_COUNT_WORDS))],
    ids=["NUMBER", "count words"],
)
@pytest.mark.parametrize("flags", [re.IGNORECASE, 0], ids=["any case", "as written"])
def test_the_short_regex_tries_what_the_spelled_out_one_tries(
    regex: str, reference: str, flags: int
) -> None:
    assert len(regex) < len(reference) / 3
    tried = 0
    for text in TEXTS:
        assert ends(regex, text, flags) == ends(reference, text, flags), text
        tried += bool(ends(reference, text, flags))
    assert tried > 10_000


def test_the_order_is_what_the_test_sees() -> None:
    """The way ``ends`` reads a regex's order tells two orders apart."""
    assert ends("six|sixty", "sixty", 0) == [3, 5]
    assert ends("sixty|six", "sixty", 0) == [5, 3]
