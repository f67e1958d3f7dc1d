"""An incident as team leads and incident commanders tell it, across the pipeline, the
cluster and telemetry: a build described in apposition, a whole release in one sentence, a
promotion nobody approved, a build rolling out, a fault per version set up before the
release, automation "on its own" and how it ended. Each family is run as a scenario, with a
case that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_ORDERS = (
    'Given a 3-node cluster running 4 replicas of "orders" at v1',
    "And orders is getting 300 requests per second",
)


@pytest.mark.parametrize(
    "said",
    [
        "O1, the build of orders v1, is what prod runs",
        "O1, our v1 build of orders, is what prod is running",
        "O1, the orders v1 build, is what's running in prod",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"), [("prod runs v1 of orders", True), ("prod runs v2 of orders", False)]
)
def test_a_build_said_in_apposition_is_built_at_that_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_ORDERS, f"And {said}", "Then prod runs O1", f"And {check}"
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            "v2 of orders is built as O2, signed, approved and promoted all the way to prod",
            "prod runs O2",
            True,
        ),
        (
            "v2 of orders is built as O2, passes every gate and is promoted to dev and staging",
            "staging runs v2 of orders",
            True,
        ),
        (
            "v2 of orders is built as O2, passes every gate and is promoted to dev and staging",
            "prod runs O2",
            False,
        ),
    ],
)
def test_a_release_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ORDERS, f"When {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "version", "passes"),
    [
        ("we build orders v2 as O2", "v2", True),
        ("the team built orders version 2.0.0 as O2", "2.0.0", True),
        ("CI builds v2 of orders as O2", "v2", True),
        ("we build v3 of orders as O2", "v2", False),
    ],
)
def test_a_build_said_by_who_made_it_is_at_that_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, version: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_ORDERS,
        f"When {said}",
        "And O2 is signed, approved and promoted all the way to prod",
        f"Then prod runs {version} of orders",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "said",
    [
        "P2 is promoted to prod but nobody approves it",
        "P2 gets promoted to production, but no one signs off on it",
        "someone promotes P2 to prod without anyone approving it",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"),
    [("prod still runs v1 of reports", True), ("prod runs P2", False)],
)
def test_a_promotion_nobody_approves_waits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "reports" on 2 nodes with 4 replicas',
        "When v2 of reports is built as P2, passes every gate and is promoted to dev and staging",
        f"And {said}",
        "Then the promotion of P2 to prod is waiting for approval",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("O2 rolls out to orders with maxSurge 1 and maxUnavailable 0", True),
        ("O2 is rolled out to orders with maxSurge 1 and maxUnavailable 0", True),
        ("I roll O2 out to orders with maxSurge 1 and maxUnavailable 0", True),
        ("1 minute passes", False),
    ],
)
def test_a_build_rolls_out_to_a_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_ORDERS,
        "And v2 of orders is built as O2, signed, approved and promoted to dev and staging",
        f"When {said}",
        "Then every orders pod runs O2",
        "And at least 4 orders pods were ready the whole time",
    )
    assert (code == 0) is passes, out


def _incident(fault: str, automation: str, *checks: str) -> tuple[str, ...]:
    return (
        'Given prod runs version v1 of "orders" on 3 nodes with 6 replicas',
        "And orders handles 300 requests per second",
        'And an SLO "orders-availability" of 99.9% over 30 days for orders',
        f"And {automation}",
        f"And {fault}",
        "When v2 is signed, approved and promoted to prod",
        "And 15 minutes pass",
        *checks,
    )


@pytest.mark.parametrize(
    ("fault", "passes"),
    [
        ("every pod on v2 fails 30% of requests", True),
        ("any pod on v2 fails 30% of requests", True),
        ("each copy running v2 starts failing 30% of its requests", True),
        ("every pod on v3 fails 30% of requests", False),
        ("v2 has a bug that fails 30% of requests", True),
        ("30% of requests to v2 fail", True),
        ("v2 pods return 500s for 30% of requests", True),
        ("30% of requests to v3 fail", False),
    ],
)
def test_a_fault_per_version_said_before_the_release_hits_its_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_incident(
            fault,
            'orders is rolled back automatically when "orders-availability" pages',
            "Then prod is back on v1",
        ),
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "automation",
    [
        "prod rolls back on its own when that SLO pages",
        "prod rolls itself back when that SLO pages",
        'prod is rolled back by itself when the SLO "orders-availability" pages',
    ],
)
def test_automation_on_its_own_rolls_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], automation: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_incident(
            "every pod on v2 fails 30% of requests",
            automation,
            "Then prod was rolled back exactly 1 time",
            "And the SLO paged the on-call",
        ),
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('"orders-availability" paged exactly once', True),
        ('the SLO "orders-availability" has paged once', True),
        ('"orders-availability" paged twice', False),
        ("the on-call got paged exactly once", True),
        ("we got paged twice", False),
        ("prod was rolled back exactly one time", True),
        ("prod was rolled back exactly 2 times", False),
        ("prod still runs v1 of orders", True),
        ("prod still runs v2 of orders", False),
        ("prod still runs v1 of reports", False),
    ],
)
def test_how_the_incident_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_incident(
            "every pod on v2 fails 30% of requests",
            'orders is rolled back automatically when "orders-availability" pages',
            f"Then {check}",
        ),
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("keyword", "said", "meant"),
    [
        ("given", "O1, the build of orders v1, is what prod runs", "build_of"),
        ("when", "P2 is promoted to prod but nobody approves it", "promote_plainly"),
        ("when", "O2 rolls out to orders with maxSurge 1 and maxUnavailable 0", "i_roll_out"),
        ("given", "every pod on v2 fails 30% of requests", "pods_running_fail"),
        ("then", "the SLO paged the on-call", "has_paged"),
    ],
)
def test_each_family_is_read_as_what_it_means(keyword: str, said: str, meant: str) -> None:
    (match,) = REGISTRY.match(keyword, said)
    assert match.definition.function.__name__ == meant
