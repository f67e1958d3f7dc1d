"""A release said by its place in the story instead of its name: "the new version" (the one
built or released last), "the bad release" (the same: the one a story makes fail), "the
previous version" / "the last good release" (the one before it), "the current version" (the
one running now). Each reads as the artifact's alias, so pods, environments and rollbacks are
checked as they are for "D2"; none to be found fails at the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

BAD_RELEASE = [
    'Given prod runs version v1 of "web" on 3 nodes with 4 replicas',
    'And the service "web" serves 100 requests per second',
    'And an SLO "web-availability" of 99.9% over 30 days for the service "web"',
    'And web rolls back automatically when the SLO "web-availability" pages',
    "When v2 is signed, approved and promoted all the way to prod",
    "And the new version fails 30% of requests",
    "And I roll out the new version to web",
    "And 20 minutes pass",
]


_run = run_matched


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("prod runs the previous version again", True),
        ("every web pod runs the last good release", True),
        ("the bad release was rolled back automatically", True),
        ("the bad build is no longer in prod", True),
        ("the current version is live in prod", True),
        ("prod is back on the old version", True),
        ("prod runs the new version", False),
        ("every web pod runs the new version", False),
        ("the previous release was rolled back", False),
    ],
)
def test_a_bad_release_and_the_one_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *BAD_RELEASE, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("every web pod runs the new version", True),
        ("prod runs the latest release", True),
        ("every web pod runs the previous version", False),
        ("the new version was rolled back", False),
    ],
)
def test_a_good_release_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "web" on 3 nodes with 4 replicas',
        "When v2 is signed, approved and promoted all the way to prod",
        "And I roll out the new version to web",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_no_release_to_refer_to_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 1 node",
        'And a deployment "web" with 2 replicas at v1',
        "When I reconcile until stable",
        "Then every web pod runs the previous version",
    )
    assert code != 0 and "no pipeline has built or released anything" in out, out
