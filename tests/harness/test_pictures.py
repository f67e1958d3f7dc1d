"""The report's pictures: a legend, pods sized by requests, rollout axes, pass numbers."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from kubeloop import Cluster, Deployment, Node
from kubeloop.harness.record import snapshot
from kubeloop.harness.report_notes import ReportNotes
from kubeloop.render.checks import FailedCheck
from kubeloop.render.svg import cluster_map, rollout_chart


def _world(cluster: Cluster) -> SimpleNamespace:
    return SimpleNamespace(built_cluster=cluster, report=ReportNotes())


def test_the_cluster_map_has_a_legend_and_pods_as_wide_as_their_requests() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="4", memory="8Gi")])
    cluster.apply(Deployment("big", replicas=1, cpu="2", memory="1Gi", version="v1"))
    cluster.apply(Deployment("small", replicas=1, cpu="500m", memory="1Gi", version="v1"))
    cluster.reconcile()
    svg = cluster_map(snapshot(_world(cluster)))
    assert "legend" in svg and "big v1" in svg and "small v1" in svg
    assert "NotReady node" in svg and "cordoned node" in svg
    widths = {
        title.split(" ")[0]: float(width)
        for width, title in re.findall(r'width="([\d.]+)" height="12"[^>]*><title>([^<]+)', svg)
    }
    assert widths["big-1"] > 3.5 * widths["small-1"], widths
    assert ">big-1</text>" in svg, "a pod wide enough shows its name"


def test_events_carry_the_pass_that_made_them() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="4", memory="8Gi")])
    cluster.apply(Deployment("web", replicas=2, cpu="500m", memory="256Mi", version="v1"))
    cluster.reconcile()
    cluster.scale("web", 3)
    cluster.reconcile()
    events = snapshot(_world(cluster))["events"]
    passes = {(e["reason"], e["object"], e["message"]): e["pass"] for e in events}
    assert passes[("SuccessfulCreate", "replicaset/" + _rs(events), "Created pod: web-3")] == 2
    assert any(e["reason"] == "Scheduled" and e["pass"] == 1 for e in events)


def _rs(events: list[dict[str, object]]) -> str:
    created = next(e for e in events if e["reason"] == "SuccessfulCreate")
    return str(created["object"]).removeprefix("replicaset/")


def test_the_rollout_chart_has_ticks_a_visible_total_and_the_stall_reason() -> None:
    steps = [{"total": 5, "ready": 5, "updated": 1}, {"total": 5, "ready": 5, "updated": 2}]
    svg = rollout_chart(
        {
            "deployment": "web",
            "replicas": 4,
            "ceiling": 5,
            "floor": 4,
            "steps": steps,
            "stalled": "new pod web-6 is Pending: Insufficient cpu",
        }
    )
    assert svg.count('text-anchor="middle" class="muted">') >= 3  # tick labels 1, 2 + axis
    order = [svg.index(f"<title>pass 1: {key} ") for key in ("ready", "updated", "total")]
    assert order == sorted(order), "total drawn last, over ready, so both show"
    assert 'stroke-width="2" stroke-dasharray="7,4"' in svg, "total dashed: ready shows through"
    assert ">pods</text>" in svg, "the y axis says what it counts"
    assert "web: 4 replicas — stalled" in svg and "Insufficient cpu</text>" in svg
    labels = [float(y) for y in re.findall(r'<text x="\d+" y="([\d.]+)" class="muted">m', svg)]
    assert len(labels) == 2 and abs(labels[0] - labels[1]) >= 12, "bound labels never overlap"


def test_the_hpa_chart_draws_replicas_and_utilization_after_every_step() -> None:
    from kubeloop.harness.record import autoscaler_entries  # noqa: PLC0415
    from kubeloop.render.hpa_chart import hpa_chart  # noqa: PLC0415

    samples = {
        "web": [
            {"time": 0, "replicas": 4, "utilization": None, "min": 1, "max": 10, "target": 50},
            {"time": 0, "replicas": 4, "utilization": 90, "min": 1, "max": 10, "target": 50},
            {"time": 15, "replicas": 8, "utilization": 45, "min": 1, "max": 10, "target": 50},
        ]
    }
    (entry,) = autoscaler_entries(samples)
    svg = hpa_chart(entry)
    assert "HPA for web: 1–10 replicas at 50% cpu" in svg and "target 50%" in svg
    assert "after step 3 (t=15s): 8 replicas, 45% cpu" in svg
    assert "after step 1 (t=0s): 4 replicas, no metric" in svg
    assert svg.count("<polyline") == 2
    assert ">replicas</text>" in svg and ">cpu utilization (%)</text>" in svg, "two axes"
    target = re.search(r'<text x="([\d.]+)"[^>]*text-anchor="end"[^>]*>target 50%', svg)
    assert target and float(target.group(1)) <= 600 - 64, "the target label inside the chart"
    assert hpa_chart({**entry, "samples": []}) == ""
    mark = FailedCheck("hpa", "web", "replicas", 9, 8, expected="9 replicas", observed="8")
    marked = hpa_chart(entry, [mark])
    assert "expected 9 wanted</text>" in marked
    assert "the check failed: expected 9 replicas, saw 8" in marked
    assert "expected 9" not in hpa_chart(entry, [replace(mark, subject="api")])


def test_every_picture_readme_shows_is_drawn() -> None:
    """README's Reports section shows one picture per mechanism, drawn by
    tools/readme_pictures.py: each one it names exists and is an SVG with text in it."""
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"\]\((docs/pictures/[\w-]+\.svg)\)", readme)
    assert len(shown) >= 6
    for name in shown:
        svg = (root / name).read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "<text" in svg and "<style>" in svg, name


def test_a_pass_outside_the_bounds_is_circled_and_named() -> None:
    steps = [{"total": 5, "ready": 4, "updated": 1}, {"total": 6, "ready": 3, "updated": 2}]
    svg = rollout_chart(
        {"deployment": "web", "replicas": 4, "ceiling": 5, "floor": 4, "steps": steps}
    )
    assert svg.count('r="8" fill="none" stroke="#c62828"') == 2, "the offending points"
    assert "pass 2: 6 pods &gt; max 5 (and 1 more)</text>" in svg
    inside = rollout_chart({"deployment": "web", "replicas": 4, "ceiling": 5, "floor": 4,
                            "steps": steps[:1]})  # fmt: skip
    assert 'stroke="#c62828" stroke-width="2"' not in inside


def test_the_report_draws_a_failed_check_on_its_chart(tmp_path: Path) -> None:
    """A burn-rate check that failed: its expected value and the value seen, on the chart
    of the window it read (the step's mark travels in the record to the HTML)."""
    from kubeloop.cli import main  # noqa: PLC0415

    (tmp_path / "burn.feature").write_text(
        "Feature: burn\n  Scenario: too fast\n"
        '    Given the service "web" serves 100 requests per second\n'
        '    And an SLO "availability" of 99.9% over 30 days for the service "web"\n'
        '    When 1 hour passes\n    And the service "web" starts failing 10% of requests\n'
        '    And 1 hour passes\n    Then the burn rate of "availability" over 1 hour is 14.4\n'
    )
    assert main(["run", str(tmp_path), "--report", str(tmp_path / "out")]) == 1
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    assert "expected long 14.4</text>" in page
    assert "the check failed: expected burn rate 14.4 for &quot;availability&quot;, saw 100" in page
