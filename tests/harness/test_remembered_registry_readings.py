"""Registry.reading remembers what each (keyword, text) read as, or the error it raised: the
same answers as reading it afresh (plain_reading), forgotten when a phrase is added or
dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.definitions import Match
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.unmatched_lines import unmatched_lines


def _noop(world: object, **kwargs: object) -> None: ...


def _outcome(read: Callable[[str, str], list[Match]], keyword: str, text: str) -> Any:
    """What a reading answers, whole: each match's phrase, arguments, place and form, or the
    error's kind and message."""
    try:
        found = read(keyword, text)
    except (UndefinedStepError, AmbiguousStepError) as error:
        return type(error).__name__, str(error)
    return [(m.definition.pattern, m.arguments, m.offset, m.form, m.text) for m in found]


def test_remembered_readings_are_those_read_afresh() -> None:
    texts = [t for _, t in unmatched_lines()[::11]]
    texts += [e for d in REGISTRY.definitions[::25] for e in d.examples[:1]]
    texts += ["3 nodes", "6 checkout pods should be running", "node-2 fails", "R1 is promoted"]
    read = 0
    for text in texts * 2:  # (the second time from memory)
        for keyword in ("given", "when", "then"):  # (one text, each keyword in turn)
            remembered = _outcome(REGISTRY.reading, keyword, text)
            assert remembered == _outcome(REGISTRY.plain_reading, keyword, text), (keyword, text)
            read += isinstance(remembered, list)
    assert read > 50, "some texts read as a phrase"


def test_a_text_is_read_once_and_its_error_each_time() -> None:
    registry = Registry()
    registry.register("then", "{name:name} is ready", _noop, ("node-1 is ready",))
    asked: list[tuple[str, str]] = []
    plain = registry.plain_reading

    def counted(keyword: str, text: str) -> list[Match]:
        asked.append((keyword, text))
        return plain(keyword, text)

    registry.plain_reading = counted  # type: ignore[method-assign]
    for _ in range(3):
        assert [m.arguments for m in registry.reading("then", "node-1 is ready")] == [
            {"name": "node-1"}
        ]
        for keyword in ("given", "then"):
            try:
                registry.reading(keyword, "node-1 sings")
            except UndefinedStepError as error:
                assert str(error) == f'no step matches {keyword.title()} "node-1 sings"'
            else:
                raise AssertionError("an unknown text reads as nothing")
    assert asked == [
        ("then", "node-1 is ready"),
        ("given", "node-1 sings"),
        ("then", "node-1 sings"),
    ]


def test_a_phrase_added_or_dropped_is_seen_at_once() -> None:
    registry = Registry()
    registry.register("when", "{name:name} fails", _noop, ("node-1 fails",))
    assert _outcome(registry.reading, "when", "node-1 sings")[0] == "UndefinedStepError"
    registry.register("when", "{name:name} sings", _noop, ("node-1 sings",))
    assert _outcome(registry.reading, "when", "node-1 sings")[0][0] == "{name:name} sings"
    registry.forget(lambda d: d.pattern != "{name:name} sings")
    assert _outcome(registry.reading, "when", "node-1 sings")[0] == "UndefinedStepError"
