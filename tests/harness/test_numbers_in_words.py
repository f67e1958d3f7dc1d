"""Counts said in words, past twelve: "fifteen nodes", "twenty-four replicas" are the
numbers they say, wherever a phrase takes a count, and a run checks them as such."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.params import number
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("said", "value"),
    [("thirteen", 13), ("nineteen", 19), ("twenty", 20), ("twenty-four", 24), ("ninety-nine", 99)],
)
def test_a_number_in_words_is_its_value(said: str, value: int) -> None:
    assert number(said) == value
    assert number(said.capitalize()) == value


@pytest.mark.parametrize(
    ("keyword", "text", "name", "value"),
    [
        ("given", "fifteen nodes", "count", 15),
        ("given", 'a deployment "web" with twenty replicas', "replicas", 20),
        ("then", "web has sixteen replicas", "count", 16),
        ("then", "prod was rolled back thirteen times", "count", 13),
    ],
)
def test_a_count_in_words_reads_as_the_count(
    keyword: str, text: str, name: str, value: int
) -> None:
    (match,) = REGISTRY.match(keyword, text)
    assert match.arguments[name] == value


def test_a_run_checks_a_count_in_words_against_the_world(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = ["Given fifteen nodes", 'And a deployment "web" with fourteen replicas']
    code, out = run_scenario(
        tmp_path, capsys, *given, "When the cluster reconciles", 'Then 14 pods of "web" are running'
    )
    assert code == 0, out
    code, out = run_scenario(
        tmp_path,
        capsys,
        *given,
        "When the cluster reconciles",
        'Then thirteen pods of "web" are running',
    )
    assert code != 0, out
