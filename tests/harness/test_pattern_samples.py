"""Every pattern of a phrase is checked for overlaps, not only its examples: a variant no
example says ("P4 passes its unit tests with 93% coverage") was matched by two definitions
while the registry's ambiguity test, which reads examples only, stayed empty."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.pattern_samples import overlaps, said_values, samples
from kubeloop.harness.registry import REGISTRY, Registry


def test_no_pattern_is_said_the_way_another_phrase_is() -> None:
    """Every mechanism's phrases, each sample read one way: "P4 passes its unit tests with 93%
    coverage" was two pipeline phrases; "fully recovers" a node named "fully" recovering;
    "2 alert is firing" an alert named "2" and a count; "the SLO page rolled prod back once"
    both an alert's rollbacks and those of an SLO named "page"."""
    assert overlaps(REGISTRY.definitions, REGISTRY.match_one, lambda d: True) == []


def _two_phrases() -> Registry:
    registry = Registry()
    registry.register(
        "given",
        "the unit tests of {alias:name} pass",
        lambda world, alias: None,
        ("the unit tests of D1 pass",),
        ("{alias:name} passes its unit tests",),
    )
    registry.register(
        "given",
        "{alias:name} passes its {what:name} tests",
        lambda world, alias, what: None,
        ("D1 passes its smoke tests",),
    )
    return registry


def test_an_overlap_no_example_says_is_found_from_the_pattern() -> None:
    registry = _two_phrases()
    assert registry.ambiguities() == []  # the blind spot: the examples alone do not overlap
    found = overlaps(registry.definitions, registry.match_one, lambda d: True)
    assert len(found) == 1 and 'Given "D1 passes its unit tests" is matched by' in found[0], found


def test_an_overlap_outside_the_concern_is_not_reported() -> None:
    registry = _two_phrases()
    assert overlaps(registry.definitions, registry.match_one, lambda d: False) == []


@pytest.mark.parametrize(
    ("pattern", "example", "expected"),
    [
        (
            "{alias:name} <passes|passed> [all ]its tests",
            "D1 passes its tests",
            {"D1 passed its tests", "D1 passes all its tests", "D1 passed all its tests"},
        ),
        (
            "the scan [<of|for> {alias:name} ]is clean",
            "the scan is clean",
            {"the scan of D1 is clean", "the scan for D1 is clean"},
        ),
    ],
)
def test_samples_say_each_choice_and_each_optional_part(
    pattern: str, example: str, expected: set[str]
) -> None:
    definition = Registry().register("given", pattern, lambda world, **kw: None, (example,))
    said = {text for _, text in samples(definition, {":name": "D1"})}
    assert expected <= said and example not in said, said


def test_the_library_gives_a_value_for_each_type_its_examples_say() -> None:
    typed = said_values(REGISTRY.definitions)
    assert typed[":percent"].endswith("%")
    assert typed[":finding"].startswith(("CVE-", "GHSA-"))


def test_a_parameter_typed_otherwise_in_a_variant_is_said_in_its_own_type() -> None:
    definition = Registry().register(
        "given", "{who:name} ships", lambda world, who: None, ("Dana ships",), ("{who:n} ships",)
    )
    said = set(samples(definition, {":name": "D1", ":n": "3"}))
    assert (1, "3 ships") in said, said  # not "Dana ships", which the variant cannot match
