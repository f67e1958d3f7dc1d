"""Steps seen before are matched from a cache, but only when no scenario could change
another's arguments, and never past a new definition."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.match_cache import copyable, fresh, immutable
from kubeloop.harness.registry import REGISTRY, Registry


@dataclass(frozen=True)
class Frozen:
    items: tuple[int, ...]


@dataclass
class Loose:
    items: tuple[int, ...]


def test_only_values_nothing_can_change_are_immutable() -> None:
    assert immutable("a") and immutable(3) and immutable((1, ("x", None)))
    assert immutable(Frozen((1, 2)))
    assert not immutable([1]) and not immutable({"a": 1}) and not immutable(Loose((1,)))
    assert not immutable(Frozen([1]))  # type: ignore[arg-type]
    assert not immutable((1, [2]))


def step(world: object, **_: object) -> None:
    """A step."""


def test_a_repeated_step_gets_equal_matches_and_a_new_definition_is_seen() -> None:
    registry = Registry()
    registry.register("then", "{count:n} things are fine", step, ())
    first = registry.match("then", "3 things are fine")
    again = registry.match("then", "3 things are fine")
    assert again == first and again is not first
    registry.register("then", "3 things are <fine|good>", step, ())
    try:
        registry.match("then", "3 things are fine")
    except Exception as error:  # now two definitions match: the cache must not hide that
        assert "matched by 2 definitions" in str(error)
    else:
        raise AssertionError("the cached single match hid the new ambiguity")


def test_dicts_and_lists_of_immutable_values_are_copyable_and_nothing_else_is() -> None:
    assert copyable({"cpu": "1", "labels": {"disk": "ssd"}, "zones": ["a", ("b", 1)]})
    assert copyable(Frozen((1,))) and copyable([]) and copyable({})
    assert not copyable({"a": Loose((1,))}) and not copyable([{1, 2}])
    assert not copyable(OrderedDict(a=1))  # only plain dicts: a subclass may hold more


def test_fresh_copies_share_nothing_mutable() -> None:
    value = {"labels": {"disk": "ssd"}, "zones": ["a"], "spread": ("zone", 1)}
    copy = fresh(value)
    assert copy == value
    assert copy is not value and copy["labels"] is not value["labels"]
    assert copy["zones"] is not value["zones"] and copy["spread"] is value["spread"]


def pops(world: object, options: dict[str, object], **_: object) -> None:
    """A step that takes its options apart, as a_deployment does."""
    options.pop("max_surge", None)
    selector = options.get("node_selector")
    if isinstance(selector, dict):
        selector.clear()


def test_a_step_that_changes_its_options_changes_no_other_scenarios() -> None:
    registry = Registry()
    registry.register("given", "a thing{options:declaration}", pops, ())
    text = "a thing with maxSurge 1 and nodeSelector disktype=ssd"
    declared = {"max_surge": 1, "node_selector": {"disktype": "ssd"}}
    for _ in range(3):  # the first (a miss) and two lookups from the cache
        [match] = registry.match("given", text)
        assert match.arguments == {"options": declared}
        pops(None, **match.arguments)
        assert match.arguments == {"options": {"node_selector": {}}}


def test_a_match_keeps_the_form_of_the_pattern_it_matched() -> None:
    for definition in REGISTRY.definitions:
        for example in definition.examples:
            for match in REGISTRY.match(definition.keyword, example):
                assert match.kinds() == match.definition.kinds(match.text)
