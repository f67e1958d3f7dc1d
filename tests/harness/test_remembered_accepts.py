"""Registry.accepts remembers what it answered for each sentence: the same answers as
looking each up afresh (plainly_accepts), forgotten when a phrase is added or dropped."""

from __future__ import annotations

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.registry import REGISTRY, Registry
from tests.harness.unmatched_lines import unmatched_lines


def _noop(world: object, **kwargs: object) -> None: ...


def test_remembered_answers_are_those_looked_up_afresh() -> None:
    sentences = [(kw, t) for kw, t in unmatched_lines()[::9]]
    examples = [(d.keyword, e) for d in REGISTRY.definitions[::40] for e in d.examples[:1]]
    sentences += [s for kw, e in examples for s in ((kw, e), (kw, f"{e} zzyzx"), ("then", e))]
    sentences += [("given", "3 nodes"), ("then", "3 nodes"), ("when", "node-2 fails")]
    for keyword, text in sentences * 2:  # (the second time from memory)
        assert REGISTRY.accepts(keyword, text) == REGISTRY.plainly_accepts(keyword, text), text


def test_a_phrase_added_or_dropped_is_seen_at_once() -> None:
    registry = Registry()
    registry.register("when", "{name:name} fails", _noop, ("node-1 fails",))
    assert not registry.accepts("when", "node-1 sings")
    registry.register("when", "{name:name} sings", _noop, ("node-1 sings",))
    assert registry.accepts("when", "node-1 sings")
    registry.forget(lambda d: d.pattern != "{name:name} sings")
    assert not registry.accepts("when", "node-1 sings")
