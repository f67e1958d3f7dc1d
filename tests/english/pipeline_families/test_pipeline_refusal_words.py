"""A refusal said as permission: "isn't allowed into staging", "still can't be promoted".
To say it is to try: a blocked artifact is refused and nothing changes; one that passed
is not refused, so the sentence fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BLOCKED = (
    'Given a manifest "orders" version "3.5.0"',
    'When I build "orders" as B5',
    "Given the unit tests of B5 pass with 95% coverage",
    "And the scan reports CVE-2026-4242 as CRITICAL in openssl for B5",
    "And the integration tests of B5 pass",
    "When I run the pipeline for B5",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (("Then B5 isn't allowed into staging", "And staging runs nothing"), True),
        (("Then B5 still can't be promoted to dev",), True),
        (
            ("Then B5 is still not allowed into dev", 'And the reason mentions "CVE-2026-4242"'),
            True,
        ),
        (
            (
                "Given the scan of B5 finds nothing",
                "When I run the pipeline for B5",
                "Then B5 isn't allowed into dev",
            ),
            False,
        ),
    ],
)
def test_refusals_said_as_permission(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BLOCKED, *story)
    assert code == (0 if passes else 1), out
