"""Every unmatched line gets help, and every sentence suggested is one a run takes as
written: lines from the measured corpora with one word misspelt, and lines no phrase is
near, each fed back through the matcher."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from kubeloop.harness.suggest import close_phrases

load_step_library()

CORPORA = Path(__file__).resolve().parents[1] / "corpora"
_STEP = re.compile(r"^\s*(Given|When|Then|And|But) (.+)$")
_SUGGESTED = re.compile(r"^\s+(Given|When|Then) (.+)$")


def _misspelt(text: str, index: int) -> str:
    words = text.split(" ")
    long = [i for i, w in enumerate(words) if re.fullmatch(r"[a-z]{5,}", w)]
    if not long:
        return text + " zzz"
    at = long[index % len(long)]
    word = words[at]
    words[at] = word[:2] + word[3] + word[2] + word[4:]
    return " ".join(words)


def _lines(count: int) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted(CORPORA.glob("*/*.feature")):
        keyword = "given"
        for raw in path.read_text(encoding="utf-8").splitlines():
            hit = _STEP.match(raw)
            if hit is None or "<" in raw:
                continue
            if hit.group(1) in ("Given", "When", "Then"):
                keyword = hit.group(1).lower()
            if len(found) % 7 == 0 or len(found) < count // 2:
                found.append((keyword, _misspelt(hit.group(2), len(found))))
            if len(found) == count:
                return found
    return found


FAR = [
    ("then", "nobody had to rebuild anything to get there"),
    ("when", "I tell it again from the start"),
    ("then", "R4 stays where it is in dev"),
    ("then", "it never goes beyond 12"),
    ("given", "the moon is full"),
    ("then", 'the image is tagged "payments:1.4.0"'),
    ("when", "wait for the rollout to finish"),
]


def _unmatched() -> list[tuple[str, str]]:
    return [(k, t) for k, t in [*_lines(120), *FAR] if not REGISTRY.accepts(k, t)]


def _suggested(message: str) -> list[tuple[str, str]]:
    return [
        (hit.group(1).lower(), hit.group(2))
        for hit in map(_SUGGESTED.match, message.splitlines()[1:])
        if hit is not None
    ]


def test_the_sample_has_many_unmatched_lines() -> None:
    assert len(_unmatched()) >= 40


@pytest.mark.parametrize(("keyword", "text"), _unmatched())
def test_every_unmatched_line_gets_help_that_reads(keyword: str, text: str) -> None:
    message = REGISTRY.undefined_message(keyword, text)
    suggested = _suggested(message)
    told = re.search(r"write (Given|When|Then) ", message)
    assert suggested or told, message
    for said, sentence in suggested:
        assert REGISTRY.accepts(said, sentence), f"{sentence!r} suggested for {text!r}"


@pytest.mark.parametrize(
    ("keyword", "text", "never"),
    [
        ("when", "wait for the rollout to finish", "of finish"),
        ("then", "nobody had to rebuild anything to get there", "to rebuild"),
    ],
)
def test_a_word_that_says_what_happens_is_never_put_in_a_name_slot(
    keyword: str, text: str, never: str
) -> None:
    suggested = _suggested(REGISTRY.undefined_message(keyword, text))
    assert suggested
    assert not [s for _, s in suggested if never in s]


def test_a_check_written_under_given_is_told_to_write_then() -> None:
    message = REGISTRY.undefined_message("given", "every pod of web runs v2")
    assert "this is a check: write Then every pod of web runs v2" in message


def test_a_value_put_in_a_slot_keeps_the_examples_own_spacing() -> None:
    """'the manifest "web":' with the user's name in it stays one that reads."""
    found = close_phrases(
        REGISTRY.definitions, "given", 'the manifest "payments:1.4.0" is ready', 3
    )
    assert ("given", 'the manifest "payments:1.4.0":') in found
    assert all(REGISTRY.accepts(keyword, sentence) for keyword, sentence in found)
