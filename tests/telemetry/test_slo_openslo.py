"""OpenSLO v1 ratio SLOs read as SLO specs; everything else refused by name and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.errors import FixtureError
from kubeloop.telemetry.slo.openslo import load_openslo
from kubeloop.telemetry.slo.windows import DAY

FILE = Path(__file__).parents[2] / "features/telemetry/slo/slos/checkout-openslo.yml"


def test_a_ratio_slo_becomes_a_spec_with_rated_queries() -> None:
    [spec] = load_openslo(FILE.read_text(), "checkout.yml")
    assert (spec.service, spec.name, spec.objective.percent) == (
        "checkout",
        "checkout-availability",
        99.9,
    )
    assert spec.objective.period == 28 * DAY
    assert (
        'sum(rate(http_requests_total{job="checkout", code=~"5.."}[{{.window}}]))'
        in spec.error_ratio_query
    )
    assert spec.alert_name == "CheckoutAvailabilityErrorBudgetBurn"


def test_a_good_source_gives_one_minus_good_over_total() -> None:
    text = FILE.read_text().replace("bad:", "good:").replace('code=~"5.."', 'code!~"5.."')
    [spec] = load_openslo(text, "checkout.yml")
    assert spec.error_ratio_query.startswith("1 - ((sum(rate(")


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("Occurrences", "Timeslices", "'Timeslices' is not read; use Occurrences"),
        ("isRolling: true", "isRolling: false", "only a rolling time window"),
        ("28d", "28 days", "not a duration"),
        ("target: 0.999", "target: high", "needs a number target"),
        ("type: Prometheus", "type: Datadog", "'Datadog' is not read; use Prometheus"),
        (
            "apiVersion: openslo/v1\nkind: SLO",
            "apiVersion: openslo/v2alpha\nkind: SLO",
            'only "openslo/v1"',
        ),
        ("target: 0.999", "target: 1.5", "objective"),
    ],
)
def test_what_is_not_read_is_refused_with_file_and_line(old: str, new: str, says: str) -> None:
    text = FILE.read_text()
    assert old in text
    with pytest.raises(FixtureError) as raised:
        load_openslo(text.replace(old, new, 1), "checkout.yml")
    assert says in str(raised.value) and str(raised.value).startswith("checkout.yml:")


def test_a_file_without_an_slo_is_refused() -> None:
    with pytest.raises(FixtureError, match="no OpenSLO kind: SLO"):
        load_openslo("apiVersion: openslo/v1\nkind: Service\nmetadata: {name: x}\n", "x.yml")
