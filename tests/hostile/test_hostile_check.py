"""``kubeloop check`` validates every fixture a scenario names, of every kind, without
running it: each hostile fixture below is reported at its step's line, with the fixture's
own FILE:LINE, and a fixture broken on purpose (the next step expects the failure) is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main

XXE = (
    '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    "<testsuite>&x;</testsuite>\n"
)
TRIVY = (
    '{"SchemaVersion": 2, "ArtifactName": "web", "Results": [{"Target": "t", '
    '"Vulnerabilities": [{"VulnerabilityID": "CVE-2026-1", "Severity": "SEVERE", '
    '"PkgName": "p", "InstalledVersion": "1"}]}]}'
)

# (id, the step, the fixture file's name and text or None, a piece of what check prints)
CASES = [
    ("junit-xxe", 'Given the unit tests of D1 report "r.xml"', ("r.xml", XXE), "DOCTYPE"),
    (
        "junit-unicode-count",
        'Given the integration tests of D1 report "r.xml"',
        ("r.xml", '<testsuite tests="²"/>'),
        "ASCII digits",
    ),
    (
        "coverage-missing",
        'Given the coverage report of D1 is "coverage.json"',
        None,
        "coverage.json:1:1: $: cannot read the file",
    ),
    (
        "trivy-unknown-severity",
        'Given the scan report of D1 is "trivy.json"',
        ("trivy.json", TRIVY),
        "'SEVERE' is not allowed",
    ),
    (
        "waiver-bad-id",
        'Given waiver list version 1 from ".trivyignore"',
        (".trivyignore", "CVE-2026-1111\nCVE-2026-1;x\n"),
        ".trivyignore:2:1: $: waiver id 'CVE-2026-1;x' is not a vulnerability id",
    ),
    (
        "waiver-hidden-break",
        'Given waiver list version 1 from ".trivyignore"',
        (".trivyignore", "CVE-2026-1111\u2028CVE-2026-2222\n"),
        "which Trivy does not read as a line break",
    ),
    (
        "openvex-no-justification",
        'Given the waiver list "w.openvex.json"',
        (
            "w.openvex.json",
            '{"@context": "https://openvex.dev/ns/v0.2.0", "author": "a", "timestamp": '
            '"2026-01-01T00:00:00Z", "version": 1, "statements": [{"vulnerability": '
            '"CVE-2026-1", "status": "not_affected"}]}',
        ),
        "needs a justification",
    ),
    (
        "pipeline-outside-project",
        'Given the pipeline "../../../../../../../../etc/passwd"',
        None,
        "leaves the project",
    ),
    (
        "rule-test-file-outside-project",
        'When I run kubeloop test rules on "/etc/passwd"',
        None,
        "leaves the project",
    ),
    (
        "rule-test-file-missing",
        'When I run kubeloop test rules on "none_test.yml"',
        None,
        "none_test.yml:1:1: $: cannot read the file",
    ),
    (
        "pipeline-unknown-field",
        'Given the pipeline "pipeline.yaml"',
        ("pipeline.yaml", "apiVersion: kubeloop.dev/v1alpha1\nkind: Pipeline\nspec:\n  scan: 1\n"),
        'unknown field "scan"',
    ),
    (
        "manifest-wrong-name",
        'Given the manifest "web" from "web.json"',
        ("web.json", '{"name": "api", "version": "1"}'),
        'the manifest is "api", not "web"',
    ),
    (
        "rules-bad-promql",
        'Given the rules from "rules.yml"',
        ("rules.yml", "groups:\n- name: g\n  rules:\n  - record: r\n    expr: 'sum(('\n"),
        "rules.yml:5",
    ),
    (
        "sloth-not-a-mapping",
        'Given the SLOs from "slos.yml"',
        ("slos.yml", "- just\n- a list\n"),
        "slos.yml:1",
    ),
]


@pytest.mark.parametrize(("case", "step", "fixture", "message"), CASES, ids=[c[0] for c in CASES])
def test_check_reports_a_broken_fixture_of_every_kind(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    case: str,
    step: str,
    fixture: tuple[str, str] | None,
    message: str,
) -> None:
    features = tmp_path / "features"
    features.mkdir()
    if fixture is not None:
        (features / fixture[0]).write_text(fixture[1])
    (features / "f.feature").write_text(f"Feature: f\n  Scenario: s\n    {step}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "features"]) == 1
    out = capsys.readouterr().out
    assert "f.feature:3: fixture" in out, out
    assert message in out, out
    assert "root:x" not in out


def test_a_fixture_broken_on_purpose_is_the_scenarios_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    features = tmp_path / "features"
    features.mkdir()
    (features / "r.xml").write_text(XXE)
    (features / "f.feature").write_text(
        "Feature: f\n  Scenario: s\n"
        '    Given the unit tests of D1 report "r.xml"\n'
        '    Then the operation fails with "DOCTYPE"\n'
    )
    monkeypatch.chdir(tmp_path)
    assert main(["check", "features"]) == 0, capsys.readouterr().out
