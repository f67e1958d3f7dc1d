"""A line that names something never declared is told the sentence that declares it, and
each such sentence is one the step library reads."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.declaring import DECLARING
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize("kind", sorted(DECLARING))
def test_each_declaring_sentence_is_one_given(kind: str) -> None:
    said = DECLARING[kind].format(name="thing-1")
    assert len(REGISTRY.match("given", said)) == 1, said


@pytest.mark.parametrize(
    ("lines", "told"),
    [
        (
            ("Given 2 nodes", 'When I scale "cart" to 5'),
            'story.feature:4: "When I scale "cart" to 5" names something that does not exist: '
            'deployment "cart" not found; there are no deployments; to declare it, say so '
            'before this line: Given a deployment "cart" with 3 replicas',
        ),
        (
            (
                "Given 2 nodes",
                'And a deployment "cart" with 2 replicas',
                'And "cart" rolls back when the SLO "cart-slo" pages',
            ),
            'Given an SLO "cart-slo" of 99.9% over 30 days',
        ),
    ],
)
def test_a_name_never_declared_is_told_how_to_declare_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...], told: str
) -> None:
    code, out = run_matched(tmp_path, capsys, *lines)
    assert code != 0
    assert told in out, out


def test_a_kind_no_sentence_declares_gets_no_advice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, "Given 2 nodes", 'When I delete pod "web-9"')
    assert code != 0
    assert 'pod "web-9" not found' in out
    assert "to declare it" not in out, out
