"""Mangled unit-test and rule files never crash `kubeloop test rules`: every outcome is a
verdict or a FILE:LINE problem, never an exception."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.promtool import run_file

RULES = """groups:
  - name: g
    interval: 30s
    rules:
      - record: job:up:sum
        expr: sum by (job) (up)
      - alert: Down
        expr: up == 0
        for: 2m
        keep_firing_for: 1m
        labels: {severity: page}
        annotations: {summary: "{{ $labels.job }} {{ $value | humanize }}"}
"""
TEST = """rule_files: [rules.yml]
evaluation_interval: 1m
tests:
  - name: t
    interval: 1m
    input_series:
      - series: 'up{job="a", instance="x"}'
        values: '1 0x5 stale _x2 1+1x3'
    alert_rule_test:
      - eval_time: 4m
        alertname: Down
        exp_alerts:
          - exp_labels: {severity: page, job: a, instance: x}
            exp_annotations: {summary: "a 0"}
    promql_expr_test:
      - expr: job:up:sum
        eval_time: 2m
        exp_samples:
          - labels: 'job:up:sum{job="a"}'
            value: 0
"""
ALPHABET = st.sampled_from(list(" \n:-{}[]'\"x_+.0123456789abcmsh|$()#&*!,=~"))


def mangle(text: str, edits: list[tuple[int, int, str]]) -> str:
    for position, cut, insert in edits:
        at = position % (len(text) + 1)
        text = text[:at] + insert + text[at + cut :]
    return text


EDITS = st.lists(
    st.tuples(st.integers(0, 10_000), st.integers(0, 3), st.text(ALPHABET, max_size=4)),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(test_edits=EDITS, rule_edits=EDITS, which=st.sampled_from(["test", "rules", "both"]))
def test_mangled_files_give_verdicts_not_exceptions(
    test_edits: list[tuple[int, int, str]],
    rule_edits: list[tuple[int, int, str]],
    which: str,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        test = mangle(TEST, test_edits) if which != "rules" else TEST
        rules = mangle(RULES, rule_edits) if which != "test" else RULES
        (folder / "rules.yml").write_text(rules)
        (folder / "test.yml").write_text(test)
        result = run_file(str(folder / "test.yml"))
        for group in result.groups:
            for failure in group.failures:
                assert failure.message.strip()
        if result.error is not None:
            assert "test.yml:" in result.error


def test_the_unmangled_files_pass(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(RULES)
    (tmp_path / "test.yml").write_text(TEST)
    assert run_file(str(tmp_path / "test.yml")).passed
