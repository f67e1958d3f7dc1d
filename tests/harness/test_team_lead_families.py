"""Families of a team lead's sentences: a pod's request said "at 1 CPU per pod", an
autoscaler "aiming for" a target, time said as traffic ("an hour of normal traffic goes
by"), a service said where its SLO is meant ("the burn-rate alert for web pages the
on-call"), traffic "with hardly any errors". Each runs through ``kubeloop run``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario as _run


@pytest.mark.parametrize(("running", "passes"), [("4", True), ("8", False)])
def test_a_request_said_at_n_cpu_per_pod_is_the_pods_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], running: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 2 nodes with 2 CPU and 16Gi each",
        'And a deployment "checkout" with 8 replicas at 1 CPU per pod',
        "When the cluster reconciles",
        f"Then {running} checkout pods are running",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("errors", "passes"), [("10%", True), ("0.01%", False)])
def test_the_burn_rate_alert_for_a_service_is_its_slos_alert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given web is taking 300 requests per second with hardly any errors",
        "And an SLO for web of 99.9% availability over 30 days with burn rate alerts",
        "When an hour of normal traffic goes by",
        "Then the burn-rate alert for web is not firing",
        "And the error rate of web is 0%",
        "And the error budget remaining for web is 100%",
        f"When web starts returning errors on {errors} of requests",
        "And 10 minutes pass",
        "Then the burn-rate alert for web pages the on-call",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"), [("an hour of normal traffic goes by", True), ("", False)]
)
def test_time_said_as_traffic_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    lines = ["Given web gets steady traffic of 100 requests per second"]
    lines += [f"When {said}"] if said else []
    code, out = _run(tmp_path, capsys, *lines, "Then the request rate of web is 100 per second")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("version", "passes"), [("v1", True), ("v2", False)])
def test_a_version_running_on_every_pod_is_checked_on_every_pod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], version: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given a cluster of 3 nodes",
        "And a deployment web running v1 with 3 replicas",
        "When the cluster reconciles",
        f"Then web is still running {version} on every pod",
    )
    assert (code == 0) is passes, out
