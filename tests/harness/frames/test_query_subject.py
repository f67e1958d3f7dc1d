"""A query in double quotes as a sentence's subject reads as the bare query the phrase
takes ('"up{job=\\"api\\"}" is 1' is 'up{job="api"} is 1'), its comparison as said; a
line of names and numbers alone is still read by no frame."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY


@pytest.mark.parametrize(
    ("text", "expr", "value", "bound"),
    [
        ("\"up{service='auth'}\" is 1", "up{service='auth'}", "1", None),
        ('"up{job=\\"gateway\\"}" is 0', 'up{job="gateway"}', "0", None),
        (
            '"count_over_time(up{zone=\\"b\\"}[2m])" is 4',
            'count_over_time(up{zone="b"}[2m])',
            "4",
            None,
        ),
        ('"sum(rate(errors_total[1m]))" is below 0.5', "sum(rate(errors_total[1m]))", "0.5", "<"),
        ('"max(queue_depth)" is above 30', "max(queue_depth)", "30", ">"),
    ],
)
def test_a_quoted_query_as_the_subject_reads_as_the_query(
    text: str, expr: str, value: str, bound: str | None
) -> None:
    (match,) = REGISTRY.match("then", text)
    assert match.arguments["expr"] == expr
    assert str(match.arguments["value"]) == value
    assert match.arguments.get("bound") == bound
    assert match.definition.domain.startswith("telemetry")


@pytest.mark.parametrize("text", ["R1 is 2", '"web" is 3', "node-2 is 4"])
def test_names_and_numbers_alone_are_still_read_by_no_frame(text: str) -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("then", text)
