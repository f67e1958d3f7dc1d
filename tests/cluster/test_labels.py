"""Label selectors: apimachinery's labels/selector_test.go rows, and apps/v1 validation."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, LabelSelector, Node, Requirement
from kubeloop.cli import main
from kubeloop.errors import InvalidSpecError
from kubeloop.fixtures import load_fixture_text


def parse(text: str) -> LabelSelector:
    """A test helper for upstream's selector strings (``x=y``, ``x!=y``, ``x``, ``!x``,
    ``x in (a,b)``, ``x notin (a,b)``, ``x>1``, ``x<1``)."""
    requirements: list[Requirement] = []
    for part in _split(text):
        if " notin " in part or " in " in part:
            op = "NotIn" if " notin " in part else "In"
            key, values = part.split(" notin " if op == "NotIn" else " in ", 1)
            vals = tuple(v.strip() for v in values.strip()[1:-1].split(",") if v.strip())
            requirements.append(Requirement(key.strip(), op, vals))
        elif "!=" in part:
            key, value = part.split("!=")
            requirements.append(Requirement(key, "NotIn", (value,)))
        elif "=" in part:
            key, value = part.split("=")
            requirements.append(Requirement(key, "In", (value,)))
        elif ">" in part or "<" in part:
            op = "Gt" if ">" in part else "Lt"
            key, value = part.split(">" if op == "Gt" else "<")
            requirements.append(Requirement(key, op, (value,)))
        elif part.startswith("!"):
            requirements.append(Requirement(part[1:], "DoesNotExist"))
        else:
            requirements.append(Requirement(part, "Exists"))
    return LabelSelector((), tuple(requirements))


def _split(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [p for p in [*parts, current] if p]


LABELSET = {"foo": "bar", "baz": "blah"}


@pytest.mark.parametrize(
    ("selector", "labels", "matches"),
    [
        # TestSelectorMatches
        ("", {"x": "y"}, True),
        ("x=y", {"x": "y"}, True),
        ("x=y,z=w", {"x": "y", "z": "w"}, True),
        ("x!=y,z!=w", {"x": "z", "z": "a"}, True),
        ("notin=in", {"notin": "in"}, True),
        ("x", {"x": "z"}, True),
        ("!x", {"y": "z"}, True),
        ("x>1", {"x": "2"}, True),
        ("x<1", {"x": "0"}, True),
        ("x=z", {}, False),
        ("x=y", {"x": "z"}, False),
        ("x=y,z=w", {"x": "w", "z": "w"}, False),
        ("x!=y,z!=w", {"x": "z", "z": "w"}, False),
        ("x", {"y": "z"}, False),
        ("!x", {"x": "z"}, False),
        ("x>1", {"x": "0"}, False),
        ("x<1", {"x": "2"}, False),
        ("foo=bar", LABELSET, True),
        ("baz=blah", LABELSET, True),
        ("foo=bar,baz=blah", LABELSET, True),
        ("foo=blah", LABELSET, False),
        ("baz=bar", LABELSET, False),
        ("foo=bar,foobar=bar,baz=blah", LABELSET, False),
        # TestSetSelectorMatches / TestSetIsEmpty style set-based rows
        ("x in (y,z)", {"x": "z"}, True),
        ("x notin (y,z)", {"x": "a"}, True),
        ("x notin (y,z)", {}, True),  # NotIn matches an absent key
        ("x in (y,z)", {}, False),
        ("x notin (y,z)", {"x": "y"}, False),
        ("x>a", {"x": "2"}, True),  # a non-integer bound is rejected at construction
    ],
)
def test_selector_matches(selector: str, labels: dict[str, str], matches: bool) -> None:
    if selector == "x>a":
        with pytest.raises(InvalidSpecError):
            parse(selector)
        return
    assert parse(selector).matches(labels) is matches


def test_match_labels_and_expressions_are_anded() -> None:
    selector = LabelSelector.of({"app": "web"}, Requirement("tier", "NotIn", ("front",)))
    assert selector.matches({"app": "web", "tier": "back"})
    assert not selector.matches({"app": "web", "tier": "front"})
    assert not selector.matches({"app": "api", "tier": "back"})


@pytest.mark.parametrize(
    ("operator", "values", "message"),
    [
        ("In", (), "must be specified when `operator` is 'In' or 'NotIn'"),
        ("NotIn", (), "must be specified when `operator` is 'In' or 'NotIn'"),
        ("Exists", ("a",), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"),
        ("DoesNotExist", ("a",), "may not be specified when"),
        ("Equals", ("a",), "not a valid selector operator"),
    ],
)
def test_requirements_are_validated(operator: str, values: tuple[str, ...], message: str) -> None:
    with pytest.raises(InvalidSpecError, match=message):
        Requirement("app", operator, values)


def test_a_deployment_selector_must_match_its_template() -> None:
    bad = LabelSelector.of({"app": "web"}, Requirement("tier", "NotIn", ("front",)))
    with pytest.raises(InvalidSpecError, match="`selector` does not match template `labels`"):
        Deployment("web", labels={"app": "web", "tier": "front"}, selector=bad)
    with pytest.raises(InvalidSpecError, match="empty selector is invalid for deployment"):
        Deployment("web", selector=LabelSelector())


MANIFEST = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchExpressions:
      - {key: app, operator: In, values: [web, www]}
      - {key: canary, operator: DoesNotExist}
  template:
    metadata:
      labels: {app: web, tier: front}
    spec:
      containers:
        - name: app
          resources: {requests: {cpu: 100m}}
"""


