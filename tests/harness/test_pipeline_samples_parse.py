"""Every sample of every pipeline pattern reads without an exception: a pattern's regex
and its converters must agree on what they accept. A fact list whose environment list was
greedy ("R9 is approved, promoted to staging and rolled out to web") matched the whole
regex by backtracking while its converter could not read it, and `kubeloop check` crashed.
Samples say each optional part and each choice; lists are said again as pairs of the items
the library's examples give for that type."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.pattern_samples import said_values, samples
from kubeloop.harness.registry import REGISTRY, Registry

_ITEM_SEP = re.compile(r",? and then |,? then |,? and |,? but |, ")


def _pipeline() -> list[StepDefinition]:
    return [d for d in REGISTRY.definitions if str(d.domain).startswith("pipeline")]


def _items(definitions: list[StepDefinition]) -> dict[str, list[str]]:
    """Each list type's items, as the library's examples say them."""
    items: dict[str, set[str]] = {}
    for definition in definitions:
        for example in definition.examples:
            match = definition.fullmatch(example)
            if match is None:
                continue
            for name, kind in definition.kinds(example).items():
                span = match.group(name)
                if span and _ITEM_SEP.search(span):
                    items.setdefault(kind, set()).update(_ITEM_SEP.split(span))
    return {kind: sorted(said) for kind, said in items.items()}


def _lists(definition: StepDefinition, items: dict[str, list[str]]) -> Iterator[str]:
    """The definition's first example with each list parameter said as two of its items."""
    for example in definition.examples[:1]:
        match = definition.fullmatch(example)
        if match is None:
            continue
        for name, kind in definition.kinds(example).items():
            if kind not in items or not match.group(name):
                continue
            for first, second in itertools.permutations(items[kind], 2):
                head, tail = example[: match.start(name)], example[match.end(name) :]
                yield f"{head}{first} and {second}{tail}"


def _unreadable(definitions: list[StepDefinition], texts: dict[int, list[str]]) -> list[str]:
    problems = []
    for definition in definitions:
        for text in texts[id(definition)]:
            try:
                definition.parse_form(text)
            except Exception as error:  # any exception is the finding
                problems.append(f"{definition.pattern!r} on {text!r}: {error!r}")
    return problems


def test_every_sample_of_every_pipeline_pattern_reads() -> None:
    definitions = _pipeline()
    typed = said_values(REGISTRY.definitions)
    items = _items(REGISTRY.definitions)
    texts = {
        id(d): [text for _, text in samples(d, typed)] + list(_lists(d, items)) for d in definitions
    }
    assert sum(len(said) for said in texts.values()) > 1000  # the samples are really said
    assert len(items["facts"]) >= 5, items  # a fact list is said as pairs of its facts
    assert _unreadable(definitions, texts) == []


def test_a_converter_that_refuses_what_its_regex_accepts_is_found() -> None:
    def refuse(text: str) -> str:
        if text == "Lee":
            raise ValueError(f"cannot read {text!r}")
        return text

    registry = Registry()
    definition = registry.register(
        "given", "{who:name} ships", lambda world, who: None, ("Dana ships",)
    )
    object.__setattr__(definition, "converters", {"who": refuse})
    said = {id(definition): ["Dana ships", "Lee ships"]}
    found = _unreadable([definition], said)
    assert len(found) == 1 and "Lee ships" in found[0], found
