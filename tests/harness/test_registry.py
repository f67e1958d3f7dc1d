"""The step registry: typed phrases, joins with "and", suggestions, and no ambiguity."""

from __future__ import annotations

from dataclasses import replace

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.amounts import Resources
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.nouns import PodSet
from kubeloop.harness.patterns import compile_pattern
from kubeloop.harness.registry import REGISTRY, Registry, check_examples


def test_no_example_is_matched_by_two_definitions() -> None:
    assert REGISTRY.ambiguities() == []


def test_every_definition_has_a_description_and_an_example() -> None:
    for definition in REGISTRY.definitions:
        assert definition.description, definition.pattern
        assert definition.examples, definition.pattern


@pytest.mark.parametrize(
    ("keyword", "text", "functions", "arguments"),
    [
        ("given", "3 nodes", ["nodes"], [{"count": 3}]),
        (
            "given",
            "1 node with 2 cpu and 4Gi memory",
            ["nodes"],
            [{"count": 1, "size": Resources("2", "4Gi")}],
        ),
        (
            "given",
            "3 nodes and a deployment of 4",
            ["nodes", "a_deployment"],
            [{"count": 3}, {"replicas": 4, "options": {}}],
        ),
        ("when", 'node "node-2" fails', ["node_fails"], [{"nodes": ("node-2",)}]),
        (
            "when",
            "node-2 fails and I reconcile",
            ["node_fails", "i_reconcile"],
            [{"nodes": ("node-2",)}, {}],
        ),
        (
            "then",
            "1 pod is pending",
            ["pods_are"],
            [{"pods": PodSet("exactly", 1, None, None, None), "phase": "pending"}],
        ),
        ("when", "5 minutes pass", ["time_passes"], [{"duration": 300}]),
        (
            "when",
            'I roll out version "v2" of "web" with maxSurge 25% and maxUnavailable 1',
            ["i_roll_out"],
            [
                {
                    "version": "v2",
                    "deployment": "web",
                    "options": {"max_surge": "25%", "max_unavailable": 1},
                }
            ],
        ),
    ],
)
def test_matching(
    keyword: str, text: str, functions: list[str], arguments: list[dict[str, object]]
) -> None:
    matches = REGISTRY.match(keyword, text)
    assert [m.definition.function.__name__ for m in matches] == functions
    assert [m.arguments for m in matches] == arguments


def test_parameter_spans_point_into_the_whole_step() -> None:
    text = 'node-2 fails and I scale "web" to 6'
    first, second = REGISTRY.match("when", text)
    assert first.spans() == [(0, "node-2", "nodes")]
    assert second.spans() == [(25, '"web"', "deployment"), (34, "6", "n")]
    assert text[25:30] == '"web"' and text[34] == "6"


def test_quoted_text_may_hold_escaped_quotes() -> None:
    (match,) = REGISTRY.match("then", 'the operation fails with "pod \\"web-9\\" not found"')
    assert match.arguments == {"text": 'pod "web-9" not found'}


def test_an_undefined_step_suggests_the_closest_phrases() -> None:
    with pytest.raises(UndefinedStepError) as caught:
        REGISTRY.match("then", "4 pod are runing")
    assert "did you mean:\n    Then 4 pods are running" in str(caught.value)


def test_overlapping_definitions_are_reported_as_ambiguous() -> None:
    registry = Registry()
    registry.register("then", "{count:n} pods exist", lambda world, count: None, ("3 pods exist",))
    registry.register("then", "{name:name} pods exist", lambda world, name: None, ("3 pods exist",))
    assert len(registry.ambiguities()) == 2
    with pytest.raises(AmbiguousStepError, match="matched by 2 definitions"):
        registry.match("then", "3 pods exist")


def test_an_example_must_match_its_own_phrase() -> None:
    with pytest.raises(ValueError, match="does not match its own phrase"):
        Registry().register("given", "{count:n} nodes", lambda world, count: None, ("three nodez",))


def test_every_shipped_example_matches_its_own_phrase() -> None:
    """The library's examples are checked here, not as each phrase registers (which would
    compile every phrase's regex in every run)."""
    for definition in REGISTRY.definitions:
        check_examples(definition)
    broken = replace(REGISTRY.definitions[0], examples=("no such phrase at all",))
    with pytest.raises(ValueError, match="does not match its own phrase"):
        check_examples(broken)


def test_a_phrase_compiles_only_when_a_step_is_tried_against_it() -> None:
    def nodes(world: object, count: int) -> None: ...

    def pods(world: object, count: int) -> None: ...

    registry = Registry()
    mine = registry.register("given", "{count:n} nodes", nodes, ("3 nodes",))
    assert mine._compiled  # a user's phrase: its examples were checked at once
    nodes.__module__ = pods.__module__ = "kubeloop.steps.cluster.sizes"  # as the library's
    shipped = registry.register("given", "{count:n} machines", nodes, ("3 machines",))
    other = registry.register("given", "{count:n} pods", pods, ("3 pods",))
    assert not shipped._compiled and not other._compiled
    assert [m.definition for m in registry.match("given", "4 machines")] == [shipped]
    assert shipped._compiled and not other._compiled  # never a candidate


def test_a_mistake_in_a_pattern_is_found_as_it_registers() -> None:
    for pattern in ("[a", "a]", "{1x:n} nodes", "{x:n} and {x:n}", "a] [b"):
        with pytest.raises(ValueError):
            Registry().register("given", pattern, lambda world, **_: None, ("",))


def test_pattern_language() -> None:
    regex, converters = compile_pattern("{count:n} pod(s) <is|are> [very ]{phase:phase}")
    assert regex.fullmatch("1 pod is very pending")
    assert regex.fullmatch("4 pods are running")
    assert not regex.fullmatch("4 pods be running")
    assert converters["count"]("4") == 4
    with pytest.raises(ValueError, match="unknown parameter type"):
        compile_pattern("{x:nope}")
    with pytest.raises(ValueError, match=r"a \| outside <a\|b>"):
        compile_pattern("[rolling |rollout ]strategy")


def test_words_match_in_any_case_and_parameters_give_the_canonical_spelling() -> None:
    regex, converters = compile_pattern("{count:n} pods are {phase:phase}")
    found = regex.fullmatch("4 Pods ARE Running")
    assert found is not None
    assert converters["phase"](found.group("phase")) == "running"
    assert converters["count"]("four") == 4
