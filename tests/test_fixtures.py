"""The fixture loader: a corpus of bad files, each with the exact errors it must produce."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kubeloop.errors import FixtureError
from kubeloop.fixtures import load_fixture, load_fixture_text, schema_files

CORPUS = Path(__file__).parent / "corpus"
FEATURE_FIXTURES = Path(__file__).parent.parent / "features" / "fixtures"


def expectations(path: Path) -> list[str]:
    return [
        line.removeprefix("# expect: ")
        for line in path.read_text().splitlines()
        if line.startswith("# expect: ")
    ]


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bad_file_reports_each_problem_with_its_position(path: Path) -> None:
    wanted = expectations(path)
    assert wanted, f"{path.name} declares no '# expect:' lines"
    with pytest.raises(FixtureError) as caught:
        load_fixture(path)
    shown = [str(problem) for problem in caught.value.problems]
    for expected in wanted:
        assert any(f"{path}:{expected}" in line for line in shown), (expected, shown)
    assert len(shown) == len(wanted), shown


def test_the_compact_kind() -> None:
    fixture = load_fixture(FEATURE_FIXTURES / "three-nodes.yaml")
    assert [n.name for n in fixture.nodes] == ["node-1", "node-2", "node-3"]
    (web,) = fixture.deployments
    assert (web.name, web.replicas, web.containers[0].cpu) == ("web", 4, "500m")


def test_real_manifests_are_read_and_unknown_fields_ignored() -> None:
    fixture = load_fixture(FEATURE_FIXTURES / "manifests.yaml")
    worker_a, worker_b = fixture.nodes
    assert (worker_a.cpu, worker_a.memory, worker_a.pods) == ("3500m", "15Gi", 110)
    assert worker_a.labels["disk"] == "ssd"
    assert worker_b.taints == ({"key": "dedicated", "value": "batch", "effect": "NoSchedule"},)
    (shop,) = fixture.deployments
    assert shop.version == "v1" and shop.max_surge == 1 and shop.revision_history_limit == 3
    assert [c.name for c in shop.containers] == ["app", "sidecar"]
    assert [c.cpu for c in shop.init_containers] == ["1"]
    (hpa,) = fixture.autoscalers
    assert (hpa.deployment, hpa.min_replicas, hpa.max_replicas, hpa.target) == ("shop", 2, 8, 60)
    (pdb,) = fixture.disruption_budgets
    assert (pdb.min_available, pdb.selector) == ("80%", {"app": "shop"})


def test_a_list_is_unpacked() -> None:
    fixture = load_fixture(FEATURE_FIXTURES / "node-list.yaml")
    assert [(n.name, n.unschedulable) for n in fixture.nodes] == [
        ("node-a", False),
        ("node-b", True),
    ]


def test_an_unknown_kind_inside_a_list_is_located() -> None:
    text = "apiVersion: v1\nkind: List\nitems:\n  - {apiVersion: v1, kind: Secret}\n"
    with pytest.raises(FixtureError) as caught:
        load_fixture_text(text, "list.yaml")
    assert str(caught.value).startswith('list.yaml:4:28: items[0].kind: unknown kind "Secret"')


def test_a_billion_laughs_file_is_rejected_fast() -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]")
    start = time.perf_counter()
    with pytest.raises(FixtureError, match="alias bomb"):
        load_fixture_text("\n".join(lines), "bomb.yaml")
    assert time.perf_counter() - start < 1.0


def test_size_and_depth_are_bounded() -> None:
    with pytest.raises(FixtureError, match="larger than"):
        load_fixture_text("a: " + "x" * 1_100_000, "big.yaml")
    with pytest.raises(FixtureError, match="nested deeper than 64"):
        load_fixture_text("[" * 70 + "]" * 70, "deep.yaml")


def test_an_empty_file_declares_nothing() -> None:
    with pytest.raises(FixtureError, match="declares nothing"):
        load_fixture_text("# only a comment\n", "empty.yaml")


def test_a_missing_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    with pytest.raises(FixtureError, match="cannot read the file"):
        load_fixture(tmp_path / "nope.yaml")


def test_schemas_are_valid_and_documented() -> None:
    for path in schema_files():
        schema = json.loads(path.read_text())
        Draft202012Validator.check_schema(schema)
        assert schema["$id"].endswith(path.name)
        assert schema["title"] and schema["description"]
