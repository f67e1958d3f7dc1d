"""An alert's rollback with no earlier release (runs11, blind batch31): a deployment that ran
v1 on its own, then v2 promoted to prod, then a page: the pipeline refused the rollback, as
prod never ran another release, and the check said only "no previous known-good digest". It
now says why (what the cluster ran before the pipeline's first deployment is no release) and
what to write; with an earlier release promoted first, the same story rolls back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_STORY = (
    'Given 2 nodes and a deployment "shop" with 3 replicas',
    'And the service "shop" serves 50 requests per second',
    'And an SLO "shop-slo" of 99% over 7 days for the service "shop"',
    'And "shop" rolls back on its own when "shop-slo" pages',
)
_BAD = (
    'And v5 of "shop" is signed, approved and promoted all the way to prod',
    "And pods running v5 fail 60% of requests",
    "When 30 minutes pass",
)
_TAUGHT = "so an alert has no earlier release to go back to"


@pytest.mark.parametrize(
    "then", ["Then prod was rolled back by the alert once", "Then prod rolled itself back once"]
)
def test_a_refused_rollback_with_nothing_earlier_says_what_to_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str
) -> None:
    code, out = run_matched(tmp_path, capsys, *_STORY, *_BAD, then)
    assert code != 0, out
    assert _TAUGHT in out and "promote the good release there first" in out, out


def test_with_a_release_promoted_first_the_alert_rolls_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = 'And v4 of "shop" is signed, approved and promoted all the way to prod'
    code, out = run_matched(
        tmp_path, capsys, *_STORY, good, *_BAD, "Then prod was rolled back by the alert once"
    )
    assert code == 0, out
    assert _TAUGHT not in out, out