def test_a_selector_of_only_match_expressions_loads(tmp_path: object) -> None:
    fixture = load_fixture_text(MANIFEST, "web.yaml")
    (deployment,) = fixture.deployments
    assert deployment.labels == {"app": "web", "tier": "front"}
    assert deployment.selector is not None
    assert len(deployment.selector["matchExpressions"]) == 2


def test_kubeloop_validate_accepts_match_expressions(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "web.yaml"
    path.write_text(MANIFEST, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    path.write_text(MANIFEST.replace("labels: {app: web, tier: front}", "labels: {app: api}"))
    assert main(["validate", str(path)]) != 0
    assert "`selector` does not match template `labels`" in capsys.readouterr().out


def test_node_selector_matching_uses_the_same_selectors() -> None:
    cluster = Cluster(nodes=[Node("a", labels={"disk": "hdd"}), Node("b", labels={"disk": "ssd"})])
    cluster.apply(Deployment("db", replicas=2, cpu="100m", node_selector={"disk": "ssd"}))
    cluster.reconcile_until_stable()
    assert {p.node for p in cluster.pods("db")} == {"b"}


def test_a_manifests_min_ready_seconds_and_affinity_are_read() -> None:
    text = MANIFEST.replace("  replicas: 2\n", "  replicas: 2\n  minReadySeconds: 30\n").replace(
        "    spec:\n      containers:",
        "    spec:\n      affinity:\n        podAntiAffinity:\n"
        "          requiredDuringSchedulingIgnoredDuringExecution:\n"
        "            - labelSelector: {matchLabels: {app: web}}\n"
        "              topologyKey: kubernetes.io/hostname\n      containers:",
    )
    (deployment,) = load_fixture_text(text, "web.yaml").deployments
    assert deployment.min_ready_seconds == 30
    assert deployment.affinity is not None and "podAntiAffinity" in deployment.affinity


def test_a_selector_takes_match_labels_as_a_mapping_or_as_pairs() -> None:
    assert LabelSelector({"tier": "db", "app": "web"}) == LabelSelector(
        (("app", "web"), ("tier", "db"))
    )
    assert LabelSelector({"app": "web"}).matches({"app": "web", "x": "y"})


@pytest.mark.parametrize("given", ["app=web", 5, [("app",)], ["app"], {"app": 5}])
def test_match_labels_that_are_not_label_pairs_are_refused_by_name(given: object) -> None:
    with pytest.raises(InvalidSpecError, match="matchLabels"):
        LabelSelector(given)  # type: ignore[arg-type]
