"""Rule files: model/rulefmt's checks, each a FILE:LINE error that says what to fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.errors import FixtureError
from kubeloop.telemetry.rules import load_rule_file, load_rule_text

GOOD = """\
groups:
  - name: web
    interval: 30s
    rules:
      - record: job:errors:ratio5m
        expr: sum by (job) (rate(errors[5m])) / sum by (job) (rate(requests[5m]))
      - alert: HighErrorRate
        expr: job:errors:ratio5m > 0.05
        for: 5m
        keep_firing_for: 10m
        labels: {severity: page}
        annotations: {summary: "{{ $labels.job }} is failing"}
"""


def test_a_good_file() -> None:
    (group,) = load_rule_text(GOOD, "web.yml").groups
    assert (group.name, group.interval_ms) == ("web", 30_000)
    record, alert = group.rules
    assert (record.kind, record.name, record.line) == ("record", "job:errors:ratio5m", 5)
    assert (alert.for_ms, alert.keep_firing_for_ms) == (300_000, 600_000)
    assert alert.labels == (("severity", "page"),)
    assert alert.where == "web.yml:7"


def problems(text: str) -> list[str]:
    with pytest.raises(FixtureError) as caught:
        load_rule_text(text, "r.yml")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("groups: [\n", "r.yml:2:1: $: not valid YAML"),
        ("grups: []\n", 'r.yml:1:1: grups: unknown field "grups"; did you mean "groups"?'),
        (
            "groups:\n- name: a\n  rules:\n  - record: x\n    expr: up\n    fo: 1m\n",
            'r.yml:6:5: groups[0].rules[0].fo: unknown field "fo"; did you mean "for"?',
        ),
        ("groups:\n- rules: []\n", "r.yml:2:3: groups[0]: Groupname must not be empty"),
        (
            "groups:\n- name: a\n- name: a\n",
            'r.yml:3:9: groups[1].name: groupname: "a" is repeated',
        ),
        (
            "groups:\n- name: a\n  interval: 5 minutes\n",
            'r.yml:3:13: groups[0].interval: not a valid duration string: "5 minutes"',
        ),
        (
            "groups:\n- name: a\n  rules:\n  - alert: A\n    expr: up\n    for: -1m\n",
            "r.yml:6:10: groups[0].rules[0].for: not a valid duration",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - expr: up\n",
            'r.yml:4:5: groups[0].rules[0]: group "a", rule 1, "": one of \'record\' or '
            "'alert' must be set",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - record: x\n    alert: y\n    expr: up\n",
            "only one of 'record' and 'alert' must be set",
        ),
        ("groups:\n- name: a\n  rules:\n  - record: x\n", "field 'expr' must be set in rule"),
        (
            "groups:\n- name: a\n  rules:\n  - record: x\n    expr: 'sum(up'\n",
            'r.yml:5:11: groups[0].rules[0].expr: group "a", rule 1, "x": could not parse '
            "expression",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - record: x\n    expr: up\n    for: 1m\n",
            "invalid field 'for' in recording rule",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - record: x\n    expr: up\n    annotations: {a: b}\n",
            "invalid field 'annotations' in recording rule",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - record: 'x{a=\"b\"}'\n    expr: up\n",
            "braces present in the recording rule name",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - alert: A\n    expr: up\n    labels: {__name__: c}\n",
            "invalid label name: __name__",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - alert: A\n    expr: up\n    annotations: {s: '{{ "
            "$labels.x'}\n",
            "template: __alert_A: unclosed action",
        ),
        (
            "groups:\n- name: a\n  rules:\n  - alert: A\n    expr: up\n    annotations: {s: '{{ "
            "nosuch 1 }}'}\n",
            'function "nosuch" not defined',
        ),
        (
            "groups:\n- name: a\n  rules:\n  - alert: A\n    expr: up\n    annotations: {s: '{{ "
            "if 1 }}x'}\n",
            "missing its {{end}}",
        ),
        ("groups:\n- name: a\n  rules: [1]\n", "groups[0].rules[0]: must be a mapping, not a int"),
        (
            "groups:\n- name: a\n  rules:\n  - !!python/object:os.system {}\n",
            "the tag tag:yaml.org,2002:python/object:os.system is not allowed",
        ),
        ("groups: []\n---\ngroups: []\n", "r.yml:2:1: $: more than one YAML document"),
    ],
)
def test_broken_rule_files(text: str, expected: str) -> None:
    found = problems(text)
    assert any(expected in p for p in found), found


def test_every_problem_is_reported_at_once() -> None:
    found = problems(
        "groups:\n- name: a\n  rules:\n  - record: x\n    expr: 'up +'\n"
        "  - alert: B\n    expr: up\n    for: soon\n"
    )
    assert len(found) == 2
    assert found[0].startswith("r.yml:5:") and found[1].startswith("r.yml:8:")


def test_unknown_fields_can_be_ignored_like_ignore_unknown_fields(tmp_path: Path) -> None:
    path = tmp_path / "r.yml"
    path.write_text("groups:\n- name: a\n  owner: me\n  rules: []\n")
    with pytest.raises(FixtureError):
        load_rule_file(path)
    assert load_rule_file(path, ignore_unknown=True).groups[0].name == "a"


def test_group_labels_apply_to_rules_and_rule_labels_win() -> None:
    (group,) = load_rule_text(
        "groups:\n- name: a\n  labels: {team: sre, tier: x}\n  rules:\n"
        "  - alert: A\n    expr: up\n    labels: {tier: y}\n"
    ).groups
    assert group.rules[0].labels == (("team", "sre"), ("tier", "y"))


def test_numbers_in_string_fields_keep_their_text() -> None:
    (group,) = load_rule_text(
        "groups:\n- name: 0x10\n  rules:\n  - record: r\n    expr: 1e3\n"
    ).groups
    assert group.name == "0x10"
    assert group.rules[0].expr == "1e3"


def test_utf8_names_are_valid_as_in_prometheus_3() -> None:
    """Prometheus 3 validates names as UTF-8: any non-empty text is a metric or label name."""
    text = (
        "groups:\n- name: a\n  rules:\n  - record: my.ratio:rate5m\n    expr: up\n"
        "    labels: {'team.name': x, 'a-b': y}\n"
    )
    rule = load_rule_text(text).groups[0].rules[0]
    assert rule.name == "my.ratio:rate5m"
    assert dict(rule.labels) == {"team.name": "x", "a-b": "y"}
