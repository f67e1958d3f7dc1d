"""Fuzzing the two front ends people feed by hand: the YAML fixture loader and the Gherkin
front end. Whatever the text, the answer is a result or a located error — never another
exception, never a hang."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop.errors import FixtureError
from kubeloop.fixtures import load_fixture_text
from kubeloop.harness.lint import lint_feature

pytestmark = pytest.mark.slow

YAML_PIECES = [
    "apiVersion: kubeloop.dev/v1alpha1\nkind: Cluster\n",
    "apiVersion: v1\nkind: Node\n",
    "apiVersion: apps/v1\nkind: Deployment\n",
    "nodes:",
    "deployments:",
    "metadata:",
    "name:",
    "count:",
    "cpu:",
    "memory:",
    "labels:",
    "replicas:",
    "tolerations:",
    "- ",
    "  ",
    "\n",
    ": ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "&a ",
    "*a",
    "!!int ",
    "!!float ",
    "!!bool ",
    "!!timestamp ",
    "!!python/object ",
    "? ",
    "<<: ",
    "---\n",
    "...\n",
    "'",
    '"',
    "#",
    "1e999999999",
    "9" * 30,
    ".inf",
    ".nan",
    "-1",
    "0",
    "3000000000",
    "web",
    "n-1",
    "\t",
    "\x00",
    "\ufeff",
    "|\n",
    ">\n",
    "%YAML 1.1\n",
    "%TAG ! tag:x,2000:\n",
    "!x ",
    "@",
    "`",
]
FIELDS = [
    "name",
    "count",
    "cpu",
    "memory",
    "pods",
    "labels",
    "taints",
    "replicas",
    "version",
    "maxSurge",
    "maxUnavailable",
    "tolerations",
    "nodeSelector",
    "minReplicas",
    "maxReplicas",
    "targetCPUUtilization",
    "deployment",
    "key",
    "value",
    "effect",
    "operator",
    "unschedulable",
    "strategy",
]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["500m", "1Gi", "1e999999999", "25%", "101%", "NoSchedule", "Exists"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=25,
)


def _load(text: str) -> None:
    """Loads any text within 2 s of CPU (CPU, not wall: a loaded CI machine must not flake)."""
    started = time.process_time()
    try:
        load_fixture_text(text, "fuzz.yaml")
    except FixtureError as error:
        for line in str(error).splitlines():
            assert line.startswith("fuzz.yaml:"), line
    assert time.process_time() - started < 2


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(YAML_PIECES) | st.text(max_size=4), max_size=40).map("".join))
def test_the_loader_answers_any_text_with_a_result_or_a_located_error(text: str) -> None:
    _load(text)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from(["Cluster", "Node", "Deployment", "HorizontalPodAutoscaler"]),
    st.dictionaries(
        st.sampled_from(
            ["nodes", "deployments", "autoscalers", "metadata", "spec", "status", "scoring"]
        ),
        VALUES,
        max_size=4,
    ),
)
def test_the_loader_answers_any_structure_with_a_result_or_a_located_error(
    kind: str, body: dict[str, Any]
) -> None:
    api = {
        "Cluster": "kubeloop.dev/v1alpha1",
        "Node": "v1",
        "Deployment": "apps/v1",
        "HorizontalPodAutoscaler": "autoscaling/v2",
    }[kind]
    try:
        text = yaml.safe_dump({"apiVersion": api, "kind": kind, **body})
    except (yaml.YAMLError, ValueError, OverflowError):
        return
    _load(text)


GHERKIN_PIECES = [
    "Feature: f\n",
    "Scenario: s\n",
    "Scenario Outline: o\n",
    "Background:\n",
    "Rule: r\n",
    "Examples:\n",
    "Given 1 node\n",
    "When I reconcile\n",
    "Then 0 pods are pending\n",
    "And ",
    "But ",
    "* ",
    "Whn ",
    "Scenaro: ",
    "Featur: ",
    "| a | b |\n",
    "| 1 |\n",
    '"""\n',
    "```\n",
    "@tag\n",
    "# comment\n",
    "# language: fr\n",
    "  ",
    "\n",
    "<n>",
    ":",
    "\ufeff",
    "\x00",
    "\t",
    "Given the nodes:\n",
    "Given the cluster:\n",
]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(GHERKIN_PIECES) | st.text(max_size=5), max_size=30).map("".join))
def test_the_gherkin_front_end_answers_any_text_with_located_problems(
    tmp_path_factory: Any, text: str
) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "f.feature"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    started = time.process_time()
    problems = lint_feature(path)
    assert time.process_time() - started < 2
    for problem in problems:
        assert problem.startswith(f"{path}:"), problem
        assert "Traceback" not in problem
