"""A negated every: "not every pod of api runs v2", "not all web pods are running" hold
when some pod of a set that has pods does not (a stalled rollout leaves old pods), and fail
when every one does; a rollout bound said that way is no bound, so an error."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched

_STUCK = [
    "Given 2 nodes",
    'And a deployment "cart" with 4 replicas requesting 2 CPU per pod',
    "When I roll out version v2 of cart with maxSurge 1 and maxUnavailable 0",
    "Then the rollout stalls",
]


@pytest.mark.parametrize(
    "text",
    [
        'not every pod of "cart" runs v2',
        "not all cart pods are running v2",
        "not all of the cart pods are Running",
        "not each pod of cart is ready",
    ],
)
def test_each_form_is_one_phrase_with_the_negated_quantifier(text: str) -> None:
    matches = REGISTRY.match("then", text)
    assert len(matches) == 1
    assert matches[0].arguments["pods"].quantifier == "not all"


def test_a_stalled_rollout_leaves_not_every_pod_on_the_new_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_STUCK, 'And not every pod of "cart" runs v2')
    assert code == 0, out


def test_when_every_pod_does_the_negation_fails_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "cart" with 2 replicas',
        "When I roll out version v2 of cart",
        "Then not all cart pods are running v2",
    )
    assert code == 1
    assert 'expected: not every pod of "cart"' in out, out
