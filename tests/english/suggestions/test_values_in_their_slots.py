"""A suggestion says what the line means, in the line's own values, each in a slot of its
type: a whole query where a query goes (never split at an escaped quote, never pasted into
a label), a number where a count goes (never into a query's range), a build's alias or a
version never as a service's name; and it is a phrase of the line's own mechanism."""

from __future__ import annotations

import re

import pytest

from kubeloop.harness.frames.fill import whole
from kubeloop.harness.mechanisms import of_domain
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _offered(keyword: str, text: str) -> list[tuple[str, str]]:
    assert not REGISTRY.accepts(keyword, text), f"{text!r} matches: pick another line"
    return [
        (said.lower(), sentence)
        for said, sentence in (s.split(" ", 1) for s in REGISTRY.suggestions(keyword, text))
    ]


@pytest.mark.parametrize(
    ("text", "query", "value"),
    [
        ('"up{job=\\"auth\\"}" is 1 on every scrape', 'up{job="auth"}', "1"),
        ('"up{job=\\"auth\\"}" is 1 throughout the window', 'up{job="auth"}', "1"),
        (
            '"rate(errors_total{team=\\"core\\"}[10m])" equals 3 on the big screen',
            'rate(errors_total{team="core"}[10m])',
            "3",
        ),
        (
            "\"sum(rate(http_requests_total{job='payments'}[5m]))\" settles at 200",
            "sum(rate(http_requests_total{job='payments'}[5m]))",
            "200",
        ),
        ("\"count(up{zone='b'} == 0)\" stays at 0", "count(up{zone='b'} == 0)", "0"),
    ],
)
def test_a_query_the_line_gives_is_offered_whole_and_its_number_as_the_value(
    text: str, query: str, value: str
) -> None:
    offered = _offered("then", text)
    assert offered, text
    for keyword, sentence in offered:
        assert REGISTRY.accepts(keyword, sentence), sentence
    keyword, first = offered[0]
    (match,) = REGISTRY.match(keyword, first)
    given = [str(v).strip("\"'`") for v in match.arguments.values()]
    assert query in given, (first, match.arguments)
    assert any(v == value for v in given), (first, match.arguments)
    assert of_domain(match.definition.domain) == "telemetry"


def test_a_number_never_goes_into_a_querys_range_nor_a_query_into_a_label() -> None:
    offered = _offered(
        "then", "\"sum(rate(http_requests_total{job='payments'}[5m]))\" is 200 for the whole hour"
    )
    for _, sentence in offered:
        assert "[200]" not in sentence, sentence
        assert '="sum(' not in sentence, sentence


def test_a_span_inside_a_query_is_not_a_slot() -> None:
    (match,) = REGISTRY.match("then", "the query 'sum(rate(http_requests_total[5m]))' returns 50")
    definition = match.definition
    text = "the query 'sum(rate(x[5m]))' returns 50"
    assert whole(definition, text, [(text.index("'"), text.rindex("'") + 1)])
    assert whole(definition, text, [(text.index("50"), text.index("50") + 2)])
    assert not whole(definition, text, [(text.index("5m"), text.index("5m") + 2)])
    assert not whole(definition, text, [(text.index("x["), text.index("x[") + 1)])


@pytest.mark.parametrize(
    ("keyword", "text", "mechanism", "values"),
    [
        ("then", "the other 3 hang around pending for lack of memory", "cluster", ["3"]),
        ("then", "storefront balloons up to 9 replicas", "cluster", ["storefront", "9"]),
        ("when", "9 of Q3's 300 unit tests go red", "pipeline", ["Q3", "9", "300"]),
        ("when", "I promote X9 to staging without waiting for approval", "pipeline", ["X9"]),
        ("then", 'node-4 shoulders 5 "api" pods now', "cluster", ["node-4", "5", '"api"']),
    ],
)
def test_the_first_suggestion_is_of_the_lines_mechanism_and_keeps_its_values(
    keyword: str, text: str, mechanism: str, values: list[str]
) -> None:
    offered = _offered(keyword, text)
    assert offered, text
    said, first = offered[0]
    (match,) = REGISTRY.match(said, first)
    assert of_domain(match.definition.domain) == mechanism, first
    for value in values:
        assert re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", first), (value, first)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("every payments-api pod has moved to v2.6.0 by now", "v2.6.0"),
        ("the queue for v3 keeps growing", "v3"),
        ("R4 is what storefront serves by lunchtime", "R4"),
    ],
)
def test_a_version_or_a_builds_alias_never_names_a_service(text: str, value: str) -> None:
    offered = _offered("then", text)
    assert offered, text
    for keyword, sentence in offered:
        assert not re.search(rf"service\W+{re.escape(value)}\b", sentence), sentence
        for match in REGISTRY.match(keyword, sentence):
            kinds = match.definition.kinds(sentence)
            named = [
                kinds.get(name, "")
                for name, said in match.arguments.items()
                if str(said).strip('"') == value
            ]
            assert "service" not in named and "deployment" not in named, sentence


@pytest.mark.parametrize(
    ("keyword", "text", "first"),
    [
        ("then", "the history of dev is exactly C1 altogether", "Then the history of dev is C1"),
        (
            "then",
            "the history of dev is C1 then C5 altogether",
            "Then the history of dev is C1 then C5",
        ),
    ],
)
def test_an_examples_list_is_cut_to_the_items_the_line_gives(
    keyword: str, text: str, first: str
) -> None:
    assert not REGISTRY.accepts(keyword, text)
    assert REGISTRY.suggestions(keyword, text)[0] == first


def test_a_node_never_names_a_service() -> None:
    offered = _offered("then", "8 pods are spread over node-1 alone")
    assert offered
    for keyword, sentence in offered:
        for match in REGISTRY.match(keyword, sentence):
            owners = [getattr(said, "deployment", None) for said in match.arguments.values()]
            assert "node-1" not in owners, sentence
            for name, said in match.arguments.items():
                if str(said).strip('"') == "node-1":
                    kind = match.definition.kinds(sentence).get(name, "")
                    assert kind not in ("service", "deployment", "name"), sentence


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("an event Approved was recorded for R2 to staging", "Approved"),
        ("an event Promoted was recorded for R3 to prod", "Promoted"),
    ],
)
def test_a_capitalised_word_never_stands_where_a_persons_name_does(text: str, word: str) -> None:
    """A person's name ("Dana") is one hump, not a reason's CamelCase ("NodeNotReady")."""
    assert not REGISTRY.accepts("then", text), text
    said, sentence = REGISTRY.suggestions("then", text)[0].split(" ", 1)
    (match,) = REGISTRY.match(said.lower(), sentence)
    kinds = match.definition.kinds(sentence)
    assert all(kinds[k] != "person" for k, v in match.arguments.items() if v == word), sentence
