"""The pipeline's own signing key called what people call it ("the release key", "the
signing key", "our key"): that key, unless the scenario declared a key of that name; any
other name, and a name said as a key's ('key "release"'), stays the key it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_BUILT = ('Given a manifest "checkout" version "3.1.0"', 'When I build "checkout" as S1')


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            "Given S1 passed every gate and is signed with the release key",
            "Then the signature of S1 verifies against the release key",
            True,
        ),
        ("When I sign S1 with the signing key", 'Then S1 is signed by key "ci"', True),
        ("Given S1 was signed with the release key", "Then S1 is signed with the ci key", True),
        ("When I sign S1 with the release key", "Then S1 is signed with the ops key", False),
        ('When I sign S1 with key "ops"', "Then S1 is signed with the release key", False),
        ('When I sign S1 with key "release"', 'Then the operation fails with "not found"', True),
    ],
)
def test_the_release_key_is_the_pipelines_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    declared = ('Given key "ops" from seed "ops"',) if "ops" in said else ()
    code, out = run_scenario(tmp_path, capsys, *declared, *_BUILT, said, check)
    assert (code == 0) is passes, out


def test_a_build_signed_with_the_release_key_deploys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_BUILT,
        "Given S1 passed every gate and is signed with the release key",
        "When I deploy S1 to dev",
        "Then dev runs S1",
        'And S1 was deployed to dev with a signature by key "ci"',
    )
    assert code == 0, out


@pytest.mark.parametrize(("key", "passes"), [('"release"', True), ('"ci"', False)])
def test_a_declared_release_key_is_that_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, passes: bool
) -> None:
    """Declared, "the release key" is the declared key, never the pipeline's own."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given key "release" from seed "someone else"',
        *_BUILT,
        "And I sign S1 with the release key",
        f"Then S1 is signed by key {key}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("signing", "check", "passes"),
    [
        ("When I sign S1 with the release key", "Then the signature on S1 does not verify", False),
        ('When I sign S1 with key "ops"', "Then the signature on S1 does not verify", True),
        ("When I sign S1 with the release key", "Then S1 fails verification", False),
        ('When I build "checkout" again as S9', "Then S1 isn't signed by a trusted key", True),
        ('When I sign S1 with key "ops"', "Then S1 fails verification for prod", True),
        ("When I sign S1 with the release key", "Then the signature of S7 is invalid", False),
    ],
)
def test_a_signature_that_does_not_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], signing: str, check: str, passes: bool
) -> None:
    """Signed by the pipeline's key it verifies; by a key nobody trusts, or not at all, it
    does not; a build that does not exist never passes the check."""
    code, out = run_scenario(
        tmp_path, capsys, 'Given key "ops" from seed "ops"', *_BUILT, signing, check
    )
    assert (code == 0) is passes, out
