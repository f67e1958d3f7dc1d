"""Suggestions' shortcuts (suggest.close_phrases): difflib's exact bounds (length, letters
in any order) before the letter ratio, and one matcher per example. These tests hold them
to the plain way, every candidate's ratio computed afresh, on the benchmarks' lines."""

from __future__ import annotations

import difflib
import random
import re
from collections import Counter
from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import suggest
from kubeloop.harness.registry import REGISTRY

DATA = Path(__file__).parent.parent.parent / "benchmarks" / "data"
_STEP = re.compile(r"\s*(Given|When|Then|And|But)\s+(.*)$")


def _lines() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted(DATA.glob("unmatched_*.feature")):
        keyword = "given"
        for line in path.read_text().splitlines():
            step = _STEP.match(line)
            if step is not None:
                if step.group(1) in ("Given", "When", "Then"):
                    keyword = step.group(1).lower()
                found.append((keyword, step.group(2)))
    return found


def _plain_letters(text: str, example: str) -> float:
    return difflib.SequenceMatcher(None, text, example).ratio()


def _both(lines: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    looks = [{}, {"wider": True}, {"nearest": True}, {"same_keyword": True}]
    for keyword, text in lines:
        for look in looks:
            fast = suggest.close_phrases(REGISTRY.definitions, keyword, text, 3, **look)
            with monkeypatch.context() as plain:
                plain.setattr(suggest, "_could_reach", lambda *_: True)
                plain.setattr(suggest, "_letters", _plain_letters)
                slow = suggest.close_phrases(REGISTRY.definitions, keyword, text, 3, **look)
            assert fast == slow, (keyword, text, look)


def test_suggestions_are_those_of_the_plain_way_a_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    _both(_lines()[::23], monkeypatch)


@pytest.mark.slow
def test_suggestions_are_those_of_the_plain_way_on_every_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _both(_lines(), monkeypatch)


def test_one_matcher_per_example_gives_difflibs_ratio() -> None:
    chosen = random.Random(8)
    examples = ["".join(chosen.choices("abc de-1", k=chosen.randint(0, 260))) for _ in range(12)]
    for _ in range(600):
        text = "".join(chosen.choices("abc de-2", k=chosen.randint(0, 260)))
        example = chosen.choice(examples)  # (long ones: difflib's popular letters as junk)
        assert suggest._letters(text, example) == _plain_letters(text, example)


def test_the_bounds_refuse_only_what_the_ratio_refuses() -> None:
    chosen = random.Random(9)
    for _ in range(3000):
        one = "".join(chosen.choices("ab c-1", k=chosen.randint(0, 25)))
        two = "".join(chosen.choices("ab c-1", k=chosen.randint(0, 25)))
        boost, close = chosen.choice([0.0, 0.1, -0.2]), chosen.choice([0.0, 0.45, 0.6, 0.9])
        if not suggest._could_reach(Counter(one), Counter(two), boost, close):
            assert _plain_letters(one, two) + boost < close
