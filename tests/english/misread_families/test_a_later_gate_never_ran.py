"""An explanation about a gate after the one that blocked (runs16, blind batch43: no
integration results and no scan result, then "the block says the integration test evidence
is missing"): gates run in order and stop at the first block, so the later gate never ran
and its evidence was never looked at. The check says where the run stopped and what lets
that gate pass; with it, the same check passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BUILT = (
    'Given a manifest "feed" version "1.2.0"',
    'When I build "feed" as F3',
    "And the unit tests of F3 pass with 97% coverage",
)
_RUN = (
    "But nobody uploaded integration test results for F3",
    "When I run the pipeline for F3",
    "Then the reason mentions the integration test evidence",
)


def test_an_explanation_about_a_gate_never_reached_says_where_the_run_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BUILT, *_RUN)
    assert code != 0, out
    assert "the run stopped at the scan gate, before the integration gate" in out, out
    assert '(e.g. "the scan of F3 is clean")' in out, out


def test_with_the_earlier_gate_given_its_input_the_explanation_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BUILT, "And the scan of F3 is clean", *_RUN)
    assert code == 0, out
