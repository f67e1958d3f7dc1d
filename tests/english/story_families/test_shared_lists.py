"""One sentence that says several steps with the shared part said once: a subject over a
list of verbs, a verb over a list of places, a predicate over a list of subjects, or whole
clauses after commas. Each reading must be made of phrases the catalog has, and run."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("when", "I promote B1 to dev, then staging, then prod"),
        ("when", "I promote B1 to dev and then to staging"),
        ("when", "I sign v3, get it approved and deploy it to prod again"),
        ("when", "I sign it and promote it to prod"),
        ("then", "dev, staging and prod all run B1"),
        ("then", "staging and prod both run B1"),
    ],
)
def test_a_list_the_pipeline_has_a_phrase_for_stays_that_one_step(keyword: str, text: str) -> None:
    """The pipeline's own list phrases (a chain of places, actions in turn, several
    environments) take the whole sentence: one step, in the order it says."""
    assert len(REGISTRY.match(keyword, text)) == 1


@pytest.mark.parametrize(
    ("keyword", "text", "clauses"),
    [
        ("then", "web, api and db have 3 replicas", 3),
        ("given", "3 nodes, a deployment of 4", 2),
        ("given", '3 nodes, a deployment of 4 and a deployment "api" of 2', 3),
    ],
)
def test_a_list_reads_as_its_clauses(keyword: str, text: str, clauses: int) -> None:
    assert len(REGISTRY.match(keyword, text)) == clauses


@pytest.mark.parametrize(
    "text",
    [
        "v2 is signed, approved and promoted all the way to prod",
        "v2 was signed, approved and promoted to prod",
    ],
)
def test_a_shared_subject_over_facts_stays_one_step_in_its_own_order(text: str) -> None:
    matches = REGISTRY.match("when", text)
    assert len(matches) == 1
    facts = [fact.kind for fact in matches[0].arguments["facts"]]
    assert facts == ["signed", "approved", "promoted"]


@pytest.mark.parametrize(
    "text",
    [
        "I promote B1 to dev, then sideways in a hurry, then prod",
        "dev, staging and prod all frobnicate B1",
        "I sign v3, paint it blue and deploy it to prod",
    ],
)
def test_a_list_with_a_clause_no_phrase_has_does_not_match(text: str) -> None:
    keyword = "then" if "all" in text else "when"
    with pytest.raises(UndefinedStepError):
        REGISTRY.match(keyword, text)


BUILT = [
    'Given a manifest "web" version "1.0.0"',
    'When I build "web" as B1',
    "Given B1 passed every gate",
]


@pytest.mark.parametrize(("approved", "passes"), [(True, True), (False, False)])
def test_promoting_along_a_list_promotes_to_each_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], approved: bool, passes: bool
) -> None:
    approval = ["And I approve the promotion of B1 to prod"] if approved else []
    code, out = run_scenario(
        tmp_path,
        capsys,
        *BUILT,
        "When I promote B1 to dev, then staging, then prod",
        *approval,
        "Then dev, staging and prod all run B1",
    )
    assert (code == 0) is passes, out
