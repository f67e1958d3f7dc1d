"""A service an SLO or an error share names, served by the cluster deployment of its name,
with no traffic declared, serves the default rate from the line that names it (a team
decision, steps/telemetry/assumed_traffic.py): burn rates do not depend on it; a declared
rate wins in any Given order; a failed check of counts says the rate was assumed; without a
deployment of its name the SLO still waits for its traffic."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

DEPLOYED = 'Given a deployment "orders" with 2 replicas at v1 on 2 nodes'
SLO = 'And an SLO "orders-slo" of 99.5% over 28 days for the service "orders"'


def test_an_slo_on_a_deployment_with_no_rate_burns_and_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        DEPLOYED,
        SLO,
        "And pods running v1 fail 50% of requests",
        "When 10 minutes pass",
        'Then the SLO "orders-slo" pages',
        "And the service orders has served 60000 requests and 30000 errors",
    )
    assert code == 0, out


def test_the_rate_a_later_given_declares_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        SLO.replace("And", "Given", 1),
        DEPLOYED.replace("Given", "And", 1),
        "And pods running v1 fail 50% of requests",
        "And orders serves 40 requests per second",
        "When 10 minutes pass",
        'Then the SLO "orders-slo" pages',
        "And the service orders has served 24000 requests and 12000 errors",
    )
    assert code == 0, out


def test_a_failed_count_says_the_rate_was_assumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        DEPLOYED,
        SLO,
        "When 10 minutes pass",
        "Then the service orders has served 24000 requests",
    )
    assert code != 0
    assert "60000 requests, 0 errors (assumed 100 requests per second: no traffic was " in out
    assert "say `Given orders serves 100 requests per second`" in out


def test_without_a_deployment_of_its_name_the_slo_still_waits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a deployment "shop" with 2 replicas at v1 on 2 nodes',
        SLO,
        "When 10 minutes pass",
        'Then the SLO "orders-slo" does not page',
    )
    assert code != 0
    assert "waits for its service, whose traffic no step declared" in out
