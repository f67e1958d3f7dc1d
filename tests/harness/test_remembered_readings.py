"""A text's readings (grammar.readings) are worked out once and remembered: each caller
still gets a list of its own, the same as reading it afresh."""

from __future__ import annotations

from kubeloop.harness import grammar


def test_a_remembered_reading_is_the_fresh_one_and_each_caller_owns_its_list() -> None:
    text = "the operator should be able to promote R2 to staging"
    first = grammar.readings(text)
    assert first == list(grammar._remembered.__wrapped__(text))
    assert first, "the line has readings"
    first.append("changed by a caller")
    first[0] = "changed too"
    again = grammar.readings(text)
    assert again == list(grammar._remembered.__wrapped__(text))
    assert "changed by a caller" not in again and again[0] != "changed too"


def test_a_text_is_read_once() -> None:
    grammar._remembered.cache_clear()
    text = "we must reconcile until stable"
    grammar.readings(text)
    grammar.readings(text)
    info = grammar._remembered.cache_info()
    assert (info.hits, info.misses) == (1, 1)
