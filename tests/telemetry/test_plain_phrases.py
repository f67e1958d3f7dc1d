"""Telemetry said the way SREs say it: each family is read one way, and a mis-reading fails.

The phrases (steps/telemetry/counters.py, the bare PromQL of queries.py, the negations of
alerts.py, the budget variants of slos.py) are checked twice: how the registry reads a
sentence, and scenarios whose expectation is wrong, which must fail saying what was seen.
"""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestAssertRewriteWarning")


@pytest.mark.parametrize(
    ("keyword", "text", "function", "arguments"),
    [
        (
            "given",
            'the counter jobs_total{queue="emails"} grows by 600 every minute',
            "counter_grows",
            {"series": 'jobs_total{queue="emails"}', "amount": 600.0, "every": 60},
        ),
        (
            "given",
            "jobs_total increases by 50 per 5m",
            "counter_grows",
            {"series": "jobs_total", "amount": 50.0, "every": 300},
        ),
        (
            "given",
            "the counter `x_total` goes up by 2 every 30 seconds",
            "counter_grows",
            {"series": "x_total", "amount": 2.0, "every": 30},
        ),
        ("when", "the counter x_total stops growing", "counter_stops", {"series": "x_total"}),
        ("when", "x_total is reset", "counter_resets", {"series": "x_total"}),
        (
            "then",
            'rate(x_total{a="b"}[5m]) is 10',
            "query_returns",
            {"expr": 'rate(x_total{a="b"}[5m])', "value": "10"},
        ),
        (
            "then",
            "sum by (le) (rate(x_bucket[5m])) returns 2",
            "query_returns",
            {"expr": "sum by (le) (rate(x_bucket[5m]))", "value": "2"},
        ),
        ("then", 'the query "up" is 1', "query_returns", {"expr": "up", "value": "1"}),
        (
            "then",
            "job:errors:ratio5m is between 0.1 and 0.2",
            "query_between",
            {"expr": "job:errors:ratio5m", "low": "0.1", "high": "0.2"},
        ),
        ("then", "x_total{a='gone'} is empty", "query_empty", {"expr": "x_total{a='gone'}"}),
        (
            "then",
            "the alert HighErrorRate is not firing",
            "alert_is_not",
            {"name": "HighErrorRate", "state": "firing"},
        ),
        (
            "then",
            "the alert HighErrorRate is inactive",
            "alert_is",
            {"name": "HighErrorRate", "state": "inactive"},
        ),
        ("given", 'the alerting rules from "r.yml"', "the_rules_from", {"path": "r.yml"}),
        ("given", 'the recording rules from "r.yml"', "the_rules_from", {"path": "r.yml"}),
        (
            "then",
            'the error budget of "api" is 100% remaining',
            "budget_remaining",
            {"name": "api", "percent": 100},
        ),
        (
            "then",
            '90% of the error budget of "api" remains',
            "budget_remaining",
            {"name": "api", "percent": 90},
        ),
        (
            "then",
            'the SLO "api" has at least 90.5% of its error budget left',
            "budget_remaining",
            {"name": "api", "percent": 90.5, "bound": ">="},
        ),
        (
            "then",
            'the error budget of "api" is 43.2 minutes',
            "error_budget",
            {"name": "api", "minutes": "43.2"},
        ),
        (
            "given",
            "the counter jobs_total grows at 10/s",
            "counter_grows",
            {"series": "jobs_total", "amount": 10.0, "every": 1},
        ),
        (
            "given",
            "a counter jobs_total growing by 600 every minute",
            "counter_grows",
            {"series": "jobs_total", "amount": 600.0, "every": 60},
        ),
        (
            "given",
            "the gauge queue_depth is 5",
            "gauge_is",
            {"series": "queue_depth", "value": "5"},
        ),
        (
            "then",
            "rate(jobs_total[5m]) is greater than 5",
            "query_compares",
            {"expr": "rate(jobs_total[5m])", "bound": ">", "value": "5"},
        ),
        (
            "then",
            "the gauge queue_depth is at most 10",
            "query_compares",
            {"expr": "queue_depth", "bound": "<=", "value": "10"},
        ),
        (
            "then",
            "the value of up{job='web'} is 1",
            "query_returns",
            {"expr": "up{job='web'}", "value": "1"},
        ),
        (
            "then",
            "sum by (code) (rate(x[5m])) returns:",
            "query_table",
            {"expr": "sum by (code) (rate(x[5m]))"},
        ),
        ("then", "the alert X fires", "alert_fires", {"name": "X"}),
        ("then", "the alert X does not fire", "alert_does_not_fire", {"name": "X"}),
        ("then", "the alert X did not fire", "never_fired", {"name": "X"}),
        ("then", "no alert is firing", "no_alert_is", {"state": "firing"}),
        (
            "then",
            'the SLO "api" has spent 25% of its error budget',
            "budget_spent",
            {"name": "api", "percent": 25},
        ),
        ("then", 'the error budget of "api" is exhausted', "budget_exhausted", {"name": "api"}),
        (
            "then",
            "the rate of jobs_total over 5m is 10 per second",
            "query_returns",
            {"expr": "rate(jobs_total[300s])", "value": "10"},
        ),
        (
            "then",
            "the increase of the counter jobs_total over the last 1 hour is 36000",
            "query_returns",
            {"expr": "increase(jobs_total[3600s])", "value": "36000"},
        ),
        (
            "then",
            "histogram_quantile(0.99, rate(x_bucket[5m])) < 0.5",
            "query_compares",
            {"expr": "histogram_quantile(0.99, rate(x_bucket[5m]))", "bound": "<", "value": "0.5"},
        ),
        (
            "then",
            "the alert X should not be firing",
            "alert_is_not",
            {"name": "X", "state": "firing"},
        ),
        ("then", "the alert X stays pending", "alert_is", {"name": "X", "state": "pending"}),
        ("then", "the alert X is resolved", "alert_resolved", {"name": "X"}),
        ("given", 'the alerting rules in "r.yml"', "the_rules_from", {"path": "r.yml"}),
        ("given", 'the rule file "r.yml"', "the_rules_from", {"path": "r.yml"}),
        (
            "then",
            'the error budget of "api" is 50% consumed',
            "budget_spent",
            {"name": "api", "percent": 50},
        ),
    ],
)
def test_each_family_is_read_one_way(
    keyword: str, text: str, function: str, arguments: dict[str, object]
) -> None:
    matches = REGISTRY.match(keyword, text)
    assert [m.definition.function.__name__ for m in matches] == [function]
    assert matches[0].arguments == arguments


