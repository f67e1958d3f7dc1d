"""An engineering manager's sentences: nobody has approved it yet (a Given that checks the
record), every environment runs v2, and a promotion rejected for lack of approval. A
recorded approval, an environment left behind, or a refusal for another reason fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_STAGED = (
    'Given a manifest "checkout" version "2.0.0"',
    'When I build "checkout" as v2',
    "Given v2 passed every gate and was promoted to dev and staging",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "Given nobody has approved v2 for prod yet",
                "When I deploy v2 to prod",
                "Then the promotion is rejected for lack of approval",
                "When the release manager approves v2 for prod",
                "And I promote v2 to prod",
                "Then all three environments run v2",
                "And v2 is running in every environment",
            ),
            True,
        ),
        (("When I approve v2 for prod", "Given nobody has approved v2 for prod yet"), False),
        (("Then all three environments run v2",), False),
        (
            (
                "When I deploy v2 to prod",
                "Then the promotion is rejected for lack of a signature",
            ),
            False,
        ),
    ],
)
def test_what_a_manager_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_STAGED, *story)
    assert code == (0 if passes else 1), out
