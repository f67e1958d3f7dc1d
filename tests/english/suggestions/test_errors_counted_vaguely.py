"""Errors counted vaguely ("with a handful of errors", "a few 500s") have no reading: any
share read into them would be invented, and reading them as none would let a wrong "no
errors" check pass (runs16, an open decision of the fifteenth session). The line's message
says so and names the sentences to write instead, each one a run accepts; a line with a
share said gets no such note."""

from __future__ import annotations

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()

_NOTE = "gives no share of the requests, and kubeloop does not guess one"


@pytest.mark.parametrize(
    "text",
    [
        'the service "cart" serves 80 requests per second with a handful of errors',
        "cart is taking 80 requests per second with a few 500s",
        'the service "cart" serves 80 requests per second with several failed requests',
    ],
)
def test_errors_counted_vaguely_say_what_to_write_instead(text: str) -> None:
    message = REGISTRY.undefined_message("given", text)
    assert _NOTE in message, message


@pytest.mark.parametrize(
    "said",
    [
        'the service "cart" serves 80 requests per second with 0.5% errors',
        'the service "cart" serves 80 requests per second with hardly any errors',
    ],
)
def test_the_sentences_it_names_are_read(said: str) -> None:
    assert REGISTRY.accepts("given", said), said


def test_a_share_said_gets_no_such_note() -> None:
    message = REGISTRY.undefined_message("given", "cart limps along with 2% errors somehow")
    assert _NOTE not in message, message