def test_two_bare_checks_joined_by_and_are_two_steps() -> None:
    matches = REGISTRY.match("then", "rate(a_total[5m]) is 1 and b_total is 2")
    assert [(m.definition.function.__name__, m.arguments) for m in matches] == [
        ("query_returns", {"expr": "rate(a_total[5m])", "value": "1"}),
        ("query_returns", {"expr": "b_total", "value": "2"}),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "the result is 3",  # the last query's result, not PromQL
        "the 5m burn rate of availability is 14.4",
        "alert HighErrorRate is firing",
    ],
)
def test_sentences_about_other_things_are_not_read_as_bare_promql(text: str) -> None:
    matches = REGISTRY.match("then", text)
    assert all(m.definition.function.__name__ != "query_returns" for m in matches)


def test_a_word_without_brackets_is_not_bare_promql() -> None:
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("then", "up is 1")


RULES = """groups:
  - name: web
    interval: 15s
    rules:
      - alert: HighErrorRate
        expr: sum(rate(errors_total[5m])) / sum(rate(requests_total[5m])) > 0.05
        for: 5m
"""

MISREAD = """
Feature: Mis-read telemetry sentences fail
  Scenario: "every minute" is not "per second"
    Given the counter jobs_total grows by 600 every minute
    When 10 minutes pass
    Then rate(jobs_total[5m]) is 600

  Scenario: a counter that stopped has no rate
    Given the counter jobs_total grows by 5 per second
    When 10 minutes pass
    And the counter jobs_total stops growing
    And 10 minutes pass
    Then rate(jobs_total[5m]) is 5

  Scenario: a reset counter starts again from zero
    Given the counter jobs_total grows by 1 per second
    When 10 minutes pass
    And jobs_total is reset
    And 5 minutes pass
    Then jobs_total is 900

  Scenario: le counts are cumulative, not per bucket
    Given the histogram lat_seconds observes per second:
      | le   | count |
      | 0.1  | 5     |
      | 0.5  | 9     |
      | +Inf | 10    |
    When 10 minutes pass
    Then histogram_quantile(0.9, rate(lat_seconds_bucket[5m])) is 0.3

  Scenario: bucket counts that fall are refused
    Given the histogram lat_seconds observes per second:
      | le   | count |
      | 0.1  | 5     |
      | 0.5  | 3     |

  Scenario: pending is not "not pending"
    Given the alert rules from "rules.yml"
    And the counter errors_total grows by 20 per second
    And the counter requests_total grows by 200 per second
    When 1 minute passes
    Then the alert HighErrorRate is not pending

  Scenario: firing is not "not firing"
    Given the alert rules from "rules.yml"
    And the counter errors_total grows by 20 per second
    And the counter requests_total grows by 200 per second
    When 10 minutes pass
    Then the alert HighErrorRate is not firing

  Scenario: a clean service has all of its budget
    Given the service "api" serves 50 requests per second with 0% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 1 hour passes
    Then the error budget of "api-availability" is 99% remaining

  Scenario: "greater than" is not "at least"
    Given the counter jobs_total grows by 10 per second
    When 10 minutes pass
    Then rate(jobs_total[5m]) is greater than 10

  Scenario: a gauge reads what it was set to, not what it will be
    Given the gauge queue_depth is 5
    When 2 minutes pass
    Then the gauge queue_depth is 12

  Scenario: pending does not fire
    Given the alert rules from "rules.yml"
    And the counter errors_total grows by 20 per second
    And the counter requests_total grows by 200 per second
    When 1 minute passes
    Then the alert HighErrorRate fires

  Scenario: no alert is firing, except one is
    Given the alert rules from "rules.yml"
    And the counter errors_total grows by 20 per second
    And the counter requests_total grows by 200 per second
    When 10 minutes pass
    Then no alert is firing

  Scenario: errors spend the budget
    Given the service "api" serves 100 requests per second with 0% errors
    And an SLO "api-availability" of 99% over 30 days for the service "api"
    When the service "api" starts failing 100% of requests
    And 1 hour passes
    Then the SLO "api-availability" has spent 0% of its error budget

  Scenario: a clean service has not exhausted its budget
    Given the service "api" serves 50 requests per second with 0% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 1 hour passes
    Then the error budget of "api-availability" is exhausted

  Scenario: "<" is strict
    Given the counter jobs_total grows by 10 per second
    When 10 minutes pass
    Then rate(jobs_total[5m]) < 10

  Scenario: the window said in words is the window queried
    Given the counter jobs_total grows by 10 per second
    When 10 minutes pass
    Then the increase of jobs_total over 2 minutes is 3000

  Scenario: an alert still firing is not resolved
    Given the alert rules from "rules.yml"
    And the counter errors_total grows by 20 per second
    And the counter requests_total grows by 200 per second
    When 10 minutes pass
    Then the alert HighErrorRate is resolved

  Scenario: a counter nobody declared
    Given the counter jobs_total grows by 1 per second
    When the counter job_total stops growing
"""


