"""The telemetry pictures: state bands, burn-rate charts, queried series, number matching."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from kubeloop.render.checks import FailedCheck
from kubeloop.render.telemetry import telemetry_picture, telemetry_snapshot
from kubeloop.render.telemetry_charts import telemetry_svg
from kubeloop.steps.telemetry.telemetry_part import matches, show
from kubeloop.telemetry.slo.windows import DAY
from kubeloop.telemetry.telemetry import Telemetry


def scenario() -> Telemetry:
    t = Telemetry()
    web = t.add_service("web", 100, 0)
    t.add_slo("availability", 99.9, 30 * DAY, "web")
    t.add_alert("Errors", "sum(rate(http_requests_total{code='500'}[5m])) > 1", 120)
    t.clock.run_for(600)
    web.set_error_ratio(0.5, t.clock.now)
    t.clock.run_for(600)
    t.query("rate(http_requests_total[5m])")
    return t


def test_the_snapshot_is_plain_json_with_timelines_burns_and_series() -> None:
    data = telemetry_snapshot(scenario())
    assert json.loads(json.dumps(data)) == data
    burn = next(a for a in data["alerts"] if a["name"] != "Errors")
    assert burn["severities"] == {
        "page": [[0, "inactive"], [660, "firing"]],
        "ticket": [[0, "inactive"], [660, "firing"]],
    }
    alerts = {a["name"]: a["changes"] for a in data["alerts"]}
    assert alerts["Errors"] == [[0, "inactive"], [660, "pending"], [780, "firing"]]
    slo = data["slos"][0]
    assert [p["label"] for p in slo["pairs"]] == ["1h/5m", "6h/30m", "1d/2h", "3d/6h"]
    assert slo["pairs"][0]["short"][-1] == pytest.approx(500, rel=0.01)
    assert "slo:sli_error:ratio_rate5m" in slo["rules"]
    assert {s["labels"] for s in data["series"]} >= {
        'http_requests_total{code="500", job="web", service="web"}'
    }


def test_the_html_pictures_draw_every_band_and_threshold() -> None:
    pictures = telemetry_svg(telemetry_snapshot(scenario()))
    html = "".join(pictures)
    assert html.count('class="alert-timeline"') == 2  # Errors and the SLO's alert
    assert "firing from 780 s" in html and "pending from 660 s" in html
    assert ">page</text>" in html and ">ticket</text>" in html, "an SLO's two alerts apart"
    assert "firing at end" in html and html.count("time (min)") == 4, "20 min: minutes"
    assert html.count('class="burn-rate"') == 1 and html.count("stroke-dasharray") == 4
    assert html.count("long window 1h") == 1 and "×14.4: fires above" in html
    assert ">long 250</text>" in html and ">short 500</text>" in html, "last values, printed"
    assert 'class="series"' in html and "rules generated for availability" in html
    assert telemetry_svg({}) == []


def test_the_text_picture_explains_the_slo_in_words() -> None:
    text = telemetry_picture(scenario())
    assert "telemetry at 20m:" in text, "times in the unit that reads, as the explanation's"
    assert "alert Errors: inactive from 0s, pending from 11m, firing from 13m" in text
    assert "alert WebAvailabilityErrorBudgetBurn (page): inactive from 0s, firing from 11m" in text
    assert "page 1h/5m ×14.4" in text and "fires" in text


@pytest.mark.parametrize(
    ("written", "value", "ok"),
    [
        ("0.1682", 0.168182, True),
        ("14.4", 14.400000000000002, True),
        ("14.4", 14.46, False),
        ("100", 99.9999, True),
        ("0.9", 0.95, False),
        ("1e-05", 0.0000100004, True),
        ("NaN", float("nan"), True),
        ("NaN", 0.0, False),
        ("+Inf", float("inf"), True),
        ("-Inf", float("inf"), False),
        ("0", float("nan"), False),
    ],
)
def test_a_number_matches_when_rounded_to_the_decimals_written(
    written: str, value: float, ok: bool
) -> None:
    assert matches(written, value) is ok


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (100.00000000000568, "100"),
        (14.400000000000002, "14.4"),
        (0.1 + 0.2, "0.3"),
        (0.0000100004, "1.00004e-05"),
        (2.5, "2.5"),
        (1e22, "1e+22"),
        (float("nan"), "NaN"),
        (float("-inf"), "-Inf"),
    ],
)
def test_a_number_is_shown_without_float_noise(value: float, shown: str) -> None:
    assert show(value) == shown


def test_a_failed_burn_rate_check_is_drawn_on_the_pair_it_read() -> None:
    data = telemetry_snapshot(scenario())
    mark = FailedCheck("burn", "availability", "3600", 14.4, 250.0, expected="14.4", observed="250")
    (burn,) = [p for p in telemetry_svg(data, [mark]) if 'class="burn-rate"' in p]
    assert burn.count("expected long 14.4") == 1, "on the 1h/5m pair only"
    assert "the check failed: expected 14.4, saw 250" in burn
    elsewhere = replace(mark, subject="checkout")
    assert "expected long" not in "".join(telemetry_svg(data, [elsewhere]))


def test_an_slo_that_only_opens_a_ticket_still_shows_its_page_band_quiet() -> None:
    """Page and ticket apart even when only one of them ever fired (the ALERTS series then
    name one severity only): a scenario that asserts "does not page" sees a quiet page."""
    t = Telemetry()
    web = t.add_service("web", 100, 0)
    t.add_slo("availability", 99.9, 30 * DAY, "web")
    web.set_error_ratio(0.004, 0)  # 4× the budget: the 1d/2h ticket pair (×3) only
    t.clock.run_for(4 * 3600)
    (alert,) = telemetry_snapshot(t)["alerts"]
    assert alert["severities"]["page"] == [[0, "inactive"]]
    assert any(state == "firing" for _, state in alert["severities"]["ticket"])
