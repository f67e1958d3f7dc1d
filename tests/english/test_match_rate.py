"""The measured first-try match rate stays at or above 90% of step lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from match_rate import CORPORA, HERE, unmatched, unmatched_file


def test_the_first_cluster_batch_matches_at_least_90_percent() -> None:
    total, missing = unmatched(HERE)
    assert total >= 200, "the measurement needs its 40+ scenarios"
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


@pytest.mark.parametrize("batch", ["sre_unlike_the_catalog", "platform_engineer"])
def test_later_batches_match_at_least_90_percent(batch: str) -> None:
    total, missing = unmatched(CORPORA / batch)
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


@pytest.mark.parametrize("mechanism", ["cluster", "pipeline", "telemetry"])
def test_the_fourth_batch_matches_at_least_90_percent_per_mechanism(mechanism: str) -> None:
    """Written blind from the README by a separate session, one folder per mechanism."""
    total, missing = unmatched(CORPORA / "per_mechanism" / mechanism)
    assert total >= 40, "each mechanism's batch has its scenarios"
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


def test_the_fifth_batch_of_telemetry_matches_at_least_90_percent() -> None:
    """Held out: written blind from the README by an SRE, with PromQL written bare, counters
    that grow, histograms observed per second and the error budget "N% remaining"."""
    total, missing = unmatched(CORPORA / "sre_telemetry")
    assert total >= 40, "the batch has its scenarios"
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


def test_an_outline_line_matches_only_if_every_example_row_does(tmp_path: Path) -> None:
    (tmp_path / "outline.feature").write_text(
        "Feature: f\n  Scenario Outline: o\n    Given <count> nodes\n"
        "    Then <what>\n    Examples:\n      | count | what |\n"
        "      | 3     | there are no pods |\n      | 2     | there are no pots |\n"
    )
    total, missing = unmatched(tmp_path)
    assert total == 2
    assert missing == ["outline.feature:4: Then there are no pots"]


def test_the_sixth_batch_matches_at_least_90_percent() -> None:
    """Written blind from the README and the catalog by a platform engineer: placement
    relative to other pods, skipped gates, latency percentiles, budget ranges, promtool
    unit tests run from a scenario, hostile numbers (409 of 419 lines before its fixes)."""
    total, missing = unmatched(CORPORA / "day_one_every_mechanism")
    assert total >= 400, "the batch has its scenarios"
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


def test_the_seventh_batch_matches_at_least_90_percent() -> None:
    """Written blind from the README and the catalog by an on-call SRE who writes interview
    exercises: 435 of 436 lines matched before its fixes (the miss: "is still paging")."""
    total, missing = unmatched(CORPORA / "on_call_every_mechanism")
    assert total >= 400, "the batch has its scenarios"
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("writer", ["release-engineer", "sre", "team-lead"])
def test_the_eighth_batch_matches_at_least_85_percent_per_writer(writer: str) -> None:
    """Written blind from README's top by a release engineer, an SRE and a team lead, one
    file each (its BEFORE.txt: 47 of 170 lines, 28%, on the code before the pipeline,
    telemetry and one-world grammar; 159 of 170 after). Floors: 85% a file."""
    folder = CORPORA / "release_sre_lead_from_readme"
    total, missing = unmatched_file(folder / f"{writer}.feature")
    assert total >= 50, "each writer's file has its scenarios"
    assert (total - len(missing)) / total >= 0.85, "\n".join(missing)


def test_the_eighth_batch_matches_at_least_90_percent_in_all() -> None:
    total, missing = unmatched(CORPORA / "release_sre_lead_from_readme")
    assert (total - len(missing)) / total >= 0.9, "\n".join(missing)


@pytest.mark.parametrize("part", ["heldout", "dev"])
def test_the_tenth_session_batches_match_at_least_95_percent(part: str) -> None:
    """Written blind from README by four writers, four roles each (README.txt beside
    them): 98.0% held out and 98.7% dev before the session's changes."""
    total, missing = unmatched(CORPORA / "eight_writers_from_readme" / part)
    assert total >= 450, "each half has its eight files' scenarios"
    assert (total - len(missing)) / total >= 0.95, "\n".join(missing)


@pytest.mark.parametrize(
    "corpus",
    [
        "two_writers_eight_roles",  # eleventh session: 99.2% and 99.1% before its changes
        "two_writers_eight_more_roles",  # twelfth
        "two_writers_eight_other_roles",  # thirteenth
        "two_writers_eight_new_roles",  # fourteenth
        "three_writers_twelve_roles",  # fifteenth
        "two_writers_eight_further_roles",  # sixteenth
    ],
)
def test_a_sessions_blind_writers_match_at_least_95_percent(corpus: str) -> None:
    """Written blind from README by two or three writers, four roles each (README.txt
    beside them): each session's held-out measure, kept as a floor."""
    total, missing = unmatched(CORPORA / corpus)
    assert total >= 450, "at least eight files' scenarios"
    assert (total - len(missing)) / total >= 0.95, "\n".join(missing)
