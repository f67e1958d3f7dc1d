"""The telemetry façade: one clock for scrapes and rules, names that exist, the contract."""

from __future__ import annotations

import math
import types
from pathlib import Path

import pytest

import kubeloop
from kubeloop.contract.telemetry import TelemetryLike, missing_from
from kubeloop.core.clock import Clock
from kubeloop.errors import AlreadyExistsError, InvalidSpecError, NotFoundError
from kubeloop.harness.errors import ScenarioAssertionError
from kubeloop.harness.world import World
from kubeloop.steps.telemetry import alerts, services, slos
from kubeloop.telemetry.slo.windows import DAY, HOUR
from kubeloop.telemetry.telemetry import Telemetry


def test_kubeloop_satisfies_its_telemetry_contract() -> None:
    assert isinstance(kubeloop.Telemetry(), TelemetryLike)
    assert missing_from(kubeloop) == []
    partial = types.ModuleType("learner")
    assert missing_from(partial) == ["Telemetry"]
    partial.Telemetry = type("Telemetry", (), {"query": lambda self: None})  # type: ignore[attr-defined]
    assert "Telemetry.add_series" in missing_from(partial)
    assert "Telemetry.query" not in missing_from(partial)


def test_scrapes_run_before_rules_at_the_same_instant() -> None:
    clock = Clock()
    t = Telemetry(clock)
    t.add_service("web", 10, 1.0)
    t.add_alert("AllFailing", "rate(http_requests_total{code='500'}[2m]) > 0")
    clock.run_for(60)
    assert t.alert_state("AllFailing") == "firing"  # the 60 s scrape was seen at 60 s
    assert t.timeline("AllFailing").changes == ((0, "inactive"), (60, "firing"))


def test_an_ended_incident_stops_paging_once_the_short_window_clears() -> None:
    t = Telemetry()
    web = t.add_service("web", 100, 0)
    t.add_slo("availability", 99.9, 30 * DAY, "web")
    t.clock.run_for(6 * HOUR)  # the 6h/30m pair sees a full window
    web.set_error_ratio(0.1, t.clock.now)
    t.clock.run_for(15 * 60)
    assert t.slo_alert_state("availability", "page") == "firing"
    web.set_error_ratio(0, t.clock.now)
    t.clock.run_for(10 * 60)
    verdict = t.verdict("availability")
    quick = verdict.pairs[0]
    assert quick.long_burn > 14.4 and quick.short_burn == 0
    assert not verdict.pages
    assert t.slo_alert_state("availability", "page") == "inactive"
    assert "short window under" in quick.explain(30 * DAY)


def test_generated_rules_are_shown_as_a_rule_file() -> None:
    t = Telemetry()
    t.add_service("web", 1)
    t.add_slo("availability", 99.9, 30 * DAY, "web")
    text = t.book.rules("availability")
    assert "slo:sli_error:ratio_rate5m" in text and "sloth_severity: page" in text
    assert "(14.4 * 0.0009999999999999432)" in text


def test_names_that_do_not_exist_list_the_ones_that_do() -> None:
    t = Telemetry()
    t.add_service("web", 1)
    t.add_alert("Up", "up == 0")
    with pytest.raises(NotFoundError, match='service "api" not found; known: web'):
        t.service("api")
    with pytest.raises(NotFoundError, match='alert "Down" not found; known: Up'):
        t.alert_state("Down")
    with pytest.raises(NotFoundError, match="there are no SLOs"):
        t.slo("availability")
    with pytest.raises(NotFoundError, match="service"):
        t.add_slo("availability", 99.9, 30 * DAY, "api")


def test_duplicates_and_bad_input_are_refused_and_change_nothing() -> None:
    t = Telemetry()
    t.add_service("web", 1)
    with pytest.raises(AlreadyExistsError):
        t.add_service("web", 2)
    with pytest.raises(InvalidSpecError):
        t.add_slo("availability", 100.5, 30 * DAY, "web")
    assert t.slos() == []
    with pytest.raises(InvalidSpecError):
        t.set_evaluation_interval(0)
    with pytest.raises(InvalidSpecError, match='rule 1, "Bad": could not parse') as raised:
        t.add_alert("Bad", "rate(x[5m]")
    assert "groups[0]" not in str(raised.value)
    assert t.alert_names() == []


def test_a_sloth_file_adds_all_its_slos_or_none() -> None:
    spec = (Path(__file__).parent / "data" / "sloth" / "getting-started.yml").read_text()
    t = Telemetry()
    t.load_sloth(spec, "getting-started.yml")
    assert t.slos() == ["requests-availability"]
    with pytest.raises(AlreadyExistsError):
        t.load_sloth(spec, "getting-started.yml")
    assert t.alert_names() == ["MyServiceHighErrorRate"]


def test_no_traffic_gives_no_burn_rate() -> None:
    t = Telemetry()
    t.add_service("web", 0)
    t.add_slo("availability", 99.9, 30 * DAY, "web")
    t.clock.run_for(HOUR)
    assert math.isnan(t.burn_rate("availability", HOUR))
    assert t.slo_alert_state("availability", "page") == "inactive"


def world_with_telemetry() -> World:
    world = World(kubeloop, "kubeloop", Path("."))
    world.settled = True
    return world


def test_a_then_naming_an_unknown_alert_service_or_slo_fails_naming_what_exists() -> None:
    world = world_with_telemetry()
    services.the_service(world, "web", 10, 0)
    alerts.an_alert(world, "InstanceDown", "up == 0")
    with pytest.raises(ScenarioAssertionError, match="the alerts are InstanceDown"):
        alerts.alert_is(world, "HighErrorRate", "firing")
    with pytest.raises(ScenarioAssertionError, match="the alerts are InstanceDown"):
        alerts.never_fired(world, "HighErrorRate")
    with pytest.raises(ScenarioAssertionError, match="the services are web"):
        services.starts_failing(world, 10, "api")
    with pytest.raises(ScenarioAssertionError, match="there are no SLOs"):
        slos.pages(world, "availability")
    with pytest.raises(ScenarioAssertionError, match="there are no SLOs"):
        slos.does_not_page(world, "availability")


def test_went_through_refuses_unknown_states() -> None:
    world = world_with_telemetry()
    alerts.an_alert(world, "InstanceDown", "up == 0")
    with pytest.raises(ScenarioAssertionError, match="states among inactive, pending, firing"):
        alerts.went_through(world, "InstanceDown", "inactive, resolved")
