"""Every pattern's converters read whatever the pattern takes: a pattern that accepts text its
converter refuses would have been a traceback in `kubeloop check` (it is now "no step
matches", see Registry.match_one), so each sample of each pattern is held to convert."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.pattern_samples import said_values, samples
from kubeloop.harness.registry import REGISTRY, Registry


def test_every_sample_of_every_pattern_converts_to_its_own_phrase() -> None:
    typed = said_values(REGISTRY.definitions)
    refused = []
    for definition in REGISTRY.definitions:
        for _, text in samples(definition, typed):
            try:
                if definition.parse_form(text) is None:
                    refused.append(f"{definition.pattern!r} does not read {text!r}")
            except ValueError as error:
                refused.append(f"{definition.pattern!r} refuses {text!r}: {error}")
    assert refused == []


def _refusing_seven(text: str) -> int:
    if text == "7":
        raise ValueError(f"cannot read {text!r}")
    return int(text)


def test_a_converter_that_refuses_its_text_is_no_match_not_a_traceback() -> None:
    registry = Registry()
    registry.register("given", "{n:n} things", lambda world, n: None, ("3 things",))
    definition = registry.definitions[0]
    definition.converters["n"] = _refusing_seven
    assert registry.match("given", "3 things")[0].arguments == {"n": 3}
    with pytest.raises(UndefinedStepError, match="no step matches"):
        registry.match("given", "7 things")
