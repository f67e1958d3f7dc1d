"""A suggestion puts each of the line's values where it means the same thing: an
environment where the example names one, and nothing else there; a number where the
example counts the same noun ("2 nodes" where it says "3 nodes", never where it says
"4 cpu"). It comes from the mechanism the line's nouns belong to before any other, and
when nothing is close, the phrases about the line's nouns are negated when the line is, as
is a join mended by its letters ("… and nothing is pending" is no "… and sit in Pending")."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames.fill import filled
from kubeloop.harness.frames.index import Frame
from kubeloop.harness.mechanisms import of_domain
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


def _frame(example: str) -> Frame:
    """The catalog's frame for one of its own examples."""
    index = REGISTRY.frames()
    return next(f for frames in index.frames.values() for f in frames if f.example == example)


def _fill(example: str, line: str) -> str | None:
    said = filled(_frame(example), REGISTRY.frames().chunk(line))
    return None if said is None else said.text


_RUNS = 'prod runs version v1 of "web" on 3 nodes with 6 replicas'


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            '"billing" is live in staging at B2 with 5 replicas on 2 nodes',
            'staging runs version B2 of "billing" on 2 nodes with 5 replicas',
        ),
        (
            '"search" is up in dev at v8 on 4 nodes with 2 replicas',
            'dev runs version v8 of "search" on 4 nodes with 2 replicas',
        ),
        (
            '"cart" runs in qa at K5 with 7 replicas on 3 nodes',
            'qa runs version K5 of "cart" on 3 nodes with 7 replicas',
        ),
    ],
)
def test_an_environment_goes_where_the_example_names_one(line: str, expected: str) -> None:
    assert REGISTRY.accepts("given", expected)
    assert _fill(_RUNS, line) == expected


@pytest.mark.parametrize(
    "line",
    ['"billing" is live at B2 with 5 replicas on 2 nodes', "cart runs K5 with 7 replicas"],
)
def test_no_other_name_goes_where_the_example_names_an_environment(line: str) -> None:
    said = _fill(_RUNS, line)
    assert said is not None and said.startswith("prod runs"), said


@pytest.mark.parametrize(
    ("example", "line", "counts"),
    [
        (
            'a deployment "cart" with 4 replicas at v1 on 3 nodes',
            '2 nodes with the "ledger" deployment at version v3 and 9 replicas',
            ["9 replicas", "2 nodes"],
        ),
        (
            'a deployment "cart" with 4 replicas at v1 on 3 nodes',
            '"ledger" at v3 on 5 nodes with 8 replicas',
            ["8 replicas", "5 nodes"],
        ),
        (
            "a node group gpu of 0 to 3 nodes with 8 cpu and 32Gi memory labelled "
            "accelerator=nvidia",
            "a node group gpu with 4 nodes of 16 cpu and 64Gi memory",
            ["4 nodes", "16 cpu"],
        ),
    ],
)
def test_a_number_goes_where_the_example_counts_the_same_noun(
    example: str, line: str, counts: list[str]
) -> None:
    said = _fill(example, line)
    assert said is not None and all(c in said for c in counts), said


@pytest.mark.parametrize(
    ("keyword", "text", "mechanism"),
    [
        ("then", "the pipeline halts at the unit test gate since coverage is only 71%", "pipeline"),
        ("then", "the pipeline is held at the unit test gate, coverage being 64%", "pipeline"),
    ],
)
def test_the_first_suggestion_is_of_the_mechanism_the_nouns_belong_to(
    keyword: str, text: str, mechanism: str
) -> None:
    offered = REGISTRY.suggestions(keyword, text)
    assert offered, text
    said_keyword, sentence = offered[0].split(" ", 1)
    matches = REGISTRY.quietly(said_keyword.lower(), sentence)
    assert matches and of_domain(matches[0].definition.domain) in (mechanism, "common"), offered


def _negated(text: str) -> bool:
    return any(c.kind == "negation" for c in REGISTRY.frames().chunk(text).chunks)


def _about(keyword: str, text: str) -> list[str]:
    """The phrases a "nothing close" message shows for a line."""
    assert not REGISTRY.accepts(keyword, text), text
    lines = REGISTRY.undefined_message(keyword, text).splitlines()
    assert lines[1].startswith("  nothing close;"), lines
    return [line.split(" ", 5)[-1] for line in lines[2:5]]


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("then", "no rollout sang loudly at dawn"),
        ("then", "no node hummed quietly overnight"),
        ("then", "no node ever hummed softly in the rack"),
    ],
)
def test_nothing_close_shows_a_negated_line_negated_phrases_first(keyword: str, text: str) -> None:
    about = _about(keyword, text)
    assert _negated(about[0]), about


@pytest.mark.parametrize(
    ("keyword", "text"),
    [("then", "the node hummed quietly overnight"), ("then", "a node hummed softly in the rack")],
)
def test_nothing_close_shows_a_plain_line_plain_phrases_first(keyword: str, text: str) -> None:
    about = _about(keyword, text)
    assert not _negated(about[0]), about


@pytest.mark.parametrize(
    "text",
    [
        "3 batch pods were preempted and sit in Pending",
        "4 worker pods were preempted and wait in Pending",
    ],
)
def test_a_join_mended_by_its_letters_is_not_negated_when_the_line_is_not(text: str) -> None:
    assert not _negated(text)
    offered = REGISTRY.suggestions("then", text)
    assert offered and not any(map(_negated, offered)), offered


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("a disruption budget saying at least 3 billing pods must stay up", "billing"),
        ("a disruption budget saying at least 2 cart pods must stay available", "cart"),
    ],
)
def test_a_name_said_before_pods_goes_where_a_deployment_goes(text: str, name: str) -> None:
    offered = REGISTRY.suggestions("given", text)
    assert offered and name in offered[0], offered
