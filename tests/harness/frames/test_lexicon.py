"""The lexicon: synonyms mean their key, longest entries first, grammar kept as concepts."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames import lexicon as lexicon_module
from kubeloop.harness.frames.lexicon import TABLES, Entry, Lexicon, concept_of, words

LEXICON = Lexicon(["fail", "pods", "node", "promote"])


def entry(text: str) -> Entry | None:
    found = LEXICON.longest(words(text), 0)
    return None if found is None or found[0] != len(words(text)) else found[1]


@pytest.mark.parametrize(
    ("said", "concept"),
    [
        ("crashes", "fail"),
        ("went down", "fail"),
        ("is dying", None),
        ("servers", "node"),
        ("machine", "node"),
        ("hosts", "node"),
    ],
)
def test_a_synonym_means_its_key_in_any_tense_or_number(said: str, concept: str | None) -> None:
    found = entry(said)
    if concept is None:  # "is" is a filler: "is dying" is two entries, not one
        assert found is None
        assert LEXICON.longest(words("dying"), 0) == (1, Entry("concept", concept_of("fail")))
    else:
        assert found == Entry("concept", concept_of(concept))


@pytest.mark.parametrize(
    ("said", "kind", "concept"),
    [
        ("not", "negation", "NOT"),
        ("never", "negation", "NEVER"),
        ("at no point", "negation", "NEVER"),
        ("nothing", "negation", "NO"),
        ("below", "comparison", "LT"),
        ("less than", "comparison", "LT"),
        ("at most", "comparison", "LE"),
        ("no more than", "comparison", "LE"),
        ("up to", "comparison", "LE"),
        ("above", "comparison", "GT"),
        ("at least", "comparison", "GE"),
        ("every", "quantifier", "ALL"),
        ("the", "filler", ""),
        ("already", "filler", ""),
        ("to", "role", "to"),
        ("into", "role", "to"),
    ],
)
def test_grammar_words_are_kept_by_what_they_mean(said: str, kind: str, concept: str) -> None:
    assert entry(said) == Entry(kind, concept)


def test_the_longest_entry_wins() -> None:
    assert LEXICON.longest(words("no more than 3"), 0) == (3, Entry("comparison", "LE"))
    assert LEXICON.longest(words("no pods"), 0) == (1, Entry("negation", "NO"))


def test_a_word_one_letter_from_a_known_word_is_near_it() -> None:
    assert LEXICON.near("pots")
    assert LEXICON.near("promte")
    assert not LEXICON.near("checkout")
    assert not LEXICON.near("pod")  # too short to tell a slip from a name


def test_every_mechanism_table_is_loaded_by_name() -> None:
    assert len(TABLES) == 5
    for table in TABLES:
        assert all(isinstance(k, str) and isinstance(v, tuple) for k, v in table.items())
    assert lexicon_module.synonyms_common.SYNONYMS is TABLES[0]


def test_a_word_longer_than_any_known_word_is_no_slip_and_costs_no_deletions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 200,000-letter "word" on a hostile line took minutes: every one of its deletions
    was built. Two letters longer than the longest known word, it is no slip of any."""
    longest = max(map(len, LEXICON._known))
    built: list[str] = []
    real = lexicon_module._deletions

    def deletions(word: str) -> set[tuple[str, int]]:
        built.append(word)
        return real(word)

    monkeypatch.setattr(lexicon_module, "_deletions", deletions)
    assert not LEXICON.near("x" * (longest + 2))
    assert not LEXICON.near("x" * 5_000)
    assert built == []
    assert LEXICON.near("promotex")  # one letter added to a known word still is a slip
