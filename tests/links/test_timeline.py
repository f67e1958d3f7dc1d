"""One timeline: every mechanism's lane on one clock, kept whatever the event TTL, drawn as
one picture with one time axis."""

from __future__ import annotations

import re

from linked import passed, to_prod

from kubeloop import Cluster, Deployment, Node, Telemetry
from kubeloop.core.clock import Clock
from kubeloop.core.events import EventLog
from kubeloop.links import Links
from kubeloop.links.timeline import MAX_MARKS, TimelineRecorder, snapshot
from kubeloop.pipeline import Pipeline
from kubeloop.render.telemetry import telemetry_snapshot
from kubeloop.render.timeline import burn_rows, timeline_svg


def _ship(pipeline: Pipeline, version: str) -> str:
    digest = passed(pipeline, version)
    to_prod(pipeline, digest)
    return digest


def story(ttl: int | None) -> tuple[Links, Pipeline, Telemetry, dict[str, str]]:
    """Commit to page to rollback, with the cluster's events expiring after ``ttl``."""
    clock = Clock()
    events = EventLog(clock, ttl=ttl)
    cluster = Cluster(nodes=[Node(f"node-{i}") for i in (1, 2, 3)], clock=clock, events=events)
    cluster.apply(
        Deployment(
            "web", replicas=4, cpu="500m", max_surge=1, max_unavailable=0, startup_seconds=30
        )
    )
    telemetry = Telemetry(clock=clock)
    telemetry.add_service("web", 100)
    telemetry.add_slo("availability", 99.9, 30 * 86400, "web")
    pipeline = Pipeline(clock=clock, events=events)
    links = Links(
        clock,
        events,
        cluster=lambda: cluster,
        pipeline=lambda: pipeline,
        telemetry=lambda: telemetry,
    )
    links.roll_back_on("slo", "availability", "web")
    names = {_ship(pipeline, "v1"): "R1"}
    clock.run_for(3600)
    names[_ship(pipeline, "v2")] = "R2"
    links.fail_pods_of("v2", 1.0)
    clock.run_for(3600)
    return links, pipeline, telemetry, names


def test_every_mechanism_has_its_lane_on_the_one_clock() -> None:
    links, pipeline, telemetry, names = story(ttl=None)
    data = snapshot(links, pipeline, telemetry, names.__getitem__)
    assert data["end"] == 7200
    kinds = [(entry[1], entry[2], entry[3]) for entry in data["pipeline"]]
    assert ("promote", "prod", "R2") in kinds and ("rollback", "prod", "R1") in kinds
    assert [entry[1] for entry in data["pipeline"] if entry[1] == "run"] == ["run", "run"]
    (rollout,) = data["rollouts"]
    versions = [point[7] for point in rollout["points"]]
    assert versions[-1] == "v1" and "v2" in versions
    # once first available, the budget held at every pass: ready >= replicas - unavailable,
    # pods <= replicas + surge (maxSurge 1, maxUnavailable 0: 4 ready, at most 5 pods)
    after = [p for p in rollout["points"] if p[0] >= 30]
    assert all(p[3] >= p[1] - p[6] and p[2] <= p[1] + p[5] for p in after)
    assert max(p[2] for p in after) == 5 and min(p[3] for p in after) == 4
    lanes = {t["name"] for t in data["traffic"]}
    assert lanes == {"web", "web v1", "web v2"}  # unsplit until the first pod was ready
    unsplit = next(t for t in data["traffic"] if t["name"] == "web")["points"]
    assert unsplit[0][1] == 100 and unsplit[-1][1:] == [0.0, 0.0]  # ends when split
    v2 = next(t for t in data["traffic"] if t["name"] == "web v2")["points"]
    assert any(ratio == 1.0 and rate > 0 for _, rate, ratio in v2)
    alerts = {a["name"]: a["changes"] for a in data["alerts"]}
    assert {"availability page", "availability ticket"} <= set(alerts)
    assert any(state == "firing" for _, state in alerts["availability page"])
    (rollback,) = data["rollbacks"]
    assert rollback[1] == "prod" and rollback[3] == "R1"
    assert {b["severity"] for b in burn_rows(telemetry_snapshot(telemetry))} == {"page", "ticket"}


def test_the_timeline_keeps_what_the_event_ttl_takes_away() -> None:
    kept = snapshot(*story(ttl=None)[:3], str)
    links, pipeline, telemetry, _ = story(ttl=60)
    assert min(e.time for e in links.events) > 3000  # the log lost the first hour
    assert snapshot(links, pipeline, telemetry, str) == kept


def test_the_same_story_twice_is_the_same_timeline() -> None:
    first = snapshot(*story(ttl=None)[:3], str)
    assert snapshot(*story(ttl=None)[:3], str) == first


def test_the_picture_has_one_axis_and_every_lane() -> None:
    links, pipeline, telemetry, names = story(ttl=None)
    svg = timeline_svg(
        snapshot(links, pipeline, telemetry, names.__getitem__), telemetry_snapshot(telemetry)
    )
    assert svg.count("<svg") == 1 and 'class="one-world-timeline"' in svg
    for lane in ("pipeline", "rollout web", "requests web v2", "burn rate (page)"):
        assert f">{lane}" in svg, lane
    assert ">alert availability page<" in svg and ">alert availability ticket<" in svg
    assert "rolled prod back to R1" in svg
    ticks = re.findall(r'text-anchor="middle">([\d.]+)</text>', svg)
    assert ticks == ["0", "0.5", "1", "1.5", "2"] and ">time (h)</text>" in svg, "2 h in hours"


def test_nothing_linked_draws_nothing() -> None:
    assert timeline_svg(None) == ""
    assert (
        timeline_svg({"end": 5, "rollouts": [], "traffic": [], "rollbacks": [], "links": []}) == ""
    )


def test_marks_are_kept_only_on_change_and_bounded() -> None:
    recorder = TimelineRecorder()
    clock = Clock()
    cluster = Cluster(nodes=[Node("node-1")], clock=clock)
    cluster.apply(Deployment("web", replicas=1, cpu="100m"))
    cluster.reconcile_until_stable()
    for t in range(5):
        recorder.rollouts(cluster, ["web"], t)
    assert len(recorder.marks()[0]) == 1
    for t in range(MAX_MARKS + 5):
        cluster.scale("web", 1 + t % 2)
        recorder.rollouts(cluster, ["web"], t)
    assert len(recorder.marks()[0]) == MAX_MARKS and recorder.dropped > 0


def test_a_long_lane_name_is_whole_in_its_tooltip() -> None:
    name = "checkout-payments-gateway-primary"
    data = {"end": 60, "pipeline": [], "links": [], "rollbacks": [], "alerts": [],
            "rollouts": [{"name": name, "points": [[0, 2, 2, 2, 2, 1, 0, "v1"]]}],
            "traffic": []}  # fmt: skip
    svg = timeline_svg(data)
    assert f">rollout {name[:17]}…<title>rollout {name}: v1</title>" in svg
