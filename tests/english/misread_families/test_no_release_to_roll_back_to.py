"""An alert's rollback with no earlier release (runs11, blind batch31): v5 promoted to
prod as its only release, then a page. A deployment that ran a version of its own before
the pipeline's first rollout goes back to it (runs15, Argo Rollouts' abort returns to the
stable ReplicaSet); one that ran nothing else (prod started from v5) has nothing to go back
to, and the check says why and what to write; with an earlier release promoted first, the
same story rolls back through the pipeline."""

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
    started = 'Given prod runs version v5 of "shop" on 2 nodes with 3 replicas'
    code, out = run_matched(tmp_path, capsys, started, *_STORY[1:], *_BAD[1:], then)
    assert code != 0, out
    assert _TAUGHT in out and "promote the good release there first" in out, out


def test_what_the_deployment_ran_before_the_pipeline_is_where_the_page_sends_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checks = ("Then prod rolled itself back once", 'And every pod of "shop" runs v1')
    code, out = run_matched(tmp_path, capsys, *_STORY, *_BAD, *checks)
    assert code == 0, out


def test_with_a_release_promoted_first_the_alert_rolls_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = 'And v4 of "shop" is signed, approved and promoted all the way to prod'
    code, out = run_matched(
        tmp_path, capsys, *_STORY, good, *_BAD, "Then prod was rolled back by the alert once"
    )
    assert code == 0, out
    assert _TAUGHT not in out, out


def test_a_history_missing_the_stable_version_says_how_to_make_it_a_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = "Then the history of prod is v1, v5 and v1"
    code, out = run_matched(tmp_path, capsys, *_STORY, *_BAD, check)
    assert code != 0, out
    assert 'the page put "shop" back on v1' in out, out
    assert 'Given prod runs version v1 of "shop" on 3 nodes' in out, out
