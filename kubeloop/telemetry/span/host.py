"""What a span (``leap.py``, ``instants.py``) reads and moves of the telemetry it runs in
(``telemetry.Telemetry``): its store, its schedule of scrapes and rule groups, its alert
rules and timelines. Named here so the span does not import the telemetry that calls it."""

from __future__ import annotations

from typing import Protocol

from kubeloop.core.clock import PeriodicTask
from kubeloop.telemetry.retention import Retention
from kubeloop.telemetry.rules.alerting import AlertingRule
from kubeloop.telemetry.scheduled import Scheduled
from kubeloop.telemetry.series import SeriesStore
from kubeloop.telemetry.span.pace import Pace
from kubeloop.telemetry.span.runs import Runs
from kubeloop.telemetry.traffic import Service


class Host(Protocol):
    store: SeriesStore
    retention: Retention
    scrape_interval: int
    replay: bool
    _scrape_since: int
    _runs: Runs
    _pace: Pace
    _by_name: dict[str, list[AlertingRule]]
    _services: dict[str, tuple[Service, PeriodicTask]]
    _groups: list[Scheduled]
    _timelines: dict[str, list[tuple[int, str]]]
