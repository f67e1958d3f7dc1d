"""Sentences of the families release and QA people use that read the phrases they say:
a manifest "is at version", a project version "built as", "CI builds P from that commit",
"a build of P that passed every gate", unit tests "green with" or passed "at" a coverage,
"coverage.py reports", a scan of an artifact "comes back clean" or finds an id with its
severity and package, the pipeline "is re-run", an artifact that "passes", and a history
of verified deployments. A wrong value fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("story", "passes"),
    [
        (
            (
                'Given the "orders" manifest is at version "3.2.0" on commit 3f9c2ab',
                'When I build "orders" as build-1',
                'Then build-1 is tagged "orders:3.2.0"',
                'Given orders version "3.2.1" has been built as build-2',
                'Then build-2 is tagged "orders:3.2.1"',
            ),
            True,
        ),
        (
            (
                "Given a commit 3f9c2ab of payments-api",
                "When CI builds payments-api from that commit as build-A",
                'Then build-A is tagged "payments-api:3f9c2ab"',
            ),
            True,
        ),
        (
            (
                'Given a manifest "checkout" version "1.4.0"',
                'And a build of "checkout" that passed every gate',
                "Then it is signed",
                'And it is tagged "checkout:1.4.0"',
            ),
            True,
        ),
        (
            (
                'Given a manifest "checkout" version "1.4.0"',
                'When I build "checkout" as B1',
                "Given the coverage threshold is 90%",
                "And B1's unit tests are green with 85% coverage",
                "And the Trivy scan of B1 comes back clean",
                "And the integration tests of B1 pass",
                "When the pipeline is re-run for B1",
                "Then it is blocked on coverage",
                "Given B1 passes its unit tests at 93% coverage",
                "When the pipeline is re-run for B1",
                "Then B1 passes",
            ),
            True,
        ),
        (
            (
                'Given a manifest "checkout" version "1.4.0"',
                'When I build "checkout" as B1',
                "Given build B1 passes 300 unit tests with 85% coverage",
                "And coverage.py reports 91% for B1",
                'And the scan of B1 finds CVE-2025-9931 with severity HIGH in package "zlib"',
                "And the integration tests of B1 pass",
                "When I run the pipeline for B1",
                "Then B1 passes",
            ),
            False,
        ),
        (
            (
                'Given a manifest "checkout" version "1.4.0"',
                'When I build "checkout" as B1',
                "Given B1 is running in prod",
                "Then every entry in prod's history has a verified signature",
            ),
            True,
        ),
        (
            (
                'Given a manifest "checkout" version "1.4.0"',
                'When I build "checkout" as B1',
                "Then every entry in prod's history has a verified signature",
            ),
            False,
        ),
    ],
)
def test_families_said_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], story: tuple[str, ...], passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *story)
    assert code == (0 if passes else 1), out
