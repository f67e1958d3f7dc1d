"""A reading rule skips a text lacking the words its regex needs (needed_words.py): what
it answers is what its regex answers. The words are held to the regexes three ways: on
made-up regexes whose needs are known, on texts generated to match every rule of the
reading chains, and by reading the corpora's lines (and the benchmarks' lines moved along
the axes) both ways, screened and with every rule's regex run."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import (
    axes_measures,
    axes_pipeline,
    grammar,
    needed_words,
    pipeline_joined,
    pipeline_readings,
    pipeline_restated,
    pipeline_stated,
    release_moves_said,
    story_readings,
)
from kubeloop.harness.needed_words import Chain, Screened, needs, screened
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines

ROOT = Path(__file__).parent.parent.parent
_CHAINS: tuple[ModuleType, ...] = (
    grammar,
    story_readings,
    pipeline_readings,
    pipeline_restated,
    release_moves_said,
    pipeline_stated,
    pipeline_joined,
    axes_measures,
    axes_pipeline,
)
_STEP = re.compile(r"^\s*(?:Given|When|Then|And|But|\*)\s+(.+?)\s*$")


def _rules() -> Iterator[tuple[str, Screened]]:
    """Every screened regex of the reading chains, named, those in their rule lists too."""
    for module in _CHAINS:
        for name, value in vars(module).items():
            kept = value if isinstance(value, list | tuple) else [value]
            for at, item in enumerate(kept):
                for part in item if isinstance(item, tuple) else (item,):
                    if isinstance(part, Screened):
                        yield f"{module.__name__}.{name}[{at}]", part


RULES = dict(_rules())


def _corpus_lines() -> list[str]:
    """Every step line of the corpora, the features and the benchmarks, once each."""
    folders = ("features", "tests/english/corpora", "benchmarks/data")
    lines: dict[str, None] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.feature")):
            for line in path.read_text(encoding="utf-8").splitlines():
                step = _STEP.match(line)
                if step is not None:
                    lines[step.group(1)] = None
    return list(lines)


CHAINS = {
    f"{module.__name__}.{name}": value
    for module in _CHAINS
    for name, value in vars(module).items()
    if isinstance(value, Chain)
}
_KEPT = (
    grammar._remembered,
    pipeline_stated.stated,
    pipeline_restated.restated,
    pipeline_joined.joined,
    release_moves_said.moves_said,
)
"""The readings each text keeps once worked out: forgotten before each way is read."""


def _read_all(texts: tuple[str, ...]) -> list[list[str]]:
    for kept in _KEPT:
        kept.cache_clear()
    try:
        return [grammar.readings(text) for text in texts]
    finally:
        for kept in _KEPT:
            kept.cache_clear()


@cache
def _lines_moved() -> tuple[str, ...]:
    """The corpora's lines, the benchmarks' lines moved along the axes, and some of each
    in upper and in lower case: the texts the reading chains read, each once (a text read
    again is the same question: the chains keep nothing between texts, and the readings
    of a text already read are remembered). Worked out once per worker for both tests."""
    texts = _corpus_lines()
    axes = REGISTRY.axes()
    for _, line in unmatched_lines()[::4]:  # lines moved along the axes, as lookups read them
        texts += [moved for order in axes.orders(line) for moved in order]
    texts += [text.upper() for text in texts[::7]] + [text.lower() for text in texts[3::7]]
    return tuple(dict.fromkeys(texts))


@pytest.mark.parametrize(
    ("regex", "flags", "needed"),
    [
        (
            r"\b(is|are) (?:back|currently)(?: down)?\b",
            re.I,
            (("back", "currently"), ("is", "are")),
        ),
        (r"\brun(?:s|ning)?\b", re.I, (("run",),)),
        (r"^(?:and then|then|after that),? ", re.I, (("then", "after that"),)),
        (r"^Deploy (?=\w+ to prod)", 0, ((" to prod",), ("deploy ",))),
        (r"\bnode(?!s\b)", 0, (("node",),)),
        (r"(?:nodes)* pods?", 0, ((" pod",),)),
        (r"(?<=the )error|warning", re.I, (("error", "warning"),)),
        (r"(?:one|\d+) failures?|none", 0, ((" failure", "none"),)),
        (r"(?:\d+|no) failures?|", 0, ()),
        (r"cafés? open", re.I, ((" open",), ("caf",))),
        (r"(ab)c\1", 0, (("ab",),)),
    ],
)
def test_the_words_a_regex_needs(regex: str, flags: int, needed: tuple[tuple[str, ...]]) -> None:
    assert needs(re.compile(regex, flags)) == needed


def test_a_text_lacking_the_words_is_not_run_and_any_other_is() -> None:
    rule = screened(r"\bis (?:back|currently) ", re.I)
    assert rule.sub("is ", "the error rate is back under 2%") == "the error rate is under 2%"
    assert rule.sub("is ", "the error rate IS CURRENTLY 2%") == "the error rate is 2%"
    assert not rule.may_match("the error rate is under 2%")
    assert rule.may_match("the error rate ıs back 2%"), "a dotless i is an i under IGNORECASE"
    assert rule.search("the error rate İS CURRENTLY 2% ") is not None
    assert not rule.may_match("le taux d'erreur est revenu à 2%")
    kelvin = screened(r"kind", re.I)
    assert kelvin.search("\u212aind") is not None, "the Kelvin sign is a k under IGNORECASE"
    assert kelvin.search("the kind") is not None and kelvin.search("the mind") is None


def test_a_non_ascii_character_is_screened_as_the_letter_it_matches() -> None:
    letters = [chr(c) for c in range(ord("a"), ord("z") + 1)]
    for code in range(0x80, 0x3000):
        character = chr(code)
        matched = [a for a in letters if re.fullmatch(a, character, re.I)]
        folded = needed_words._folded(f"x{character}")
        assert folded == (f"x{matched[0]}" if matched else "x\0"), hex(code)
    assert needed_words._folded("ſ") == "s" and needed_words._folded("ı") == "i"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULES))
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_text_a_rule_matches_holds_its_words(name: str, data: st.DataObject) -> None:
    rule = RULES[name]
    text = data.draw(st.from_regex(rule.plain, fullmatch=False))
    assert rule.may_match(text), (rule.needed, text)


def test_a_rules_words_read_off_its_source_are_those_of_its_compiled_regex() -> None:
    """A rule is compiled at its first run, its words read from its source before that:
    the same words as from the compiled regex, and every rule compiles."""
    for name, rule in RULES.items():
        fresh = Screened(rule.pattern, rule._flags)
        compiled = re.compile(rule.pattern, rule._flags)
        assert fresh.needed == needs(compiled), name
        assert fresh.plain == compiled and rule.plain == compiled, name
    assert sum(bool(rule._flags & re.IGNORECASE) for rule in RULES.values()) > 200
    lazy = screened(r"\bis (?:back|currently) ", re.I)
    assert lazy._plain is None and lazy.needed and lazy._plain is None
    assert lazy.sub("is ", "it is back up") == "it is up" and lazy._plain is not None


def test_the_chains_rules_are_screened() -> None:
    assert len(RULES) > 200
    assert sum(bool(rule.needed) for rule in RULES.values()) > 200


def test_every_line_reads_the_same_screened_and_with_every_regex_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = _lines_moved()
    screened_readings = _read_all(texts)
    monkeypatch.setattr(needed_words, "_holds", lambda text, needed: True)
    monkeypatch.setattr(Chain, "apply", Chain.plainly)
    assert _read_all(texts) == screened_readings
    assert len(texts) > 5000
    assert sum(map(bool, screened_readings)) > 400, "many lines have readings"


def test_a_chain_reads_every_text_as_its_rules_do_in_turn() -> None:
    """Each chain's shortcut (only the rules whose first-clause words a text holds are
    asked, looked for again after a rule changes it) reads as every rule in turn does:
    the lines, each chain's own results fed to every chain, and lines in other scripts."""
    lines = _lines_moved()
    texts = [*lines, *(chain.plainly(text) for chain in CHAINS.values() for text in lines[::3])]
    texts += ["prod runs v1 \u212a", "the \u0131mage is s\u0131gned", "v2 fa\u00efls in prod"]
    texts = list(dict.fromkeys(texts))  # (most chains leave most texts as they were)
    changed = 0
    for name, chain in CHAINS.items():
        for text in texts:
            plain = chain.plainly(text)
            assert chain.apply(text) == plain, (name, text)
            changed += plain != text
    assert len(CHAINS) >= 14
    assert changed > 200, (changed, "the chains rewrite many of the distinct texts")
