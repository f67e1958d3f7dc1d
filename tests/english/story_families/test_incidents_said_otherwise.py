"""The incident families said in other ways than the first file's: a build described in
brackets or after the environment, a project's version said first, an approval that never
comes (and "nobody" never read as someone who approves), a build found to fail, the trigger
said first or with another conjunction, and rollbacks counted as things."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.english.story_families.test_incidents_told_by_leads import _ORDERS, _incident
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "said",
    [
        "prod is running O1, the build of orders v1",
        "O1 (orders v1) is live in prod",
        "O1, which is orders v1, is running in prod",
        "O1 - the build of orders v1 - is what prod runs",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"), [("prod runs v1 of orders", True), ("prod runs v2 of orders", False)]
)
def test_a_build_described_in_brackets_or_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ORDERS, f"And {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("orders v2 is signed, approved and promoted all the way to prod", "prod runs v2", True),
        ("orders version 2.1.0 passes every gate and goes to staging", "staging runs 2.1.0", True),
        ("v2 of orders is signed and promoted to dev and staging", "prod runs v2", False),
        (
            "orders v2 is signed, approved and promoted all the way to prod",
            "prod runs orders-v2",
            True,
        ),
    ],
)
def test_a_projects_version_said_first_is_built_at_that_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ORDERS, f"When {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("P2 goes to prod without anyone approving it", True),
        ("P2 is pushed to prod but nobody approves it", True),
        ("I promote P2 to prod and Dana approves it", False),
    ],
)
def test_an_approval_that_never_comes_leaves_prod_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "reports" on 2 nodes with 4 replicas',
        "When v2 of reports is built as P2, passes every gate and is promoted to dev and staging",
        f"And {said}",
        "Then prod still runs v1 of reports",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize("nobody", ["nobody approves P2 for prod", "Nobody approves P2 for prod"])
def test_nobody_is_never_someone_who_approves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], nobody: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "reports" on 2 nodes with 4 replicas',
        "When v2 of reports is built as P2, passes every gate and is promoted to dev and staging",
        "And I promote P2 to prod",
        f"And {nobody}",
        "Then the promotion of P2 to prod is waiting for approval",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    ("fault", "passes"),
    [
        ("every v2 pod fails 30% of requests", True),
        ("O2 turns out to fail 30% of requests", True),
        ("O2 fails 30% of requests", True),
        ("every v3 pod fails 30% of requests", False),
    ],
)
def test_a_build_found_to_fail_hits_the_pods_running_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fault: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "orders" on 3 nodes with 6 replicas',
        "And orders handles 300 requests per second",
        'And an SLO "orders-availability" of 99.9% over 30 days for orders',
        "And when that SLO pages, prod rolls back automatically",
        "When v2 of orders is built as O2, signed, approved and promoted all the way to prod",
        f"And {fault}",
        "And 15 minutes pass",
        "Then prod ended up back on v1",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("automation", "check", "passes"),
    [
        (
            "prod is rolled back automatically whenever that SLO pages",
            "there was exactly one rollback of prod",
            True,
        ),
        (
            "prod rolls back automatically if that SLO pages",
            "there were 2 rollbacks of prod",
            False,
        ),
        ("when that SLO pages, prod rolls back", "prod ended up back on v2", False),
    ],
)
def test_the_trigger_said_otherwise_and_rollbacks_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], automation: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_incident("every pod on v2 fails 30% of requests", automation, f"Then {check}"),
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ('v2 of "orders" is built, passes its gates and is approved for prod', True),
        ("orders v2 gets through every check and is signed off for prod", True),
        ("orders v2 is built and passes every gate", False),
    ],
)
def test_a_version_built_then_approved_in_release_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_ORDERS,
        f"Given {said}",
        "When v2 is promoted to dev, staging and prod",
        "Then prod runs v2 of orders",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the rollback took prod back to v1", True),
        ("prod went back to v1", True),
        ("the SLO fired a page", True),
        ("the SLO never paged", False),
    ],
)
def test_the_end_said_with_the_rollback_or_the_page_as_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_incident(
            "every pod on v2 fails 30% of requests",
            'orders should be rolled back whenever "orders-availability" pages',
            f"Then {check}",
        ),
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "said",
    [
        "orders runs v1 in prod on 3 nodes with 6 replicas",
        "prod is running orders v1 with 6 replicas on 3 nodes and it's healthy",
        "orders v1 is running in prod with 6 replicas across 3 nodes",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("6 orders pods are running", True),
        ("prod runs v1 of orders", True),
        ("prod runs v2", False),
    ],
)
def test_a_running_service_said_in_another_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("we push v2 of orders all the way to prod", True),
        ("I promote v2 to prod and approve it", True),
        ("I promote v3 to prod and approve it", False),
    ],
)
def test_a_version_promoted_by_its_number_is_the_build_made_at_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "orders" on 3 nodes with 4 replicas',
        "And v2 of orders passes every gate and is promoted to dev and staging",
        f"When {said}",
        "Then prod runs v2 of orders",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("v1 of reports is still what prod runs", True),
        ("prod never got P2", True),
        ("P2 is still waiting for approval in prod", True),
        ("P2 is waiting for an approval", True),
        ("v2 of reports is still what prod runs", False),
        ("prod never got reports-v1", False),
    ],
)
def test_what_a_release_nobody_approved_left_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "reports" on 2 nodes with 4 replicas',
        "When v2 of reports is built as P2, passes every gate and is promoted to dev and staging",
        "And P2 is promoted to prod but nobody approves it",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
