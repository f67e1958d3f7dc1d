"""Suggestions' shortcuts (suggest.close_phrases): difflib's exact bounds (length, letters
in any order) before the letter ratio, one matcher per example, trigrams counted on bits,
examples judged by group, each phrase word's user word remembered. These tests hold them
to the plain way, every candidate's ratio computed afresh, on the benchmarks' lines."""

from __future__ import annotations

import difflib
import random
from collections import Counter
from functools import cache

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import letters_in_order, suggest, trigram_bits
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines as _lines


@cache
def _plain_letters(text: str, example: str) -> float:
    """difflib's ratio, worked out once per pair: a line's four looks ask it of the same
    examples (the ratio is a function of the two texts alone)."""
    return difflib.SequenceMatcher(None, text, example).ratio()


def _plain_closeness(compared: suggest._Compared, grams: frozenset[str]) -> list[float]:
    return trigram_bits.plain([e[3] for e in compared.examples], grams)


def _plain_meaning(
    said: list[str], values: list[str], phrase: str, spelt: dict[str, str] | None = None
) -> float:
    return _MEANING(said, values, phrase)


_MEANING = suggest._meaning


def _both(lines: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    looks = [{}, {"wider": True}, {"nearest": True}, {"same_keyword": True}]
    for keyword, text in lines:
        for look in looks:
            fast = suggest.close_phrases(REGISTRY.definitions, keyword, text, 3, **look)
            with monkeypatch.context() as plain:
                plain.setattr(suggest, "_could_reach", lambda *_: True)
                plain.setattr(suggest, "at_most", lambda *_: 1.0)
                plain.setattr(suggest, "_letters", _plain_letters)
                plain.setattr(suggest, "_closeness", _plain_closeness)
                plain.setattr(suggest, "_nearest", suggest.plain_nearest)
                plain.setattr(suggest, "_meaning", _plain_meaning)
                slow = suggest.close_phrases(REGISTRY.definitions, keyword, text, 3, **look)
            assert fast == slow, (keyword, text, look)


def test_suggestions_are_those_of_the_plain_way_a_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    _both(_lines()[::23], monkeypatch)


@pytest.mark.slow
def test_suggestions_are_those_of_the_plain_way_on_every_other_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (every other line: the plain way's ratios were a quarter of the heavy tier's CPU, and
    # the bounds they hold are proven apart below; the fast tier's sample takes others)
    _both(_lines()[1::2], monkeypatch)


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


_LOOKS = [
    (keyword, files, mine, same, wider, nearest)
    for keyword in ("given", "when", "then")
    for files in (set(), {False}, {True}, {True, False})
    for mine in (None, "cluster", "telemetry", "pipeline")
    for same in (False, True)
    for wider in (False, True)
    for nearest in (False, True)
]


def test_examples_judged_by_group_are_those_judged_one_by_one() -> None:
    compared = suggest._compared(REGISTRY.definitions)
    texts = ["the rule tests in alerts_test.yml pass", "3 nodes", "grafana dashboards glow"]
    for text in texts:
        closeness = suggest._closeness(compared, suggest._trigrams(text))
        for look in _LOOKS:
            fast = suggest._nearest(compared, closeness, look)
            assert fast == suggest.plain_nearest(compared, closeness, look), (text, look)


def _common(one: str, two: str) -> int:
    """The longest common subsequence of two texts, by the textbook's table."""
    row = [0] * (len(two) + 1)
    for letter in one:
        previous = 0
        for place, theirs in enumerate(two, 1):
            previous, row[place] = (
                row[place],
                (previous + 1 if letter == theirs else max(row[place], row[place - 1])),
            )
    return row[-1]


def test_letters_in_order_bound_the_ratio_as_the_textbook_counts_them() -> None:
    chosen = random.Random(10)
    for _ in range(1500):
        one = "".join(chosen.choices("ab c-1", k=chosen.randint(0, 40)))
        two = "".join(chosen.choices("ab c-1", k=chosen.randint(0, 90)))
        bound = letters_in_order.at_most(one, two)
        total = len(one) + len(two)
        assert bound == (2.0 * _common(one, two) / total if total else 1.0), (one, two)
        assert bound >= _plain_letters(one, two), (one, two)


def test_letters_in_order_bound_the_ratio_on_the_benchmarks_lines() -> None:
    examples = sorted({e.lower() for d in REGISTRY.definitions for e in d.examples})[::9]
    refused = 0
    for _, text in _lines()[::17]:
        for example in examples[: len(text) % 40 + 20]:
            bound = letters_in_order.at_most(text.lower(), example)
            assert bound >= _plain_letters(text.lower(), example), (text, example)
            refused += bound < suggest._CLOSE
    assert refused  # (the bound refuses some: it is worth asking)


def _plain_similar(one: str, other: str) -> bool:
    return difflib.SequenceMatcher(None, one.lower(), other.lower()).ratio() >= 0.75


def test_words_spelled_alike_are_those_the_ratio_finds() -> None:
    said = sorted({w for _, text in _lines() for w in suggest._WORD.findall(text)})
    said += sorted({w for d in REGISTRY.definitions for e in d.examples for w in e.split()})
    chosen = random.Random(11)
    pairs = [(w, w[:-1]) for w in said] + [(w, w[1:] + w[0]) for w in said]
    pairs += [(chosen.choice(said), chosen.choice(said)) for _ in range(20_000)]
    alike = 0
    for one, other in pairs:
        assert suggest._similar.__wrapped__(one, other) == _plain_similar(one, other), (one, other)
        alike += _plain_similar(one, other)
    assert alike > 1000  # (both answers given, many times)
