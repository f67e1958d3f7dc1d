"""The sentences people reach for: every one in the issue matches exactly one phrase."""

from __future__ import annotations

import time

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.amounts import Resources
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.grammar import readings
from kubeloop.harness.nouns import IT, Owner, PodSet
from kubeloop.harness.registry import REGISTRY

ISSUE_SENTENCES = [
    ("given", "a cluster of 3 nodes with 4 CPU and 8Gi memory each"),
    ("given", 'a deployment "api" with 6 replicas requesting 1 CPU and 256Mi memory per pod'),
    ("given", "its rolling update strategy is maxSurge 1 and maxUnavailable 0"),
    ("when", "the scheduler has placed everything it can"),
    ("then", '6 pods of "api" are Running'),
    ("then", '4 "api" pods are Pending with "Insufficient cpu"'),
    ("then", 'node-1 is running 2 "web" pods'),
    ("when", "node-2 goes NotReady"),
    ("when", 'I update "web" to version v2 requesting 3 CPU per pod'),
    ("then", 'all 10 "web" pods run v2'),
    ("then", "node-2 is NotReady"),
    ("then", "node-1 is Ready"),
    ("then", "node-1 is unschedulable"),
    ("then", "node-1 is cordoned"),
    ("then", "node-1 has 4 pods"),
    ("then", 'pod "web-1" no longer exists'),
    ("then", "there are no pods"),
    ("then", '2 pods of "cache" are running'),
    ("then", 'every "trainer" pod is on gpu-1'),
    ("then", 'no "web" pod is on gpu-1'),
    ("given", "2 nodes with 2 cpu and 4Gi memory each"),
    ("given", "a deployment of 4 with maxSurge 1 and maxUnavailable 0"),
    ("when", 'I scale "web" to 6 replicas'),
    ("when", 'I scale "web" down to 2'),
    ("when", 'I update "web" to v2'),
    ("then", "at every step there are at most 5 pods"),
    ("then", "at every step at least 3 pods are ready"),
    ("then", "every pod runs v2"),
    ("then", "all pods still run v1"),
    ("then", "4 pods of version v1 are still running"),
    ("then", 'the rollout stalls because "Insufficient cpu"'),
    ("when", 'the cpu utilization of "web" is 90%'),
    ("then", '"web" still has 4 replicas'),
    ("then", 'the pending pod\'s reason is "0/3 nodes are available: 3 Insufficient cpu."'),
    ("then", '1 pod of "cache" is pending because of "Insufficient memory"'),
    ("when", "the controllers reconcile"),
    ("when", "the scheduler runs"),
    ("when", "the rollout runs to completion"),
    # found by probing after the second batch
    ("given", "deployment web has 3 replicas"),
    ("then", "the web pods are all running"),
    ("then", "nothing is pending"),
    ("when", "load on web goes to 80% cpu"),
    ("then", "the HPA scales web to 8 replicas"),
    ("when", "after 5 minutes"),
    ("then", "there are 3 nodes"),
    ("then", "the cluster has 3 nodes"),
    ("then", "the pod web-1 is pending"),
    ("then", "no pod runs on node-2"),
    ("then", "2 pods run on node-1"),
]


@pytest.mark.parametrize(("keyword", "text"), ISSUE_SENTENCES)
def test_every_sentence_of_the_issue_matches_one_phrase(keyword: str, text: str) -> None:
    assert len(REGISTRY.match(keyword, text)) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('6 pods of "api"', PodSet("exactly", 6, "api", None, None)),
        ('4 "api" pods', PodSet("exactly", 4, "api", None, None)),
        ("all 10 web pods", PodSet("all", 10, "web", None, None)),
        ("every pod", PodSet("all", None, None, None, None)),
        ('no "web" pod', PodSet("none", None, "web", None, None)),
        ("at least 3 ready pods", PodSet("at least", 3, None, "ready", None)),
        ("4 pods of version v1", PodSet("exactly", 4, None, None, "v1")),
        ("four running replicas", PodSet("exactly", 4, None, "running", None)),
    ],
)
def test_pod_sets_read_quantifier_owner_state_and_version(text: str, expected: PodSet) -> None:
    (match,) = REGISTRY.match("then", f"{text} exist")
    assert match.arguments["pods"] == expected


def test_requests_read_in_any_order_and_case_and_unit_spelling() -> None:
    for text, cpu, memory in [
        ("3 nodes with 4 CPU and 8Gi memory each", "4", "8Gi"),
        ("3 nodes with 8Gi of memory and 4 cpus", "4", "8Gi"),
        ("3 nodes with 16GiB of RAM", None, "16Gi"),
        ("3 nodes with 2 vCPUs", "2", None),
    ]:
        (match,) = REGISTRY.match("given", text)
        assert match.arguments["size"] == Resources(cpu, memory), text


def test_names_are_read_bare_quoted_or_after_their_kind() -> None:
    for text in ["node-2 fails", '"node-2" fails', 'node "node-2" fails', "node node-2 fails"]:
        (match,) = REGISTRY.match("when", text)
        assert match.arguments == {"nodes": ("node-2",)}
    for text in [
        'I scale "web" to 3',
        "I scale web to 3",
        "I scale deployment web to 3",
        "I scale the web deployment to 3",
    ]:
        (match,) = REGISTRY.match("when", text)
        assert match.arguments["deployment"] == "web", text
    (match,) = REGISTRY.match("when", "I scale it to 3")
    assert match.arguments["deployment"] is IT
    (match,) = REGISTRY.match("then", "node node-1 has 4 pods")
    assert match.arguments["owner"] == Owner("node", "node-1")
    (match,) = REGISTRY.match("then", "node-1 has 4 pods")
    assert match.arguments["owner"] == Owner(None, "node-1")


