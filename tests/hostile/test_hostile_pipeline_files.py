"""Hostile pipeline definitions and manifests: each problem points at the field that is
wrong (FILE:LINE:COL), a value with a line break is never accepted, and ``kubeloop
validate`` reads a ``kind: Pipeline`` file as the pipeline step does."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.cli import main
from kubeloop.errors import FixtureError
from kubeloop.fixtures.pipeline_definition import read_definition
from kubeloop.fixtures.pipeline_reports import read_manifest
from kubeloop.pipeline import InvalidDigestError, InvalidManifestError, parse_digest
from kubeloop.pipeline.digest import canonical_bytes

HEAD = "apiVersion: kubeloop.dev/v1alpha1\nkind: Pipeline\nspec:\n"

# (id, spec lines, "LINE:COL path", a piece of the message)
DEFINITIONS = [
    (
        "unknown-trusted-key",
        "  keys: [{name: a, seed: s}]\n  environments:\n  - name: dev\n    trusts: [nokey]\n",
        "6:5: spec.environments[0]",
        "trusts unknown key(s) nokey",
    ),
    ("iso-week-epoch", '  epoch: "2026-W01-1"\n', "4:10: spec.epoch", "YYYY-MM-DD"),
    (
        "duplicate-key",
        "  keys: [{name: a, seed: s}, {name: a, seed: t}]\n",
        "4:9: spec.keys",
        "key names must be unique",
    ),
    ("undefined-signing-key", "  signWith: ghost\n", "4:13: spec.signWith", '"ghost" is not'),
    (
        "duplicate-environment",
        "  environments:\n  - name: dev\n  - name: dev\n",
        "6:11: spec.environments[1].name",
        "listed twice",
    ),
    (
        "environment-name-newline",
        '  environments:\n  - name: "dev\\n"\n',
        "5:11: spec.environments[0].name",
        "",
    ),
    ("timeout-zero", "  approvalTimeoutDays: 0\n", "4:24: spec.approvalTimeoutDays", ""),
]


@pytest.mark.parametrize(
    ("case", "spec", "where", "message"), DEFINITIONS, ids=[c[0] for c in DEFINITIONS]
)
def test_a_pipeline_definition_error_points_at_its_field(
    case: str, spec: str, where: str, message: str
) -> None:
    with pytest.raises(FixtureError) as caught:
        read_definition(HEAD + spec, "p.yaml")
    shown = str(caught.value)
    assert f"p.yaml:{where}" in shown, shown
    assert message in shown, shown


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"name": "web", "version": "1\\n"}', "1:28: version"),
        ('{"name": "web\\n", "version": "1"}', "1:10: name"),
        ('{"name": "web", "version": "1\\u2028"}', "1:28: version"),
        ('{"name": "web", "version": "1\\u0085"}', "1:28: version"),
        ('name: web\nversion: "1\\r"\n', "2:10: version"),
        ('name: web\nversion: "\\t1"\n', "2:10: version"),
    ],
)
def test_a_manifest_name_or_version_with_a_line_break_is_refused(text: str, where: str) -> None:
    with pytest.raises(FixtureError, match=f"m.json:{where}"):
        read_manifest(text, "m.json", "web")


def test_validate_reads_a_pipeline_file_as_the_pipeline_step_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "pipeline.yaml"
    good.write_text(HEAD + "  coverage: {failUnder: 80}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(HEAD + "  signWith: ghost\n")
    assert main(["validate", str(good)]) == 0
    assert f"{good}: valid" in capsys.readouterr().out
    assert main(["validate", str(bad)]) == 1
    assert f"{bad}:4:13: spec.signWith" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("sha256:" + "a" * 64 + "\n", "\\n'"),
        ("sha256:" + "a" * 64 + "\x1b[2J", "\\x1b[2J'"),
        ("sha256:" + "٣" * 64, "٣"),
        ("sha256:" + "a" * 5000, "(5007 characters)"),
    ],
)
def test_a_digest_with_control_characters_is_refused_and_shown_escaped(
    text: str, shown: str
) -> None:
    with pytest.raises(InvalidDigestError) as caught:
        parse_digest(text)
    message = str(caught.value)
    assert shown in message and "\x1b" not in message and "\n" not in message
    assert len(message) < 300


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"a": "\ud800"}, "lone surrogate"),
        ({"\udfff": 1}, "lone surrogate"),
        ({"a": 10**400}, r"larger than 2\^53"),
        ({"a": float("nan")}, "floating-point"),
    ],
)
def test_a_manifest_value_without_a_canonical_form_is_refused(
    value: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidManifestError, match=message) as caught:
        canonical_bytes(value)
    assert len(str(caught.value)) < 300
