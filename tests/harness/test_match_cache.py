"""Steps seen before are matched from a cache, but only when no scenario could change
another's arguments, and never past a new definition."""

from __future__ import annotations

from dataclasses import dataclass

from kubeloop.harness.match_cache import immutable
from kubeloop.harness.registry import Registry


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
