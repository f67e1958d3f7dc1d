"""Clause lists: every text a clause list's pattern matches is read, whichever clause a
shorter word of it would match first."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (
            'a deployment "cache" with 3 replicas and required pod anti-affinity on the hostname',
            "the hostname",
        ),
        (
            'a deployment "cache" with 3 replicas and required pod anti-affinity on the host',
            "the host",
        ),
        ('a deployment "cache" with 3 replicas and pod anti-affinity on hostnames', "hostnames"),
    ],
)
def test_a_clause_ends_where_the_rest_still_reads(text: str, key: str) -> None:
    (match,) = REGISTRY.match("given", text)
    assert match.arguments["options"]["anti_affinity"] == (key, True)
