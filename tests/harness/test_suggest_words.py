"""Undefined-step suggestions read in the user's own words and point at the right loader."""

from __future__ import annotations

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.registry import REGISTRY


def test_an_alias_the_user_wrote_replaces_the_catalogs_example_alias() -> None:
    # the catalog's examples say D1; the user's artifact is C1
    assert REGISTRY.suggestions("when", "I promote C1 to stagin")[0] == (
        "When I promote C1 to staging"
    )
    assert REGISTRY.suggestions("given", "the unit tests of C1 pass with 91% covrage")[0] == (
        "Given the unit tests of C1 pass with 91% coverage"
    )
    first = REGISTRY.suggestions("then", 'the digest of C1 starts with "sha256"')[0]
    assert first == 'Then the digest of C1 starts with "sha256"'


def test_the_users_values_and_aliases_are_both_kept() -> None:
    suggestion = REGISTRY.suggestions("given", "the unit tests of R7 pass with 72.5% coverge")[0]
    assert suggestion == "Given the unit tests of R7 pass with 72.5% coverage"


def test_a_digit_inside_a_name_is_not_a_value_of_its_own() -> None:
    # "C1" holds a 1, which once replaced the example's "1" inside "D1" and hid the alias
    assert (
        REGISTRY.suggestions("when", "I promote C12 to stagng")[0]
        == "When I promote C12 to staging"
    )


def test_a_word_that_only_misspells_the_examples_word_is_not_taken() -> None:
    assert REGISTRY.suggestions("then", "4 pod are runing")[0] == "Then 4 pods are running"


def test_a_negative_number_keeps_its_sign() -> None:
    for suggestion in REGISTRY.suggestions("given", "a node node-1 wth -4 cpu"):
        assert "-4" in suggestion or "4" not in suggestion


def test_a_promtool_test_file_is_offered_the_rule_test_runner_not_the_rule_loader() -> None:
    for text in (
        'the rule tests from "rules/node_test.yml"',
        'the promtool tests from "tests/alerts_test.yaml"',
        'the rule test file "rules/node_test.yml"',
        'the unit tests in "rules/node_test.yml"',
    ):
        suggestions = REGISTRY.suggestions("given", text)
        assert suggestions, text
        assert suggestions[0].startswith("When I run "), (text, suggestions)
        assert " test rules on " in suggestions[0], (text, suggestions)
        assert all(" rules from " not in s for s in suggestions), (text, suggestions)


def test_a_rule_file_is_offered_the_rule_loader_not_the_test_runner() -> None:
    suggestions = REGISTRY.suggestions("given", 'the rulez from "rules/web.rules.yml"')
    assert suggestions[0] == 'Given the rules from "rules/web.rules.yml"'
    assert all("test rules" not in s for s in suggestions), suggestions


def test_a_test_file_suggestion_keeps_the_users_path() -> None:
    suggestions = REGISTRY.suggestions("when", 'I run the rule tests from "rules/disk_test.yml"')
    assert suggestions[0] == 'When I run kubeloop test rules on "rules/disk_test.yml"'


def test_the_digits_of_a_name_do_not_stand_in_for_a_number() -> None:
    # "web2" is a name: its 2 must not become the replica count of a shorter example
    suggestions = REGISTRY.suggestions("when", "I scale web2 to 5 replicaz")
    assert suggestions[0] == "When I scale web2 to 5 replicas"
    assert all(" 2" not in s for s in suggestions), suggestions


def test_an_alias_next_to_a_different_verb_is_still_the_users() -> None:
    # "deploy D2" against "promote C12": each word stands alone, so the alias is taken
    assert "C12" in REGISTRY.suggestions("when", "I promote C12 to prodd")[0]
