"""A deploy said to skip the ladder ("I deploy K4 straight to prod"): a direct deploy, the
signature and the build's way through the pipeline still checked, so an unsigned build, or
a signed one never gated, is refused and prod keeps what it runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "deploy",
    ["I deploy K4 straight to prod", "I deploy K4 directly to prod", "I deploy K4 right to prod"],
)
@pytest.mark.parametrize(
    ("check", "passes"), [("prod still runs K3", True), ("prod runs K4", False)]
)
def test_an_unsigned_build_deployed_straight_to_prod_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], deploy: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given "cart" version "v3" was built as K3, passed every gate and was promoted all the '
        "way to prod",
        "And K3 is approved for prod",
        'And a manifest "cart" version "v3.0.1-hotfix"',
        'When I build "cart" as K4',
        f"And {deploy}",
        "Then the deploy is refused",
        f"And {check}",
    )
    assert (code == 0) is passes, out


def test_a_signed_build_never_gated_is_refused_straight_to_prod_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "cart" version "v4"',
        'When I build "cart" as K5',
        "And I sign K5",
        "And I deploy K5 straight to prod",
        'Then it fails with "has never been through the pipeline"',
        "And prod runs nothing",
    )
    assert code == 0, out
