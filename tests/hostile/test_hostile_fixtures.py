"""Hostile fixtures: each must be refused with FILE:LINE:COL and the exact kind of problem,
quickly, as a FixtureError (never a traceback, never a hang)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from kubeloop.errors import FixtureError
from kubeloop.fixtures import load_fixture, load_fixture_text

C = "apiVersion: kubeloop.dev/v1alpha1\nkind: Cluster\n"
N = "apiVersion: v1\nkind: Node\n"
D = (
    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n"
    "  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n"
    "    spec:\n      containers: [{name: main}]\n"
)

# (id, text, "LINE:COL" or "LINE", a piece of the message)
BOMB = (
    "a: &a [x,x,x,x,x,x,x,x,x,x]\n"
    + "".join(
        f"{b}: &{b} [{', '.join(['*' + a] * 10)}]\n" for a, b in zip("abcd", "bcde", strict=True)
    )
    + f"f: [{', '.join(['*e'] * 10)}]\n"
)

CASES = [
    ("tag-int", C + "nodes:\n- {name: n, pods: !!int abc}\n", "4", "not a valid !!int"),
    ("tag-float", C + "nodes:\n- {name: n, cpu: !!float abc}\n", "4", "not a valid !!float"),
    ("tag-bool", C + "nodes:\n- {name: n, unschedulable: !!bool maybe}\n", "4", "!!bool"),
    ("tag-timestamp", C + "nodes:\n- {name: n, cpu: !!timestamp garbage}\n", "4", "!!timestamp"),
    ("tag-int-empty", C + "nodes:\n- {name: n, pods: !!int }\n", "4", "not a valid !!int"),
    ("tag-float-empty", C + "nodes:\n- {name: n, cpu: !!float }\n", "4", "not a valid !!float"),
    ("tag-python", C + "nodes: !!python/object:os.system x\n", "3", "is not allowed"),
    ("tag-custom", C + "nodes: !mine [1]\n", "3", "is not allowed"),
    ("tag-map-on-seq", C + "nodes: !!map [1]\n", "3", "does not fit"),
    ("int-5000-digits", C + "nodes:\n- {name: n, pods: " + "9" * 5000 + "}\n", "4", "too large"),
    ("int-over-int64", C + "nodes:\n- {name: n, pods: 9223372036854775808}\n", "4", "too large"),
    ("int-negative-huge", C + "nodes:\n- {name: n, pods: -" + "9" * 30 + "}\n", "4", "too large"),
    ("float-inf", C + "nodes:\n- {name: n, cpu: 1.0e+400}\n", "4", "not finite"),
    ("float-dot-inf", C + "nodes:\n- {name: n, cpu: .inf}\n", "4", "not finite"),
    ("float-nan", C + "nodes:\n- {name: n, memory: .nan}\n", "4", "not finite"),
    ("float-neg-inf", C + "nodes:\n- {name: n, cpu: -.inf}\n", "4", "not finite"),
    ("quantity-exp-huge", C + "nodes:\n- {name: n, cpu: '1e999999999'}\n", "4", "out of range"),
    ("quantity-exp-tiny", C + "nodes:\n- {name: n, cpu: '1e-999999999'}\n", "4", "out of range"),
    ("quantity-long", C + "nodes:\n- {name: n, cpu: '" + "1" * 5000 + "'}\n", "4", "Quantity"),
    ("depth-5000-flow", C + "nodes: " + "[" * 5000 + "]" * 5000 + "\n", "3", "nest"),
    (
        "depth-100-block",
        "a:\n" + "".join("  " * i + "- \n" for i in range(100)),
        "",
        "nested deeper than 64",
    ),
    ("complex-key-seq", C + "? [a, b]\n: c\n", "3", "a key must be plain text"),
    ("complex-key-map", C + "? {a: b}\n: c\n", "3", "a key must be plain text"),
    ("alias-key", C + "x: &k a\n*k : b\n", "4", "a key must be plain text"),
    ("merge-key", C + "nodes:\n- <<: {name: n}\n", "4", "merge keys"),
    ("duplicate-key", C + "nodes: []\nnodes: []\n", "4", "appears twice"),
    ("nul-byte", C + "nodes:\n- {name: n\x00}\n", "4:11", "a NUL byte"),
    ("control-char", C + "nodes:\n- {name: n\x07}\n", "4:11", "control character"),
    ("metadata-list", N + "metadata: [name, n1]\n", "3", "metadata: must be object"),
    ("metadata-string", N + "metadata: n1\n", "3", "must be object"),
    (
        "count-huge",
        C + "nodes:\n- {name: n, count: 100000000}\n",
        "4",
        "must be less than or equal to 100000",
    ),
    (
        "count-total",
        C + "nodes:\n- {name: a, count: 60000}\n- {name: b, count: 60000}\n",
        "5",
        "more than 100000 nodes",
    ),
    ("count-zero", C + "nodes:\n- {name: n, count: 0}\n", "4", "greater than or equal to 1"),
    (
        "replicas-int32",
        C + "deployments:\n- {name: web, replicas: 3000000000}\n",
        "4",
        "must be less than or equal to 2147483647",
    ),
    (
        "replicas-negative",
        C + "deployments:\n- {name: web, replicas: -1}\n",
        "4",
        "Invalid value: -1",
    ),
    (
        "manifest-replicas-int32",
        D.replace("spec:\n", "spec:\n  replicas: 2147483648\n", 1),
        "5",
        "less than or equal to",
    ),
    (
        "hpa-max-int32",
        C
        + "deployments: [{name: web}]\nautoscalers:\n"
        + "- {deployment: web, maxReplicas: 9999999999, targetCPUUtilization: 50}\n",
        "5",
        "less than or equal to",
    ),
    (
        "pods-string-huge",
        N + "metadata: {name: n}\nstatus: {allocatable: {pods: '" + "9" * 40 + "'}}\n",
        "4",
        "not a valid",
    ),
    (
        "compact-collision",
        C + "nodes:\n- {name: n, count: 2}\n- {name: n-1}\n",
        "5",
        'node name "n-1" is also declared',
    ),
    (
        "compact-vs-manifest",
        C + "nodes: [{name: a, count: 2}]\n---\n" + N + "metadata: {name: a-2}\n",
        "7",
        "also declared",
    ),
    ("deployment-collision", C + "deployments: [{name: web}]\n---\n" + D, "7", "also declared"),
    ("label-value-64", C + "nodes:\n- {name: n, labels: {a: " + "x" * 64 + "}}\n", "4", "too long"),
    ("label-value-bad", C + "nodes:\n- {name: n, labels: {a: -x}}\n", "4", "a valid label must be"),
    (
        "label-key-bad",
        C + "nodes:\n- {name: n, labels: {'-x': a}}\n",
        "4",
        "name part must consist",
    ),
    ("label-key-slashes", N + "metadata: {name: n, labels: {a/b/c: x}}\n", "3", "a qualified name"),
    (
        "label-key-upper-prefix",
        N + "metadata: {name: n, labels: {Example.com/a: x}}\n",
        "3",
        "prefix part",
    ),
    (
        "label-key-64",
        N + "metadata: {name: n, labels: {" + "k" * 64 + ": x}}\n",
        "3",
        "no more than 63",
    ),
    ("label-value-not-string", C + "nodes:\n- {name: n, labels: {a: 1}}\n", "4", "must be string"),
    (
        "node-selector-bad",
        C + "deployments:\n- {name: web, nodeSelector: {disk: 'a b'}}\n",
        "4",
        "a valid label",
    ),
    (
        "template-label-bad",
        D.replace("{labels: {app: web}}", "{labels: {app: web, 'b@d': x}}"),
        "7",
        "name part",
    ),
    (
        "toleration-exists-value",
        C + "deployments:\n- {name: web, tolerations: [{key: a, operator: Exists, value: b}]}\n",
        "4",
        "value must be empty when `operator` is 'Exists'",
    ),
    (
        "toleration-empty-key-equal",
        C + "deployments:\n- {name: web, tolerations: [{operator: Equal, value: b}]}\n",
        "4",
        "operator must be Exists when `key` is empty",
    ),
    (
        "manifest-toleration-exists-value",
        D.replace(
            "containers: [{name: main}]",
            "containers: [{name: main}]\n      tolerations: [{key: a, operator: Exists, value: b}]",
        ),
        "10",
        "value must be empty when `operator` is 'Exists'",
    ),
    (
        "alias-bomb",
        BOMB,
        "5",
        "alias bomb",
    ),
    ("unknown-alias", C + "nodes: *nowhere\n", "3", "names no finished anchor"),
    ("not-yaml", C + "nodes: [\n", "", "not valid YAML"),
    ("tabs", C + "nodes:\n\t- {name: n}\n", "4", "not valid YAML"),
    ("empty", "", "1", "declares nothing"),
    ("only-comments", "# nothing\n", "1", "declares nothing"),
    ("scalar-doc", "just text\n", "1", "expected an object"),
    ("list-doc", "- a\n- b\n", "1", "expected an object"),
    (
        "pdb-selector-bad",
        "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: p}\n"
        "spec: {minAvailable: 1, selector: {matchLabels: {app: 'a b'}}}\n",
        "4",
        "a valid label must be",
    ),
    (
        "pdb-field-typo",
        "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: p}\n"
        "spec:\n  minAvailible: 2\n  selector: {matchLabels: {app: a}}\n",
        "5",
        'unknown field "spec.minAvailible" (kubectl refuses it); did you mean "minAvailable"?',
    ),
    (
        "pdb-eviction-policy",
        "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: p}\n"
        "spec: {maxUnavailable: 1, unhealthyPodEvictionPolicy: Always}\n",
        "4",
        "'Always' is not allowed; use one of 'IfHealthyBudget', 'AlwaysAllow'",
    ),
    (
        "deployment-spec-typo",
        D.replace("spec:\n  selector", "spec:\n  replcias: 3\n  selector"),
        "5:3",
        'unknown field "spec.replcias" (kubectl refuses it); did you mean "replicas"?',
    ),
    (
        "container-field-typo",
        D.replace("[{name: main}]", "[{name: main, resorces: {requests: {cpu: 1}}}]"),
        "9",
        'unknown field "spec.template.spec.containers.resorces"',
    ),
    (
        "toleration-field-typo",
        D + "      tolerations: [{key: gpu, opertor: Exists}]\n",
        "10",
        'did you mean "operator"?',
    ),
    ("null-doc", "~\n---\n" + C, "", ""),
]


@pytest.mark.parametrize(
    ("text", "where", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_hostile_fixture_is_refused_with_its_position(
    text: str, where: str, message: str
) -> None:
    started = time.process_time()
    if not message:
        load_fixture_text(text, "f.yaml")  # valid: an empty document is skipped
        return
    with pytest.raises(FixtureError) as caught:
        load_fixture_text(text, "f.yaml")
    assert time.process_time() - started < 2
    shown = str(caught.value)
    for line in shown.splitlines():  # every line is FILE:LINE:COL: path: message
        assert line.startswith("f.yaml:"), shown
        assert "Traceback" not in line
    assert any(message in line for line in shown.splitlines()), shown
    if where:
        assert any(line.startswith(f"f.yaml:{where}:") for line in shown.splitlines()), shown


def test_a_fixture_that_is_a_device_is_never_read(tmp_path: Path) -> None:
    for device in ("/dev/zero", "/dev/urandom"):
        link = tmp_path / f"{Path(device).name}.yaml"
        link.symlink_to(device)
        started = time.process_time()
        with pytest.raises(FixtureError, match="not a regular file"):
            load_fixture(link)
        assert time.process_time() - started < 1


def test_a_fifo_is_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(FixtureError, match="not a regular file"):
        load_fixture(fifo)


def test_a_folder_and_a_missing_file_are_clear(tmp_path: Path) -> None:
    with pytest.raises(FixtureError, match="it is a folder"):
        load_fixture(tmp_path)
    with pytest.raises(FixtureError, match="No such file"):
        load_fixture(tmp_path / "nope.yaml")


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:
        handle.truncate(50_000_000)  # sparse: stat says 50 MB
    with pytest.raises(FixtureError, match="larger than 1000000 bytes"):
        load_fixture(big)


def test_invalid_utf8_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(C.encode() + b"nodes: [\xff]\n")
    with pytest.raises(FixtureError) as caught:
        load_fixture(bad)
    assert f"{bad}:3:" in str(caught.value) and "not UTF-8" in str(caught.value)


def test_a_bom_is_accepted() -> None:
    fixture = load_fixture_text("\ufeff" + C + "nodes: [{name: n}]\n", "f.yaml")
    assert [n.name for n in fixture.nodes] == ["n"]


def test_valid_labels_from_upstreams_table_pass() -> None:
    keys = [
        "simple",
        "now-with-dashes",
        "1-starts-with-num",
        "1234",
        "simple/simple",
        "now.with.dots/simple",
        "1.2.3.4/5678",
        "Uppercase_Is_OK_123",
        "example.com/Uppercase_Is_OK_123",
        "a" * 63,
        "a" * 253 + "/" + "b" * 63,
    ]
    labels = ", ".join(f"'{k}': v" for k in keys)
    fixture = load_fixture_text(C + f"nodes:\n- {{name: n, labels: {{{labels}}}}}\n", "f.yaml")
    assert sorted(fixture.nodes[0].labels) == sorted(keys)
