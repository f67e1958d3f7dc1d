"""A scenario that runs to a failure the writer did not expect, where the engine is right:
the failure says what the engine did and the sentence that gets what the writer meant."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


def test_an_alert_rollback_with_nothing_to_go_back_to_says_why_under_the_failed_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Prod started from v3, its only release, and the deployment ran nothing before it:
    the page cannot roll prod back, and the check on the pods' version shows that attempt
    and how to start from v1 as a release. (A deployment that ran v1 before the pipeline
    goes back to it: features/links/abort-to-stable.feature.)"""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given prod runs version v3 of "shop" on 2 nodes with 2 replicas',
        'And the service "shop" serves 50 requests per second',
        'And an SLO "shop-ok" of 99.9% over 30 days for the service "shop"',
        'And "shop" rolls back when the SLO "shop-ok" pages',
        "And pods running v3 fail 40% of requests",
        "When 20 minutes pass",
        'Then every pod of "shop" runs v1',
    )
    assert code == 1
    assert 'the SLO "shop-ok" pages, but prod did not roll back' in out
    assert "no previous known-good digest" in out
    assert 'Given prod runs version v1 of "shop" on 3 nodes with 4 replicas' in out


_FULL = [
    "Given 3 nodes",
    'And a deployment "cart" with 12 replicas requesting 1 CPU per pod',
    "When I roll out version v2 of cart with maxSurge 1 and maxUnavailable 0",
]


def test_a_surge_with_no_room_gives_the_numbers_and_the_check_that_expects_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Twelve pods of 1 CPU fill three 4-CPU nodes: the surge pod has nowhere to go, and
    the refusal says why in numbers and which Then expects a stall."""
    code, out = run_matched(tmp_path, capsys, *_FULL, "Then cart has 12 replicas")
    assert code == 1
    assert "each pod requests 1 cpu; the Ready nodes have 12 of their 12 cpu requested" in out
    assert "maxUnavailable=0 keeps them up" in out
    assert "say so next: Then the rollout stalls" in out
    code, out = run_matched(tmp_path, capsys, *_FULL, "Then the rollout stalls")
    assert code == 0, out


_BLOCKED = [
    'Given a manifest "pay" version "3.1.0"',
    'When I build "pay" as P3',
    "Given the unit tests of P3 pass with 97% coverage",
    "And the scan of P3 shows CVE-2026-7000 (HIGH, package zlib)",
    "When I run the pipeline for P3",
    "And I promote P3 to dev",
]


def test_a_refused_when_names_the_check_that_expects_the_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A When the engine refuses fails at its own line; the message gives the Then that
    says the refusal was expected, and that Then, written next, passes."""
    code, out = run_matched(tmp_path, capsys, *_BLOCKED, "Then dev runs nothing")
    assert code == 1
    hint = 'say so next: Then the operation fails with "cannot promote to dev"'
    assert hint in out, out
    code, out = run_matched(
        tmp_path, capsys, *_BLOCKED, hint.split("next: ")[1], "And dev runs nothing"
    )
    assert code == 0, out


def test_an_alert_that_never_fired_shows_its_condition_beside_the_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """1% of api's requests fail and the alert wants over 10%: the check that expected it
    firing shows the ratio the rule computed now, and the bound it never crossed."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "api" serves 200 requests per second with 1% errors',
        'And an alert "ApiErrors" fires if over 10% of api\'s requests fail for 5 minutes',
        "When 15 minutes pass",
        'Then "ApiErrors" is firing',
    )
    assert code == 1
    assert "its condition never held:" in out, out
    assert "=> 0.01 now, and must be > 0.1" in out, out


def test_a_mistake_in_what_the_scenario_said_gets_no_then_to_expect_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A When naming a deployment no line declared is the writer's mistake, not a refusal
    to expect: its message says how to declare it, and offers no Then."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        "When I scale basket to 5 replicas",
        "Then 5 pods are running",
    )
    assert code == 1
    assert "no Then step checked it" not in out or "(and no Then step checked it)" in out, out
    assert "if the refusal is what you expect" not in out, out


def test_a_failure_about_errors_shows_each_services_room_beside_its_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pods that serve at most 50 requests a second each: the picture under a failed check
    says how much room the ready pods leave, and how much fails for want of pods."""
    lines = [
        "Given 2 nodes",
        'And a deployment "shop" with 4 replicas requesting 2 CPU per pod',
        'And the service "shop" serves 200 requests per second',
        'And each pod of "shop" serves at most 50 requests per second',
        'And an alert "ShopErrors" fires if over 5% of shop\'s requests fail for 5 minutes',
        "When node-2 fails",
        "And 10 minutes pass",
        'Then "ShopErrors" is not firing',
    ]
    code, out = run_matched(tmp_path, capsys, *lines)
    assert code == 1
    assert "service shop: 2 ready pod(s) of shop at most 50 rps each" in out, out
    assert "room for 100 of its 200 rps: 100 rps fail for want of pods" in out, out