def test_details_of_a_deployment_come_in_any_order() -> None:
    one = REGISTRY.match("given", "a deployment of 4 requesting 1 CPU at version v2")
    two = REGISTRY.match("given", "a deployment of 4 at version v2, requesting 1 CPU")
    assert one[0].arguments == two[0].arguments
    assert one[0].arguments["options"] == {"cpu": "1", "version": "v2"}


def test_modal_verbs_are_read_away_but_never_a_negation() -> None:
    assert readings("6 web pods should be running") == [
        "6 web pods is running",
        "6 web pods are running",
    ]
    assert REGISTRY.match("then", "node-4 should have no pods")[0].definition.function.__name__ == (
        "owner_has"
    )
    assert REGISTRY.match("then", "no pod should run v1 anymore")[0].arguments["version"] == "v1"
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("then", "6 web pods should not be running")


def test_lists_of_nodes_are_read_wherever_one_node_is() -> None:
    for keyword, text, name in [
        ("when", "node-1 and node-2 fail", "nodes"),
        ("when", "I cordon node-1, node-2 and node-3", "nodes"),
        ("when", "I drain nodes node-1 and node-2", "nodes"),
        ("then", "no pod is on node-1 or node-2", "nodes"),
        ("given", 'node-1 and "gpu 2" are tainted with dedicated=gpu:NoSchedule', "nodes"),
    ]:
        (match,) = REGISTRY.match(keyword, text)
        assert len(match.arguments[name]) >= 2, text
    # a plain word after "and" is the next step, not a node
    assert len(REGISTRY.match("when", "I fail node-1 and I reconcile")) == 2


def test_an_action_may_be_said_as_a_given_and_a_fact_as_a_when_but_never_as_a_then() -> None:
    (match,) = REGISTRY.match("given", "I approve the promotion of R1 to prod")
    assert match.definition.keyword == "when"
    (match,) = REGISTRY.match("when", "3 nodes with 4 cpu and 8Gi memory each")
    assert match.definition.keyword == "given"
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("then", "I cordon node-1")
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("given", "node-1 is empty")  # a check, not a fact to declare


def test_comparisons_durations_and_the_autoscalers_clauses() -> None:
    (match,) = REGISTRY.match("then", '"web" has fewer than 8 replicas')
    assert match.arguments["bound"] == "<" and match.arguments["count"] == 8
    (match,) = REGISTRY.match("when", "4 more minutes pass")
    assert match.arguments["duration"] == 240
    (match,) = REGISTRY.match("when", "5m pass")
    assert match.arguments["duration"] == 300
    for text, options in [
        ('an HPA for "web" with min 1, max 10 and target 50% CPU', (1, 10, 50.0)),
        ("an HPA for web with minReplicas 2, maxReplicas 10 and a 50% CPU target", (2, 10, 50.0)),
        ("an autoscaler on web targeting 70% cpu from 3 to 6 replicas", (3, 6, 70.0)),
    ]:
        (match,) = REGISTRY.match("given", text)
        got = match.arguments["options"]
        assert (got["low"], got["high"], got["target"]) == options, text


def test_digests_and_queries_are_read_as_people_write_them() -> None:
    for text, digest in [
        ("the digest of D1 is sha256:e3b0c442...", "sha256:e3b0c442…"),
        ('the digest of D1 is "sha256:e3b0c442…"', "sha256:e3b0c442…"),
        ("D1's digest is `sha256:e3b0`", "sha256:e3b0"),
    ]:
        (match,) = REGISTRY.match("then", text)
        assert match.arguments["digest"] == digest, text
    (match,) = REGISTRY.match("then", "the query 'sum(rate(x{job=\"web\"}[5m]))' returns 50")
    assert match.arguments == {"expr": 'sum(rate(x{job="web"}[5m]))', "value": "50"}
    (match,) = REGISTRY.match("then", 'the 1h burn rate of the SLO "checkout" is 14.4')
    assert match.arguments == {"window": 3600, "name": "checkout", "burn": "14.4"}
    (match,) = REGISTRY.match("then", "alert HighErrorRate is FIRING")
    assert match.arguments == {"name": "HighErrorRate", "state": "firing"}


def test_suggestions_take_the_users_words_where_the_parameters_stand() -> None:
    assert REGISTRY.suggestions("then", "the alert Foo is Firingg")[0] == "Then alert Foo is firing"
    first = REGISTRY.suggestions("then", "an event Promoted was recorded for R1 to prod")[0]
    assert first == "Then an event Promoted was recorded"
    assert REGISTRY.suggestions("then", "4 pod are runing")[0] == "Then 4 pods are running"


def test_a_step_far_longer_than_any_phrase_is_answered_at_once() -> None:
    text = "I cordon " + ", ".join(f"node-{i}" for i in range(300)) + " and"
    started = time.process_time()
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("when", text)
    # CPU, not wall time: a bound against a suggestion search, not a benchmark
    assert time.process_time() - started < 2, "no suggestion search over a 2,900-character step"


def test_a_reading_that_keeps_who_acted_is_preferred_to_one_that_says_i() -> None:
    (match,) = REGISTRY.match("when", "Dana approves R2 overnight")
    assert match.arguments["who"] == "Dana"
    (match,) = REGISTRY.match("when", "Priya promotes R1 to staging")  # no phrase names her
    assert match.text == "I promote R1 to staging"
