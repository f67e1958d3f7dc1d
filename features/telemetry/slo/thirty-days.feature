@task-7 @points=1
Feature: A month of logical time with an SLO and its burn-rate alerts
  "When 30 days pass" runs every scrape and every rule evaluation of the month with
  Prometheus' semantics and answers exactly as visiting each instant would: the budget,
  the burn rates over every window, and the page and ticket alerts. Steady traffic is
  lived through in stretches rather than instant by instant, so a month stays well inside
  the step time limit. Scraped and evaluated every 5 minutes here (a month at the default
  minute is benchmarks/telemetry_span.py's world): a 5-minute rate then holds one sample
  and gives nothing, as in Prometheus, so Sloth's 5-minute SLI and the 1h/5m page pair
  stay empty and the 6h/30m pair is the one that pages; the budget is measured over the
  whole 30 days of counters.

  Background:
    Given services are scraped every 5 minutes
    And rules are evaluated every 5 minutes

  Scenario: A steady month spends a fifth of a 99.5% budget and never alerts
    Given the service "api" serves 50 requests per second with 0.1% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 30 days pass
    Then the error budget of "api-availability" is 80% remaining
    And the burn rate of "api-availability" over 30 days is 0.2
    And the burn rate of "api-availability" over 3 days is 0.2
    And the SLO "api-availability" does not page
    And the SLO "api-availability" does not open a ticket

  Scenario: A slow burn all month opens a ticket, never pages, and exhausts the budget
    Given the service "api" serves 50 requests per second with 0.6% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 30 days pass
    Then the burn rate of "api-availability" over 30 days is 1.2
    And the error budget of "api-availability" is exhausted
    And the SLO "api-availability" opens a ticket
    And the SLO "api-availability" does not page

  Scenario: An outage in the middle of the month pages while it lasts, then only its cost remains
    Given the service "api" serves 50 requests per second with 0.1% errors
    And an SLO "api-availability" of 99.5% over 30 days for the service "api"
    When 10 days pass
    And the service "api" starts failing 10% of requests
    And 2 hours pass
    Then the SLO "api-availability" pages
    When the service "api" starts failing 0.1% of requests
    And 20 days pass
    Then the SLO "api-availability" does not page
    And the SLO "api-availability" does not open a ticket
    And the burn rate of "api-availability" over 3 days is 0.2
    And the error budget remaining for "api-availability" is between 74% and 75%
