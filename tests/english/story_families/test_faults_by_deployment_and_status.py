"""A version's fault said with the deployment whose pods run it and the status they return
("gateway pods on v6 return 502 for 15% of requests"): the pods at that version fail that
share, the deployment said is checked, and a version another deployment runs too is
refused. Each phrasing is run as a scenario that pages, with cases that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_GATEWAY = (
    'Given prod runs version v5 of "gateway" on 2 nodes with 4 replicas',
    "And gateway serves 500 requests per second",
    "And an SLO of 99.9% availability over 30 days for gateway",
    "When v6 is signed, approved and promoted all the way to prod",
)


@pytest.mark.parametrize(
    ("said", "share"),
    [
        ("gateway pods on v6 return 502 for 15% of requests", 15),
        ("gateway pods on v6 fail 15% of requests", 15),
        ("the gateway pods running v6 return 503s for 20% of their requests", 20),
        ('"gateway" replicas at v6 start failing 20% of their requests', 20),
        ("the pods of gateway on v6 respond with HTTP 500 to 10% of requests", 10),
        ("gateway pods on v6 answer 5xx errors for 15% of requests", 15),
    ],
)
def test_a_deployments_pods_on_a_version_fail_with_a_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, share: int
) -> None:
    matches = REGISTRY.match("given", said)
    assert [m.definition.function.__name__ for m in matches] == ["deployment_pods_fail"]
    assert (matches[0].arguments["deployment"], matches[0].arguments["errors"]) == (
        "gateway",
        share,
    )
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_GATEWAY,
        f"And {said}",
        "And I roll out v6 to gateway",
        "And 10 minutes pass",
        "Then the gateway SLO pages the on-call",
    )
    assert code == 0, out


def test_a_version_that_is_fine_does_not_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_GATEWAY,
        "And gateway pods on v7 return 502 for 15% of requests",
        "And I roll out v6 to gateway",
        "And 10 minutes pass",
        "Then the gateway SLO pages the on-call",
    )
    assert code != 0, out


@pytest.mark.parametrize(
    ("said", "message"),
    [
        ("gatway pods on v6 return 502 for 15% of requests", 'a deployment named "gatway"'),
        ("gateway pods on v6 return 502 for 15% of requests", "api run v6 too"),
    ],
)
def test_a_fault_naming_the_wrong_pods_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, message: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given prod runs version v5 of "gateway" on 2 nodes with 4 replicas',
        'And a deployment "api" with 2 replicas at v6',
        "And gateway serves 500 requests per second",
        f"And {said}",
        "Then every gateway pod runs v5",
    )
    assert code != 0
    assert message in out


@pytest.mark.parametrize(
    "said",
    [
        "gateway pods on v6 return 404 for 15% of requests",
        "gateway pods on v6 return 301 for 15% of requests",
    ],
)
def test_an_answer_that_is_not_a_server_error_is_never_read_as_a_failure(said: str) -> None:
    assert not REGISTRY.accepts("given", said)
