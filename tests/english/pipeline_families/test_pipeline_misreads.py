"""Lines that used to be read as something they do not say: a CVE id taken for a build
("the scan gate blocks on CVE-…"), an environment list split so that a build was taken
for an environment ("C3 is running in dev, staging and prod"), "all the way to prod" read
as straight to prod, a tag taken for a digest, and words taken for aliases ("node-1 has
failed", "prod isn't running anything", "staging and dev run the same build")."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_scenario

_PASSED = (
    'Given a manifest "checkout" version "2.4.0"',
    'When I build "checkout" as C3',
    "And C3 goes through every gate",
)


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                "And I promote C3 all the way to prod",
                "Then C3 is running in dev and staging",
                "And prod runs nothing",
                "When Dana approves the promotion of C3 to prod",
                "Then C3 is running in dev, staging and prod",
            ),
            True,
        ),
        (
            (
                "And I promote C3 all the way to staging",
                "Then C3 is running in dev, staging and prod",
            ),
            False,
        ),
        (("And I take C3 all the way to qa",), False),
        (
            (
                'Then "checkout:2.4.0" points to C3',
                "And the image checkout:2.4.0 has the digest of C3",
            ),
            True,
        ),
        (('Then "checkout:9.9.9" points to C3',), False),
    ],
)
def test_read_as_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_PASSED, *story)
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("blocking", "passes"),
    [("CVE-2026-1235", True), ("CVE-2026-1234", False)],
)
def test_a_cve_is_never_a_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], blocking: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "checkout" version "2.4.0"',
        'When I build "checkout" as C2',
        "And the unit tests of C2 pass with 95% coverage",
        "And the scan of C2 finds CVE-2026-1235, CRITICAL, in zlib",
        "And the scan of C2 finds CVE-2026-1234, LOW, in zlib",
        "And I run the pipeline",
        f"Then the scan gate blocks on {blocking}",
    )
    assert code == (0 if passes else 1), out


@pytest.mark.parametrize(
    ("keyword", "text", "domain"),
    [
        ("given", "node-1 has failed", "cluster: nodes"),
        ("then", "prod isn't running anything", "pipeline: promotion"),
        ("then", "staging and dev run the same build", "pipeline: environments"),
        ("when", "the pipeline runs on 2026-06-01", "pipeline: dated_runs"),
    ],
)
def test_a_word_is_not_an_alias(keyword: str, text: str, domain: str) -> None:
    matches = REGISTRY.match(keyword, text)
    assert [m.definition.domain for m in matches] == [domain]
    assert all("failed" not in m.arguments.values() for m in matches)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("C3 has not been promoted to prod", "never_ran"),
        ("C3 hasn't been deployed to prod yet", "never_ran"),
        ("C3 was never promoted to prod", "never_ran"),
        ("C3 is not promoted to prod", "does_not_run"),
    ],
)
def test_not_promoted_is_what_happened_never_a_refusal(said: str, meant: str) -> None:
    """'Has not been promoted' says what the history holds, 'is not promoted' what runs
    now; 'can not be promoted' (a check that the engine refuses) is another meaning."""
    (match,) = REGISTRY.match("then", said)
    assert match.definition.function.__name__ == meant


@pytest.mark.parametrize(
    ("promoted", "passes"),
    [("And I promote C3 to dev", True), ("And I promote C3 to dev, then staging", False)],
)
def test_not_promoted_to_an_environment_it_reached_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], promoted: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_PASSED, promoted, "Then C3 has not been promoted to staging yet"
    )
    assert code == (0 if passes else 1), out
