"""Misreads found by running the dev corpora (runs9): each line matched a phrase and then
failed, or passed, about something the writer never said.

- An environment is no deployment: "prod runs the digest of C8" was the check of a cluster
  deployment called "prod".
- An article alone is no name: "the fast burn alert … is firing and pages the on-call" was
  cut after "the", and "the pages the on-call" checked an SLO called "the".
- "no ticket was opened for it": "it" was an SLO called "it", not the one said last.
- "promoting C3 to dev is refused" said right after another check asked the step before
  (a check) to have failed; it is the attempt, said as its outcome.
- "v2 is signed and promoted to prod without approval" was a signature outside the pipeline
  and a promotion straight to prod, which skips dev and staging.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched

_NAMING = {"deployment", "sloname", "alert", "node"}


def _names(keyword: str, text: str) -> list[str]:
    """The values the line's reading took as a deployment's, an SLO's or a node's name."""
    load_step_library()
    return [
        str(value).lower()
        for match in REGISTRY.quietly(keyword, text)
        for key, value in match.arguments.items()
        if match.kinds().get(key) in _NAMING
    ]


@pytest.mark.parametrize(
    ("keyword", "text", "word"),
    [
        ("then", "prod runs the digest of C8", "prod"),
        ("then", "staging is running the digest of C2", "staging"),
        ("then", 'the fast burn alert for "ledger" is firing and pages the on-call', "the"),
        ("then", "the slow burn alert is firing and opens a ticket", "the"),
    ],
)
def test_a_word_that_names_nothing_is_no_name(keyword: str, text: str, word: str) -> None:
    load_step_library()
    assert REGISTRY.quietly(keyword, text), text
    assert word not in _names(keyword, text), text


_BUILT = (
    'Given "checkout" 3.1.0 is built as C7, passes every gate and is approved into prod',
    'And "checkout" 3.1.1 is built as C8, passes every gate and is approved into prod',
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("prod runs the digest of C8", True),
        ("prod runs the digest of C7", False),
        ("staging runs the digest of C8", True),
        ("prod is running the digest of C7", False),
    ],
)
def test_an_environment_runs_a_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BUILT, f"Then {check}")
    assert 'a deployment named "prod"' not in out, out
    assert (code == 0) is passes, out


_LEDGER = (
    'Given the service "ledger" serves 200 requests per second',
    'And an SLO "ledger-availability" of 99.9% over 30 days for "ledger"',
)


@pytest.mark.parametrize(
    ("errors", "check", "passes"),
    [
        ("60%", 'the fast burn alert for "ledger" is firing and pages the on-call', True),
        ("0%", 'the fast burn alert for "ledger" is firing and pages the on-call', False),
        ("60%", "the page alert is firing and pages the on-call", True),
    ],
)
def test_a_list_keeps_its_whole_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_LEDGER,
        f"When ledger starts failing {errors} of requests",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert 'an SLO named "the"' not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("errors", "check", "passes"),
    [
        ("0%", "no ticket was opened for it", True),
        ("5%", "no ticket was opened for it", False),
        ("5%", "a ticket was opened for it", True),
        ("0%", "nobody was paged for it", True),
        ("60%", "nobody was paged for that SLO", False),
    ],
)
def test_for_it_is_the_slo_said_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_LEDGER,
        f"When ledger starts failing {errors} of requests",
        "And 3 hours pass",
        'Then the error budget of "ledger-availability" is 43.2 minutes',
        f"And {check}",
    )
    assert 'an SLO named "it"' not in out, out
    assert (code == 0) is passes, out


_BLOCKED = (
    'Given a manifest "checkout" version "2.5.0"',
    'When I build "checkout" as C3',
    "Given C3's unit tests pass with 91% coverage",
    "And the scan of C3 finds CVE-2026-4821 (CRITICAL, package libxml2)",
    "When I run the pipeline for C3",
    "Then the pipeline is blocked at the scan",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("promoting C3 to dev is refused", True),
        ("deploying C3 to dev is rejected", True),
        ("dev refuses C3", True),
        ("the promotion of C3 to dev is refused because the scan blocked it", True),
        ("the promotion of C3 to dev is refused because it is not approved", False),
    ],
)
def test_a_refusal_said_after_a_check_is_tried(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BLOCKED, f"But {check}", "And dev runs nothing")
    assert (code == 0) is passes, out


def test_a_refusal_said_after_a_move_that_went_through_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.5.0"',
        'When I build "checkout" as C3',
        "Given C3 passed every gate",
        "When I promote C3 to dev",
        "Then promoting C3 to dev is refused",
    )
    assert code != 0 and "the previous step to fail" in out, out


def test_a_refusal_tried_after_a_check_fails_when_the_move_goes_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.5.0"',
        'When I build "checkout" as C3',
        "Given C3 passed every gate",
        "Then dev runs nothing",
        "And promoting C3 to dev is refused",
    )
    assert code != 0 and "C3 refused in dev" in out, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the reason says the scan evidence is missing", True),
        ("the reason says the scan results are absent", True),
        ("the reason says the unit evidence is missing", False),
    ],
)
def test_missing_evidence_is_no_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "booking" version "4.2.2"',
        'When I build "booking" as B3',
        "Given B3's unit tests pass with 95% coverage",
        "When I run the pipeline for B3",
        "Then the pipeline is blocked at the scan",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        ("v2 is signed and promoted to prod without approval", "prod still runs v1", True),
        ("v2 is promoted to prod without any approval", "the approval for prod is pending", True),
        ("v2 is signed and promoted to prod without approval", "staging runs v2", True),
        ("v2 is signed and promoted to prod without approval", "prod runs v2", False),
    ],
)
def test_promoted_without_approval_waits_at_prod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "booking" on 3 nodes with 3 replicas',
        f"When {said}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the deployment fails because P5 is not signed", True),
        ("the deployment failed because P5 has no signature", True),
        ("the deployment fails because P5 is not approved", False),
    ],
)
def test_the_deployment_fails_is_the_deploy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "payments" version "2.6.0"',
        'When I build "payments" as P5',
        "And I deploy P5 to staging",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_a_build_may_be_called_a() -> None:
    load_step_library()
    found = REGISTRY.quietly("when", 'I build "web" as A')
    assert [m.arguments.get("alias") for m in found] == ["A"]
