"""The terminal of ``kubeloop run``: colour as no-color.org asks, and a long run's count
and time estimate."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness import progress
from kubeloop.harness.colour import use_colour
from kubeloop.harness.progress import PROGRESS_EVERY, Progress, remaining
from kubeloop.harness.record import ScenarioRecord

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


@pytest.mark.parametrize(
    ("choice", "environ", "terminal", "on"),
    [
        ("auto", {}, True, True),
        ("auto", {}, False, False),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # set but empty: no-color.org says ignore it
        ("auto", {"TERM": "dumb"}, True, False),
        ("auto", {"FORCE_COLOR": "1"}, False, True),
        ("always", {"NO_COLOR": "1"}, False, True),  # the user's flag overrides NO_COLOR
        ("never", {"FORCE_COLOR": "1"}, True, False),
    ],
)
def test_colour_follows_no_color_and_the_flag(
    choice: str, environ: dict[str, str], terminal: bool, on: bool
) -> None:
    assert use_colour(choice, environ, terminal) is on


def test_colour_reaches_the_output_only_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "one.feature").write_text(
        "Feature: one\n  Scenario: bad\n    Given 3 nodes\n    Then there are 2 pods\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["run", "one.feature"]) == 1
    assert "\033[" not in capsys.readouterr().out
    assert main(["run", "one.feature", "--color", "always"]) == 1
    out = capsys.readouterr().out
    assert "\033[32m✓\033[0m Given 3 nodes" in out and "\033[31m✗\033[0m Then" in out
    assert "\033[31m1 failed\033[0m" in out


def _record(number: int, status: str) -> ScenarioRecord:
    return ScenarioRecord("a.feature", "A", 1, "", [], f"s{number}", number + 2, "Scenario", [],
                          status=status)  # fmt: skip


def test_a_long_quiet_run_says_how_far_it_is_and_how_long_is_left() -> None:
    printed: list[str] = []
    now = [0.0]
    progress = Progress(write=printed.append, quiet=True, clock=lambda: now[0])
    progress.total = 10
    progress._started = progress._printed = 0.0  # what collection sets
    for number in range(10):
        now[0] = 2.0 * (number + 1)  # 2 s a scenario
        progress.add(_record(number, "failed" if number == 3 else "passed"))
    lines = [line for line in printed if line.startswith("  …")]
    # a line once 5 s pass without output (the failure printed at 8 s counts as output);
    # none after the last scenario
    assert lines == [
        "  … 3/10 scenarios (30%), 0 failed, about 14 s left",
        "  … 7/10 scenarios (70%), 1 failed, about 6 s left",
    ]
    assert PROGRESS_EVERY == 5.0


def test_time_left_reads_at_a_glance() -> None:
    assert [remaining(s) for s in (0.2, 42.4, 150, 7200)] == [
        "about 1 s",
        "about 42 s",
        "about 2 min",
        "about 2.0 h",
    ]


@pytest.mark.parametrize("workers", [[], pytest.param(["-n", "2"], marks=pytest.mark.slow)])
def test_the_run_knows_its_total_serially_and_with_workers(
    workers: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The count comes from collection (pytest's, or each xdist worker's): with no silence
    allowed, every scenario but the last is followed by a progress line."""
    for name in ("a", "b"):
        (tmp_path / f"{name}.feature").write_text(
            f"Feature: {name}\n  Scenario: one\n    Given 3 nodes\n    Then there are no pods\n"
            "  Scenario: two\n    Given 3 nodes\n    Then there are no pods\n"
        )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(progress, "PROGRESS_EVERY", 0.0)
    assert main(["run", "-q", "a.feature", "b.feature", *workers]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  …")]
    assert [line.split(" scenarios")[0] for line in lines] == [
        "  … 1/4",
        "  … 2/4",
        "  … 3/4",
    ]


def test_a_failure_outside_every_step_is_printed_not_swallowed() -> None:
    """A scenario that failed with no failed step (the harness around the steps broke) still
    shows why, as a scenario that could not run does."""
    printed: list[str] = []
    record = ScenarioRecord("a.feature", "A", 1, "", [], "s", 3, "Scenario", [])
    record.status, record.message = "failed", "AttributeError: the recorder broke"
    Progress(write=printed.append, quiet=False).show(record)
    assert "AttributeError: the recorder broke" in "".join(printed)
