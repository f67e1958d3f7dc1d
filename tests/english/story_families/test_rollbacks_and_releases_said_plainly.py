"""The story said as team leads say it: a rollback the system makes by itself ("shop rolls
back by itself when "shop-availability" pages", "shop should roll back on its own when that
SLO pages"), a version already in prod ('version 1.4.0 of "profile" is already running in
prod'), and a build described in passing ("A3, built from orders v1.9.1, passes every gate
…"). Each is the story phrase it restates; each twin shows the other outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    "automation",
    [
        'shop rolls back by itself when "shop-availability" pages',
        "shop should roll back on its own when that SLO pages",
        'shop rolls back on its own when the SLO "shop-availability" pages',
        "shop will roll back by itself when it pages",
        "shop rolls back automatically when shop-availability pages",
        "shop is rolled back automatically when the availability SLO of shop pages",
    ],
)
@pytest.mark.parametrize("bad", [True, False])
def test_a_rollback_by_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], automation: str, bad: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a 3-node cluster running 6 replicas of "shop" at v1',
        "And shop is getting 300 requests per second",
        'And an SLO "shop-availability" of 99.5% over 30 days for shop',
        f"And {automation}",
        "And prod is running v1 of shop",
        f"And pods running v2 fail {30 if bad else 0}% of requests",
        "When v2 of shop is built, passes every gate and is promoted to prod with approval",
        "And 20 minutes pass",
        "Then prod is back on v1",
    )
    assert (code == 0) is bad, out


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        (
            'version 1.4.0 of "profile" is already running in prod',
            "prod runs 1.4.0 of profile",
            True,
        ),
        ("version 1.4.0 of profile is live in prod", "prod runs 1.4.0 of profile", True),
        ("prod is already running profile 1.4.0", "prod runs 1.4.0 of profile", True),
        ("prod already runs version 1.4.0 of profile", "prod runs 1.4.0 of profile", True),
        (
            'version 1.4.0 of "profile" is already running in prod',
            "prod runs 1.5.0 of profile",
            False,
        ),
    ],
)
def test_a_version_already_in_prod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        f"And {given}",
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            "A3, built from orders v1.9.1, passes every gate and is promoted to prod with approval",
            "prod runs A3",
            True,
        ),
        ("A3 (built from orders v1.9.1) passes every gate", "A3 passed every gate", True),
        ("A3, made from orders v1.9.1, passes every gate", "A3 passed every gate", True),
        ("A3, built from orders v1.9.1, passes every gate", "prod runs A3", False),
    ],
)
def test_a_build_described_in_passing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a 3-node cluster running 2 replicas of "orders" at v1.9.0',
        f"When {said}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("cluster", "pods"),
    [
        ('a 3 node cluster running 4 replicas of "orders"', 4),
        ("a 3 node cluster with 4 copies of orders at v1 in prod", 4),
        ("a 3-node cluster running 4 replicas of orders", 4),
        ('a 3 node cluster running 4 replicas of "orders"', 5),
    ],
)
def test_a_cluster_said_without_a_hyphen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cluster: str, pods: int
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {cluster}",
        "When I reconcile until stable",
        f"Then {pods} orders pods are running",
        "And there are 3 nodes",
    )
    assert (code == 0) is (pods == 4), out


@pytest.mark.parametrize(
    ("release", "approved"),
    [
        ("v2 goes out to prod", True),
        ("v2 goes out to prod", False),
        ("v2 gets pushed out to prod", True),
        ("v2 went out to production", True),
    ],
)
def test_a_release_going_out_to_an_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], release: str, approved: bool
) -> None:
    """Going out to prod is a release to that environment (so prod's approval counts), never
    a rollout to a deployment called prod."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a 3-node cluster running 4 replicas of "shop" at v1 in prod',
        "When v2 of shop is built, passes every gate and is approved for prod"
        if approved
        else "When v2 of shop is built and passes every gate",
        f"And {release}",
        "And I reconcile until stable",
        "Then every shop pod runs v2",
    )
    assert (code == 0) is approved, out
    assert 'deployment "prod"' not in out, out


@pytest.mark.parametrize(
    ("fault", "bad"),
    [
        ("v2 of shop fails 30% of requests", True),
        ("v2 of shop fails 0% of requests", False),
        ("version v2 of shop has a bug that fails 30% of requests", True),
        ('v2 of "shop" starts failing 30% of requests', True),
    ],
)
def test_a_version_of_a_deployment_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str, bad: bool
) -> None:
    """ "v2 of shop fails …" is shop's pods on v2 failing (both names kept)."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a 3-node cluster running 6 replicas of "shop" at v1',
        "And shop is getting 300 requests per second",
        'And an SLO "shop-availability" of 99.5% over 30 days for shop',
        "And shop rolls back automatically when that SLO pages",
        "And prod is running v1 of shop",
        f"And {fault}",
        "When v2 of shop is built, passes every gate and is promoted to prod with approval",
        "And 20 minutes pass",
        "Then prod is back on v1",
    )
    assert (code == 0) is bad, out
