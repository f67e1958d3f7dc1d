"""NodeGroup and ClusterAutoscaler YAML: what is read, and every mistake with file, line, field."""

from __future__ import annotations

import pytest

from kubeloop.errors import FixtureError
from kubeloop.fixtures.node_group_rules import seconds_of
from kubeloop.fixtures.node_groups import read_node_groups

GOOD = """\
apiVersion: kubeloop.dev/v1alpha1
kind: ClusterAutoscaler
spec: {scanInterval: 30s, scaleDownUnneededTime: 1h30m, expander: most-pods,
       priorities: {"10": [".*"]}}
---
apiVersion: kubeloop.dev/v1alpha1
kind: NodeGroup
metadata: {name: pool}
spec:
  minSize: 1
  maxSize: 4
  template:
    metadata: {labels: {tier: batch}}
    spec: {taints: [{key: batch, effect: NoSchedule}]}
    status:
      capacity: {cpu: "4", memory: 8Gi}
      allocatable: {cpu: 3500m}
"""


def test_a_good_file_is_read() -> None:
    fixture = read_node_groups(GOOD, "groups.yaml")
    assert fixture.settings == {
        "expander": "most-pods",
        "scan_interval": 30,
        "scale_down_unneeded_time": 5400,
        "priorities": {10: (".*",)},
    }
    (group,) = fixture.groups
    assert (group.name, group.min_size, group.max_size) == ("pool", 1, 4)
    assert group.allocatable == {"cpu": "3500m", "memory": "8Gi"}
    assert group.capacity == {"cpu": "4", "memory": "8Gi"}
    assert group.labels == {"tier": "batch"} and group.taints == (
        {"key": "batch", "effect": "NoSchedule"},
    )


def problems(text: str) -> list[str]:
    with pytest.raises(FixtureError) as raised:
        read_node_groups(text, "g.yaml")
    return [str(p) for p in raised.value.problems]


HEAD = "apiVersion: kubeloop.dev/v1alpha1\nkind: NodeGroup\nmetadata: {name: pool}\n"


def test_min_above_max_and_initial_outside_are_named_by_line() -> None:
    found = problems(HEAD + "spec: {minSize: 3, maxSize: 2}\n---\n" + HEAD.replace("pool", "b")
                     + "spec:\n  maxSize: 2\n  initialSize: 3\n")  # fmt: skip
    assert found == [
        "g.yaml:4:17: spec.minSize: minSize 3 is above maxSize 2; minSize must be at most maxSize",
        "g.yaml:11:16: spec.initialSize: initialSize 3 must be between minSize 0 and maxSize 2",
    ]


def test_schema_mistakes_say_which_field() -> None:
    found = problems(HEAD + "spec: {maxSize: -1, size: 3}\n")
    assert any("spec.maxSize" in p and "greater than or equal to 0" in p for p in found), found
    assert any('unknown field "size"' in p for p in found), found
    assert problems(HEAD + "spec: {}\n") == ["g.yaml:4:7: spec: 'maxSize' is required here; add it"]


def test_duplicates_durations_and_second_autoscaler_are_refused() -> None:
    ca = "apiVersion: kubeloop.dev/v1alpha1\nkind: ClusterAutoscaler\nspec: {scanInterval: 10s}\n"
    found = problems(HEAD + "spec: {maxSize: 2}\n---\n" + HEAD + "spec: {maxSize: 2}\n---\n" + ca
                     + "---\n" + ca)  # fmt: skip
    assert any('a node group named "pool" is already declared' in p for p in found), found
    assert any("only one ClusterAutoscaler per file" in p for p in found), found
    assert problems(ca.replace("10s", "8d")) == [
        "g.yaml:3:22: spec.scanInterval: '8d' is not a valid duration: seconds (a whole number) "
        "or a Go duration: 10s, 5m, 1h30m"
    ]
    assert problems(ca.replace("10s", "200h")) == [
        "g.yaml:3:22: spec.scanInterval: '200h' is not a duration of at most 7 days (10s, 5m, "
        "1h30m)"
    ]
    assert problems("") == ["g.yaml:1:1: $: the file declares nothing"]


@pytest.mark.parametrize(("text", "seconds"), [("10s", 10), ("5m", 300), ("1h30m", 5400),
                                                (45, 45), ("", None), ("5x", None), ("m", None),
                                                (True, None)])  # fmt: skip
def test_go_durations(text: object, seconds: int | None) -> None:
    assert seconds_of(text) == seconds


def test_a_cluster_file_reads_node_groups_and_allows_one_autoscaler() -> None:
    from kubeloop.fixtures import load_fixture_text  # noqa: PLC0415

    ca = "apiVersion: kubeloop.dev/v1alpha1\nkind: ClusterAutoscaler\nmetadata: {name: %s}\n"
    group = (
        "apiVersion: kubeloop.dev/v1alpha1\nkind: NodeGroup\nmetadata: {name: pool}\n"
        "spec: {minSize: 1, maxSize: 3}\n"
    )
    fixture = load_fixture_text(ca % "one" + "spec: {provisioningDelay: 90s}\n---\n" + group)
    assert [g.name for g in fixture.node_groups] == ["pool"]
    assert fixture.node_groups[0].min_size == 1
    assert fixture.autoscaler_settings == {"provisioning_delay": 90}
    with pytest.raises(FixtureError) as caught:
        load_fixture_text(ca % "one" + "---\n" + ca % "two", "f.yaml")
    assert "f.yaml:6:7: kind: only one ClusterAutoscaler per file" in str(caught.value)
    bad = group.replace("minSize: 1, maxSize: 3", "minSize: 4, maxSize: 2")
    with pytest.raises(FixtureError) as caught:
        load_fixture_text(bad, "g.yaml")
    assert "g.yaml:4:17: spec.minSize: minSize 4 is above maxSize 2" in str(caught.value)
