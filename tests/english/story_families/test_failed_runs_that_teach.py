"""A scenario that runs to a failure the writer did not expect, where the engine is right:
the failure says what the engine did and the sentence that gets what the writer meant."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


def test_an_alert_rollback_with_nothing_to_go_back_to_says_why_under_the_failed_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cluster ran v1 on its own, so prod's only release is v3: the page cannot roll
    prod back, and the check on the pods' version shows that attempt and how to start from
    v1 as a release."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a 2-node cluster running 2 replicas of "shop" at v1',
        'And the service "shop" serves 50 requests per second',
        'And an SLO "shop-ok" of 99.9% over 30 days for the service "shop"',
        'And "shop" rolls back when the SLO "shop-ok" pages',
        "And v3 is signed, approved and promoted all the way to prod",
        "And pods running v3 fail 40% of requests",
        'When I roll out v3 to "shop" with maxSurge 1 and maxUnavailable 0',
        "And 20 minutes pass",
        'Then every pod of "shop" runs v1',
    )
    assert code == 1
    assert 'the SLO "shop-ok" pages, but prod did not roll back' in out
    assert "no previous known-good digest" in out
    assert 'Given prod runs version v1 of "shop" on 3 nodes with 4 replicas' in out
