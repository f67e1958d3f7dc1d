"""The pipeline's, telemetry's and one world's words as release engineers and SREs say
them: each test runs a small scenario through ``kubeloop run`` (so the grammar, the engine
calls and the checks are all exercised), or asks the registry what a sentence means."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.harness.registry import REGISTRY


def _run(tmp_path: Path, body: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    feature = tmp_path / "story.feature"
    feature.write_text(f"Feature: words\n  Scenario: one\n{body}")
    code = main(["run", str(feature)])
    return code, capsys.readouterr().out


def _steps(*lines: str) -> str:
    return "".join(f"    {line}\n" for line in lines)


def test_the_same_commit_builds_the_same_digest_and_is_named_by_its_commit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            "Given I build commit 9f8e7d6 as B1",
            "And I build commit 9f8e7d6 again as B2",
            "When I build commit 0a0b0c0 as B3",
            "Then B1 and B2 have the same digest",
            "And B3 has a different digest from B1",
            "And the image built from commit 9f8e7d6 and B2 are the same artifact",
        ),
        capsys,
    )
    assert code == 0, out


def test_a_check_about_a_different_commit_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            "Given I build commit 9f8e7d6 as B1",
            "When I build commit 0a0b0c0 as B3",
            "Then B1 and B3 have the same digest",
        ),
        capsys,
    )
    assert code == 1 and "to have one digest" in out, out


def test_facts_said_in_one_breath_are_made_true_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            "Given R4 is built from commit 1234abc, tested with 95% coverage and scanned clean",
            "And R4 passed all its gates and was signed",
            "And R4 was promoted to dev and staging",
            "Then staging runs R4",
            "And prod has nothing deployed",
            "And every gate on R4 is green",
            "And the unit test gate passed for R4",
        ),
        capsys,
    )
    assert code == 0, out


def test_a_gate_blocks_because_of_what_its_reason_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = _steps(
        "Given an artifact R3 built from commit c0ffee1",
        "And its unit tests pass with 88% coverage",
        "And the scan reports CVE-2024-3094 as critical in R3",
        "When I run the pipeline",
        "Then the vulnerability gate blocks R3 because {reason}",
    )
    code, out = _run(tmp_path, body.format(reason="CVE-2024-3094 is critical"), capsys)
    assert code == 0, out
    code, out = _run(tmp_path, body.format(reason="the waiver has expired"), capsys)
    assert code == 1 and "to block because the waiver has expired" in out, out


def test_traffic_errors_for_a_while_and_a_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            'Given an SLO "checkout" of 99.9% availability over 30 days',
            "And checkout gets 100 requests a second",
            "When half of all checkout requests fail for 10 minutes",
            "Then the fast burn alert is firing",
            "And someone gets paged for checkout",
            "When 2 hours pass",
            "Then the fast burn alert is no longer firing",
            "And nobody is paged",
            "But someone was paged for checkout",
            "And the error rate of checkout is 0%",
        ),
        capsys,
    )
    assert code == 0, out


def test_nobody_was_paged_fails_after_a_page_that_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            'Given an SLO "checkout" of 99.9% availability over 30 days',
            "And checkout gets 100 requests a second",
            "When half of all checkout requests fail for 10 minutes",
            "And 2 hours pass",
            "Then nobody was paged",
        ),
        capsys,
    )
    assert code == 1 and "paged by" in out, out


def test_is_compares_the_whole_reason_and_starts_with_a_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = _steps(
        "Given 1 node with 1 cpu and 8Gi memory",
        "And a deployment of 2 requesting 1 cpu",
        'Then the pending pod\'s reason {how} "0/1 nodes are available: 1 Insufficient cpu."',
    )
    code, out = _run(tmp_path, body.format(how="is"), capsys)
    assert code == 1 and "a reason to be" in out, out
    code, out = _run(tmp_path, body.format(how="starts with"), capsys)
    assert code == 0, out


def test_a_rejected_when_is_marked_at_its_own_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            "Given 3 nodes and a deployment of 4",
            "When I scale web to -1 replicas",
            "Then 4 pods are running",
        ),
        capsys,
    )
    assert code == 1
    assert "✗ When I scale web to -1 replicas" in out, out
    assert "- Then 4 pods are running" in out, out


def test_a_check_written_under_given_says_write_then() -> None:
    message = REGISTRY.undefined_message("given", "the pipeline passes")
    assert "this is a check: write Then the pipeline passes" in message


def test_a_line_nothing_is_close_to_gets_phrases_about_its_nouns() -> None:
    message = REGISTRY.undefined_message("then", "a rollback of prod wakes up the whole team")
    assert "nothing close; it talks about rollback, prod" in message
    assert "Then there is a rollback event recorded for prod" in message


def test_suggestions_rank_the_lines_own_mechanism_and_keep_its_values() -> None:
    first = REGISTRY.suggestions("then", "the eror rate of web is 2%")[0]
    assert first == "Then the error rate of web is 2%"


def test_the_alert_and_the_slo_are_the_ones_named_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            'Given an alert rule HighErrorRate on \'sum(rate(http_requests_total{code=~"5.."}'
            "[5m])) > 1000' for 5m",
            'And an SLO "checkout" of 99.9% availability over 30 days',
            "And checkout gets 100 requests a second",
            "When 10 minutes pass",
            "Then the alert never fired",
            "And the error budget remaining for the SLO is 100%",
            "And the SLO does not page",
        ),
        capsys,
    )
    assert code == 0, out


def test_a_version_that_fails_for_a_while_is_the_pods_running_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            "Given 3 nodes and a deployment of 4",
            "And web serves 100 requests per second",
            'And the service "web" is served by the pods of web',
            "When v1 fails 50% of its requests for 10 minutes",
            "Then the error rate of web is 50%",
            "When 10 minutes pass",
            "Then the error rate of web is 0%",
        ),
        capsys,
    )
    assert code == 0, out


def test_a_waiver_said_plainly_lets_the_finding_through_until_it_expires(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        _steps(
            "Given coverage must be at least 80%",
            "And an artifact R3 built from commit c0ffee1",
            "And R3's unit tests pass with 88% coverage",
            "And R3's integration tests pass",
            "And the scan of R3 finds a critical CVE-2024-3094 in xz",
            'And the waiver list accepts CVE-2024-3094 because "not reachable"',
            "When R3 goes through the pipeline",
            "Then the pipeline for R3 passes",
            "And R3 has a signature",
            "When a waiver for CVE-2024-3094 is added that expires in 2 days",
            "And 3 days pass",
            "And I run the pipeline for R3 again",
            "Then the vulnerability scan blocks R3 because CVE-2024-3094 is critical",
        ),
        capsys,
    )
    assert code == 0, out


def test_a_deployment_named_where_an_environment_goes_is_about_its_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = _steps(
        "Given 3 nodes and a deployment of 4",
        "When I roll out v2",
        "And I reconcile until stable",
        "Then web is on {version}",
    )
    code, out = _run(tmp_path, body.format(version="v2"), capsys)
    assert code == 0, out
    code, out = _run(tmp_path, body.format(version="v3"), capsys)
    assert code == 1 and 'expected: every pod of "web" at v3' in out, out


def test_it_after_a_manifest_is_that_manifest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = _steps(
        'Given a manifest "payments" version "3.2.0"',
        "And it is built as P1",
        'And a manifest "payments" version "3.3.0"',
        "And it is built as P4, passes every gate and is approved into prod",
        "Then prod runs P4",
        "And P1 and P4 have different digests",
    )
    code, out = _run(tmp_path, body, capsys)
    assert code == 0, out
    code, out = _run(tmp_path, _steps("Given it is built as P1", "Then prod runs P1"), capsys)
    assert code == 1 and 'a manifest "it" declared earlier' in out, out
