"""The first suggestion keeps every value the line gives, each in a slot of its shape: an
example that takes them all beats a near one that drops one; a build's alias goes where
the example's alias stands and a service where its service does; a range said "between 4
and 12" goes from 4 to 12; a quoted word goes where a quoted text goes; a query after a
name keeps its quote; nothing is said twice."""

from __future__ import annotations

import re

import pytest

from kubeloop.harness.frames.chunker import Chunk
from kubeloop.harness.frames.fill import _agree
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _first(keyword: str, text: str) -> tuple[str, dict[str, str]]:
    """The first sentence offered, and what its phrase reads from it."""
    assert not REGISTRY.accepts(keyword, text), f"{text!r} matches: pick another line"
    offered = REGISTRY.suggestions(keyword, text)
    assert offered, text
    said, sentence = offered[0].split(" ", 1)
    match = REGISTRY.match(said.lower(), sentence)[0]
    return sentence, {k: str(v) for k, v in match.arguments.items()}


@pytest.mark.parametrize(
    ("text", "alias", "count", "coverage"),
    [
        ("98 unit tests of M5 go green while coverage stays at 66.5%", "M5", "98", "66.5"),
    ],
)
def test_an_example_that_keeps_every_value_beats_a_near_one_that_drops_some(
    text: str, alias: str, count: str, coverage: str
) -> None:
    sentence, read = _first("given", text)
    said = " ".join(read.values())
    assert alias in said and count in said and coverage in said, (sentence, read)


@pytest.mark.parametrize(
    ("text", "alias", "service"),
    [
        ('build K4 of "billing-api" has every unit test green with 88% coverage', "K4", "billing"),
        ('build Z9 of "search-api" has all unit tests passing at 91% coverage', "Z9", "search"),
        ('the build T3 of "cart-api" has all its unit tests passing, 80% coverage', "T3", "cart"),
    ],
)
def test_a_builds_alias_goes_where_the_examples_alias_stands(
    text: str, alias: str, service: str
) -> None:
    sentence, read = _first("given", text)
    assert alias in read.values(), (sentence, read)
    assert not any(service in v for v in read.values()), (sentence, read)


def test_a_plain_word_never_stands_where_an_alias_does() -> None:
    slot = Chunk("value", "name", "R2", 0, 2)
    assert not _agree(slot, Chunk("value", "name", "coverage", 0, 8))
    assert not _agree(slot, Chunk("value", "name", '"coverage"', 0, 10))
    assert _agree(slot, Chunk("value", "name", "P7", 0, 2))


@pytest.mark.parametrize(
    ("text", "low", "high", "target"),
    [
        ('"api" runs 3 replicas with an autoscaler between 2 and 9 replicas at 70% CPU', 2, 9, 70),
        (
            '"cart" has 5 pods and an autoscaler between 5 and 15 replicas targeting 50% cpu',
            5,
            15,
            50,
        ),
        (
            '"web" has 4 replicas with an autoscaler between 4 and 12 replicas targeting 60% CPU',
            4,
            12,
            60,
        ),
    ],
)
def test_a_range_said_between_two_numbers_goes_from_the_first_to_the_second(
    text: str, low: int, high: int, target: int
) -> None:
    sentence, _ = _first("given", text)
    assert re.search(rf"\b{low} (?:to|and|and max) {high} replicas", sentence), sentence
    assert f"{target}%" in sentence, sentence


def test_between_reads_as_a_range_only_with_and_alone_between_the_two() -> None:
    index = REGISTRY.frames()
    roles = [v.role for v in index.chunk("an autoscaler between 4 and 12 replicas").values]
    assert roles == ["from", "to"]
    assert [v.role for v in index.chunk("between 4 and then 12").values] == ["", ""]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ('the pipeline failure text contains "timeout"', "timeout"),
        ('the failure message mentions "flaky"', "flaky"),
        ('the failure of the pipeline mentions "lint"', "lint"),
    ],
)
def test_a_quoted_word_goes_where_a_quoted_text_goes(text: str, word: str) -> None:
    sentence, read = _first("then", text)
    assert "failure" in sentence, sentence
    assert any(v.strip('"') == word for v in read.values()), (sentence, read)


@pytest.mark.parametrize(
    ("text", "name", "query"),
    [
        (
            "I've set up an alert \"DiskAlmostFull\" on 'node_filesystem_free_bytes < 1000' "
            "for 10m",
            "DiskAlmostFull",
            "node_filesystem_free_bytes < 1000",
        ),
        (
            "we keep an alert \"QueueBacklog\" on 'sum(queue_depth) > 500' for 15m",
            "QueueBacklog",
            "sum(queue_depth) > 500",
        ),
        (
            "there is an alert called \"TooSlow\" on 'job:latency:p99 > 0.5' for 5m",
            "TooSlow",
            "job:latency:p99 > 0.5",
        ),
    ],
)
def test_a_query_after_a_name_keeps_its_quote_and_the_name_its_slot(
    text: str, name: str, query: str
) -> None:
    sentence, read = _first("given", text)
    given = [v.strip("\"'`") for v in read.values()]
    assert name in given and query in given, (sentence, read)


@pytest.mark.parametrize(
    "text",
    [
        "all checkout pods in prod run v3",
        "the checkout pods in prod all run v3",
        "all cart pods in prod run v8",
    ],
)
def test_a_value_is_never_said_twice_where_the_line_said_it_once(text: str) -> None:
    sentence, _ = _first("then", text)
    assert sentence.count("prod") <= 1, sentence
