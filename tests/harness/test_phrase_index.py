"""The phrase index: it never hides a definition that matches, and its cost per step does
not grow with the vocabulary — phrases that start with a parameter included."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.definitions import Match
from kubeloop.harness.gherkin_source import load
from kubeloop.harness.phrase_index import required_words, requirement, text_words
from kubeloop.harness.registry import REGISTRY, Registry

FEATURES = Path(__file__).parent.parent.parent / "features"


def words(pattern: str) -> list[set[str]]:
    return [set(w) for w in required_words(pattern)]


def test_a_phrase_requires_its_whole_literal_words() -> None:
    assert words("{count:n} pods are running") == [{"are"}, {"pods"}, {"running"}]
    assert words("{node:node} fails") == [{"fails"}]


def test_optional_parts_and_parameters_require_nothing() -> None:
    assert words("I reconcile until stable[ within {passes:n} passes]") == [
        {"i"},
        {"reconcile"},
        {"stable"},
        {"until"},
    ]
    assert words("a {count:n}-node cluster") == [{"a"}, {"cluster"}]
    assert words("[the ]alert {name:text} is up") == [{"alert"}, {"is"}, {"up"}]
    assert words("a [b [c ]]d") == [{"a"}, {"d"}]
    assert words("a[b] c") == [{"c"}]  # ("a" or "ab")
    assert words("a [b]c") == [{"a"}]
    assert words("{count:n} node(s)[,] ready") == [{"ready"}]  # ("node," or "nodes,")


def test_a_plural_ending_requires_either_spelling() -> None:
    assert words("{count:n} node(s)") == [{"node", "nodes"}]
    assert words("{duration:duration} pass(es)[ by]") == [{"pass", "passes"}]
    assert words("{count:n} node(s)[,] each") == [{"each"}]


def test_a_choice_requires_one_of_its_first_words() -> None:
    assert words("{node:node} <crashes|dies|stops responding>") == [{"crashes", "dies", "stops"}]
    assert words("x <go by|elapse(s)>") == [{"x"}]  # "elapse(s)" is not a whole word
    assert words("[<a|b> ]c") == [{"c"}]


def test_a_choice_next_to_other_text_requires_a_whole_word_of_each_alternative() -> None:
    assert words("{gate:gate} <did not run|was skipped>[[,] and it says why]") == [{"did", "was"}]
    assert words("{gate:gate} <did not run|skipped>[,]") == []  # ("skipped,")
    assert words("{x:n}<ran out|timed away fully> now") == [{"away", "out"}, {"now"}]
    assert words("{x:n}<ran|timed out> now") == [{"now"}]


def test_a_phrase_with_many_optional_parts_still_requires_its_words() -> None:
    optional = "".join(f"[ extra{n} {{v{n}:n}}]" for n in range(12))  # 4,096 ways
    assert words(f"a node group {{group:name}}{optional} ends") == [
        {"a"},
        {"ends"},
        {"group"},
        {"node"},
    ]


def test_every_example_has_the_words_its_form_requires() -> None:
    """The requirement is a necessary condition: every text a form's full regex matches has
    its words (the library's examples, as written, in capitals and in re's own folds)."""
    checked = 0
    for definition in REGISTRY.definitions:
        for example in definition.examples:
            for text in (example, example.upper(), example.replace("s", "ſ").replace("i", "ı")):
                for form, regex in enumerate(definition.regexes):
                    if regex.fullmatch(text):
                        needs = requirement(definition.patterns[form])
                        assert needs.met(text_words(text)), (definition.patterns[form], text)
                        checked += 1
    assert checked > 3000


def exhaustive(registry: Registry, keyword: str, text: str) -> list[Match]:
    """The reference: every definition tried, no index."""
    found = []
    for definition in registry.definitions:
        if definition.keyword != keyword:
            continue
        try:  # (a converter refusing what the pattern took is no match, as in match_one)
            parsed = definition.parse_form(text)
        except ValueError:
            continue
        if parsed is not None:
            found.append(Match(definition, parsed[1], text, form=parsed[0]))
    return found


def step_texts() -> list[tuple[str, str]]:
    texts = {(d.keyword, e) for d in REGISTRY.definitions for e in d.examples}
    for feature in sorted(FEATURES.rglob("*.feature")):
        for pickle in load(feature, str(feature)).pickles:
            for step in pickle["steps"]:
                kind = {"Context": "given", "Action": "when", "Outcome": "then"}
                keyword = kind.get(step.get("type", ""), "")
                for candidate in [keyword] if keyword else ["given", "when", "then"]:
                    texts.add((candidate, step["text"]))
    return sorted(texts)


@pytest.mark.slow
def test_the_index_finds_what_trying_every_definition_finds() -> None:
    texts = step_texts()
    assert len(texts) > 500
    for keyword, text in texts:
        for part in [text, *text.split(" and ")]:
            indexed = REGISTRY.match_one(keyword, part)
            assert indexed == exhaustive(REGISTRY, keyword, part), (keyword, part)


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "4 PODS ARE RUNNING"),
        ("then", "4 podſ are running"),  # re.IGNORECASE matches ſ as s; so must the index
        ("when", "NODE-2 FAİLS"),
        ("when", "node-2 faıls"),
    ],
)
def test_case_folding_is_the_regular_expressions_own(keyword: str, text: str) -> None:
    reference = exhaustive(REGISTRY, keyword, text)
    assert reference, "the phrase matches in any case"
    assert REGISTRY.match_one(keyword, text) == reference


def test_parameter_first_phrases_do_not_slow_other_steps() -> None:
    def fails(world: object, node: str) -> None:
        """A node fails."""

    registry = Registry()
    registry.register("when", "{node:node} fails", fails, ("node-1 fails",))
    for number in range(300):
        registry.register("when", f"{{node:node}} breaks in way {number}", fails, ())
        registry.register("when", f"{{node:node}} is hit by storm{number}", fails, ())
    assert [d.pattern for d in registry.candidates("when", "node-1 fails")] == ["{node:node} fails"]
    assert len(list(registry.candidates("when", "node-1 is hit by storm7"))) == 1
    [match] = registry.match("when", "node-1 is hit by storm7")
    assert match.definition.pattern == "{node:node} is hit by storm7"


def test_a_definition_registered_after_a_lookup_is_found() -> None:
    def step(world: object) -> None:
        """A step."""

    registry = Registry()
    registry.register("then", "all is well", step, ())
    assert registry.match_one("then", "all is well")
    registry.register("then", "{count:n} things are fine", step, ())
    assert registry.match_one("then", "3 things are fine")
