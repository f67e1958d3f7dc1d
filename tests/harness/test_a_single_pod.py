"""'a single pod of "web"' is one pod of web, never pods of a deployment named "single";
a word before "pod" is never read as the owner when the pods' owner is said after them."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    "text",
    [
        'a single pod of "web" is pending',
        "a single web pod is pending",
        'only a single pod of "web" is pending',
        "exactly one single web pod is pending",
    ],
)
def test_a_single_pod_is_one_pod(text: str) -> None:
    (match,) = REGISTRY.match("then", text)
    pods = match.arguments["pods"]
    assert (pods.quantifier, pods.count, pods.deployment) == ("exactly", 1, "web")


@pytest.mark.parametrize(
    "text", ['a lone pod of "web" is pending', "a stuck pod of web is pending"]
)
def test_a_word_before_pod_is_not_its_owner_when_the_owner_comes_after(text: str) -> None:
    try:
        matches = REGISTRY.match("then", text)
    except UndefinedStepError:
        return
    for match in matches:
        pods = match.arguments.get("pods")
        assert pods is None or pods.deployment == "web", match.arguments
