"""A deployment's own version is no release: "a 3-node cluster running 4 replicas of web at
v1" is the cluster alone, so after the pipeline's first release of v2 to prod there is no
earlier release there to roll back to (vocab12: four runs of blind batches 30 and 31 rolled
back, by hand or by a page, to the version the deployment ran on its own). The rollback is
still refused and the check still fails; both now say the pipeline never released that
version there, and the sentence that does, which passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_SETUP = (
    "Given a 2-node cluster running 2 replicas of shop at v1",
    "And v2 of shop is signed, approved and promoted all the way to prod",
)
_TAUGHT = 'Given v1 is signed, approved and promoted all the way to prod"'


@pytest.mark.parametrize(
    "lines",
    [
        ("When the release manager rolls prod back to v1", "Then prod runs v1"),
        ("When I roll prod back to v1", "Then prod is back on v1"),
        ("When 5 minutes pass", "Then prod runs v1"),
    ],
)
def test_a_rollback_to_a_version_never_released_says_how_to_release_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_SETUP, *lines)
    assert code != 0, out
    assert "the pipeline never deployed a build at v1 to prod" in out, out
    assert _TAUGHT in out, out


def test_the_taught_sentence_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        _SETUP[0],
        "And v1 is signed, approved and promoted all the way to prod",
        _SETUP[1],
        "When the release manager rolls prod back to v1",
        "Then prod runs v1",
        "And every pod of shop runs v1",
    )
    assert code == 0, out
