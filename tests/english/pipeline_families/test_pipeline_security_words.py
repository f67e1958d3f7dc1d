"""A security engineer's checks: the scan gate passed only through a waiver, each
deployment names the key that verified it, and nothing ever ran by tag. A scan that passed
without a waiver, another key, or an empty history fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = (
    'Given the pipeline signs with key "release" from seed "release-2026"',
    'And a manifest "ledger" version "1.0.0"',
    'When I build "ledger" as L1',
    "Given the unit tests of L1 pass with 95% coverage",
    "And the integration tests of L1 pass",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given the scan reports CVE-2026-1111 as HIGH in openssl for L1",
                'And waiver list version 1 accepts CVE-2026-1111 because "not reachable"',
                "When I run the pipeline for L1",
                "Then the scan gate passes with waivers",
                "Given L1 is running in prod",
                'Then L1 was deployed to prod with a signature by key "release"',
                "And the audit log shows L1 in prod verified with the release key",
                "And no environment ever ran an image referenced by tag",
            ),
            True,
        ),
        (
            (
                "Given the scan of L1 finds nothing",
                "When I run the pipeline for L1",
                "Then the scan gate passes with waivers",
            ),
            False,
        ),
        (
            (
                "Given the scan of L1 finds nothing",
                "And L1 is running in dev",
                'Then L1 was deployed to dev with a signature by key "ops"',
            ),
            False,
        ),
        (
            (
                "Given the scan of L1 finds nothing",
                "And L1 is running in dev",
                'Then L1 was deployed to prod with a signature by key "release"',
            ),
            False,
        ),
        (("Then no environment ever ran an image referenced by tag",), False),
    ],
)
def test_security_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BUILT, *story)
    assert code == (0 if passes else 1), out
