"""A refusal's message said in the reader's words ("the deploy fails with "a copied
signature"", "it fails with …"): the step before was rejected and its message contains
those words, compared as "the operation fails with …" compares them, never loosened."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_COPIED = (
    'Given a manifest "api" version "1.9.0"',
    'When I build "api" as B3',
    "Given B3 passed every gate and was promoted to dev, staging and prod",
    "When I approve B3 for prod",
    'Given a manifest "api" version "1.9.1"',
    'When I build "api" as B4',
    "And I attach B3's signature to B4",
    "And I deploy B4 to prod",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('the deploy fails with "a copied signature"', True),
        ('it fails with "a copied signature"', True),
        ('the rollout has failed with "a copied signature"', True),
        ('that failed with "invalid or missing digest"', True),
        ('the deploy fails with "has no signature"', False),
        ('it fails with "a forged signature"', False),
    ],
)
def test_a_refusal_said_with_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_COPIED, f"Then {check}", "And prod runs B3")
    assert (code == 0) is passes, out


def test_a_step_that_succeeded_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_COPIED[:4],
        'Then it fails with "a copied signature"',
    )
    assert code != 0 and "the previous step to fail" in out, out
