"""A run on a given day (a waiver that expired by then no longer lets a finding through),
and a deploy that skipped signing (refused by verify-before-deploy; nothing changes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_WAIVED = (
    'Given a manifest "orders" version "3.4.0"',
    'When I build "orders" as B6',
    "Given the unit tests of B6 pass with 95% coverage",
    "And the integration tests of B6 pass",
    "And the scan reports CVE-2026-3131 as HIGH in zlib for B6",
    'And waiver list version 1 accepts CVE-2026-3131 because "not reachable" until 2026-09-01',
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "When the pipeline runs for B6 on 2026-06-01",
                "Then the pipeline passes",
                "When the pipeline for B6 is re-run on 2026-10-01",
                "Then the pipeline is blocked by CVE-2026-3131",
            ),
            True,
        ),
        (("When I run the pipeline for B6 on 2026-10-01", "Then the pipeline passes"), False),
        (
            (
                "When I run the pipeline for B6 on 2026-10-01",
                "And I run the pipeline for B6 on 2026-06-01",
            ),
            False,
        ),
    ],
)
def test_a_run_on_a_given_day(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_WAIVED, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "When I deploy L1 to staging without signing it",
                'Then the operation fails with "no signature"',
                "And staging runs nothing",
            ),
            True,
        ),
        (
            (
                "Given L1 passed every gate",
                "When I deploy L1 to staging without signing it",
            ),
            False,
        ),
    ],
)
def test_a_deploy_without_signing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "ledger" version "1.0.0"',
        'When I build "ledger" as L1',
        *story,
    )
    assert code == (0 if passes else 1), out