def test_each_mis_reading_fails_saying_what_it_saw(pytester: pytest.Pytester) -> None:
    pytester.makefile(".feature", misread=MISREAD)
    pytester.makefile(".yml", rules=RULES)
    result = pytester.runpytest("-p", "no:hypothesispytest", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=18)
    out = result.stdout.str()
    assert '"rate(jobs_total[5m])" = 600' in out and "saw: 10" in out
    assert '"rate(jobs_total[5m])" = 5' in out and "saw: 0" in out
    assert '"jobs_total" = 900' in out and "saw: 300" in out
    assert "saw: 0.5" in out
    assert "le 0.5 counts 3, fewer than le 0.1" in out
    assert 'alert "HighErrorRate" not pending at 1m00s' in out
    assert 'alert "HighErrorRate" not firing at 10m00s' in out
    assert 'remaining for "api-availability" == 99%' in out and "saw: 100%" in out
    assert '"rate(jobs_total[5m])" > 10' in out
    assert '"queue_depth" = 12' in out and "saw: 5" in out
    assert 'alert "HighErrorRate" firing at 1m00s' in out
    assert "no alert firing at 10m00s" in out
    assert 'spent for "api-availability" == 0%' in out and "saw: 10000%" in out
    assert 'the error budget of "api-availability" exhausted' in out and "saw: 100% left" in out
    assert '"rate(jobs_total[5m])" < 10' in out
    assert '"increase(jobs_total[120s])" = 3000' in out and "saw: 1200" in out
    assert 'alert "HighErrorRate" resolved' in out and "saw: firing" in out
    assert "a counter job_total declared by a Given" in out and "counters are jobs_total" in out
