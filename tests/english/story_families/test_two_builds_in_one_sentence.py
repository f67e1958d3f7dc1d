"""Two builds in one sentence: the second said without the verb ("\"search\" version
\"3.1.0\" was built as S1 and \"search\" version \"3.2.0\" as S2"), both given the same facts
("S1 and then S2 passed every gate, went through dev, staging and prod and were approved
for prod": all of S1's, then S2's), or two whole sentences joined by ", and"."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "built",
    [
        '"search" version "3.1.0" was built as S1 and "search" version "3.2.0" as S2',
        "search 3.1.0 was built as S1, and search 3.2.0 was built as S2",
        '"search" 3.1.0 got built as S1 and "search" 3.2.0 as S2',
    ],
)
@pytest.mark.parametrize(
    "facts",
    [
        "S1 and then S2 passed every gate, went through dev, staging and prod and were approved "
        "for prod",
        "S1 and S2 were both signed and promoted and approved all the way to prod",
    ],
)
@pytest.mark.parametrize(
    ("check", "passes"),
    [("the history of prod is S1, S2 and S1", True), ("the history of prod is S2, S1", False)],
)
def test_two_builds_built_and_shipped_in_order(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    built: str,
    facts: str,
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {built}",
        f"And {facts}",
        "When I roll prod back to S1",
        "Then prod runs S1",
        "And staging still runs S2",
        "And prod runs 3.1.0",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            '"profile" "v4.2" was built as P1 and is in prod, and "profile" "v4.3" was built as '
            "P2 and promoted all the way to prod",
            "prod runs P1",
            True,
        ),
        (
            '"profile" "v4.2" was built as P1 and is in prod; "profile" "v4.3" was built as P2 '
            "and promoted to dev and staging",
            "staging runs P2",
            True,
        ),
        (
            '"profile" "v4.2" was built as P1 and is in prod, and "profile" "v4.3" was built as '
            "P2 and promoted all the way to prod",
            "prod runs P2",
            False,
        ),
    ],
)
def test_two_sentences_joined_by_comma_and(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, f"Given {said}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("facts", "check", "passes"),
    [
        (
            "D1 is running in prod and D2 passed every gate and is approved for prod",
            "prod runs D1",
            True,
        ),
        (
            "D1 is running in prod and D2 passed every gate and is approved for prod",
            "prod runs D2",
            False,
        ),
        ("D1 runs in staging and D2 cleared all gates", "the pipeline passes for D2", True),
    ],
)
def test_a_build_after_another_builds_environments_is_a_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], facts: str, check: str, passes: bool
) -> None:
    """A name followed by its own verb ends the environment list before it: "in prod and D2
    passed …" is D2's fact, never an environment "D2"."""
    code, out = run_scenario(tmp_path, capsys, f"Given {facts}", f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
