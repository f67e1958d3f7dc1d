"""An SLO declared the way SREs write one: its name, objective, period and service in any
order, with or without "an"/"the", "named"/"called", the objective in nines ("three
nines" is 99.9%, "three and a half nines" 99.95%), "for service payments" and "for the
payments service"; and a budget said spent in full ("fully spent", "completely used up",
"depleted"): after a full outage, not after a clean stretch. Each declaration is the SLO
'an SLO "X" of 99.9% over 30 days for the service "payments"'; its twin with another
objective or period fails the budget check."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("declaration", "kept"),
    [
        ('an SLO "pay" of 99.9% over 30 days for service payments', True),
        ('SLO "pay" targets 99.9% over 30 days for payments', True),
        ('an SLO "pay" for the payments service of 99.9% over 30 days', True),
        ('an SLO named "pay" of 99.9% over 30 days for payments', True),
        ('an SLO called "pay" over 30 days at 99.9% for service payments', True),
        ('the SLO "pay" for payments is 99.9% over 30 days', True),
        ('SLO "pay" is 99.9% over 30 days for the service payments', True),
        ('SLO "pay" targets 99% over 30 days for payments', False),
        ('an SLO "pay" of three nines over 30 days for payments', True),
        ('an SLO "pay" targeting three-nines availability for service payments', True),
        ('an SLO "pay" of three and a half nines over 30 days for payments', False),
        ('an SLO "pay" of two nines over 30 days for payments', False),
        ('an SLO "pay" of 99.9% over 7 days for service payments', False),
    ],
)
def test_an_slo_declared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declaration: str, kept: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second',
        f"And {declaration}",
        'Then the error budget of "pay" is 43.2 minutes',
    )
    assert (code == 0) is kept, out


@pytest.mark.parametrize(
    "check",
    [
        'the error budget for "pay" is fully spent',
        "the error budget of pay is completely used up",
        "the budget for pay is depleted",
        'the error budget of "pay" is entirely gone',
        "the error budget is totally exhausted",
        "pay's error budget is fully spent",
    ],
)
@pytest.mark.parametrize("outage", [True, False])
def test_a_budget_spent_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, outage: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second',
        'And an SLO "pay" of 99.9% over 30 days for service payments',
        "When payments fails every request for 45 minutes" if outage else "When 45 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is outage, out


@pytest.mark.parametrize(
    "line",
    ["SLO pay is met", 'an SLO "pay" for the service', "the SLO pay is breached"],
)
def test_not_a_declaration(line: str) -> None:
    read = REGISTRY.quietly("given", line)
    assert not any(m.definition.function.__name__ == "an_slo" for m in read)


@pytest.mark.parametrize(
    ("traffic", "begun"),
    [
        ("payments serves 100 requests per second", True),
        ("the service payments handles 100 rps", True),
        ("paymnts serves 100 requests per second", False),
    ],
)
def test_an_slo_waits_for_the_service_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], traffic: str, begun: bool
) -> None:
    """Said before the service's traffic, an SLO for a named service begins with it."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given an SLO "pay" of 99.9% over 30 days for service payments',
        f"And {traffic}",
        "When payments fails every request for 45 minutes"
        if begun
        else "When paymnts fails every request for 45 minutes",
        'Then the error budget of "pay" is exhausted',
    )
    assert (code == 0) is begun, out
    assert begun or "waits for its service" in out, out


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ('50% of the budget of "pay" remains', True),
        ("50% of the budget for pay has been spent", True),
        ('54% of the budget of "pay" remains', False),
    ],
)
def test_a_budget_said_without_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    """ "the budget" is the error budget, as "the error budget" is."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second',
        'And an SLO "pay" of 99.5% over 30 days for service payments',
        "When payments fails 0.25% of requests for 45 minutes",
        f"Then {check}",
    )
    assert (code == 0) is holds, out


@pytest.mark.parametrize(
    ("check", "outage"),
    [
        ("the error budget is not exhausted", False),
        ("the error budget is not exhausted", True),
        ("the budget for pay isn't fully spent", False),
        ('the error budget of "pay" is not yet used up', False),
    ],
)
def test_a_budget_not_spent_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, outage: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second',
        'And an SLO "pay" of 99.9% over 30 days for service payments',
        "When payments fails every request for 45 minutes" if outage else "When 45 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is not outage, out
