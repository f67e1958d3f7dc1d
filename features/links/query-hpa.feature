Feature: An HPA fed by a PromQL query
  The HPA keeps the upstream formula — ceil(current × value / target), the 10% tolerance,
  the scale-up limit — and takes its value from a query over the telemetry store, evaluated
  on the shared clock every 15 seconds.

  Background:
    Given 3 nodes and a deployment of 2

  Scenario: Requests per second per pod scale the deployment until each pod serves the target
    Given the service "web" serves 200 requests per second
    And web autoscales from 2 to 8 replicas on the query "sum(rate(http_requests_total{job='web'}[2m]))" targeting 50 per pod
    When 5 minutes pass
    Then web has 4 replicas
    And the HPA of web last read 50 from its query
    And an event SuccessfulRescale was recorded saying "New size: 4"

  Scenario: A query value used as it is: the HPA grows at most to max(2 × current, 4) a sync
    Given the gauge queue_depth is 90
    And web autoscales from 1 to 10 replicas on the query "max(queue_depth)" targeting 30
    When 15 seconds pass
    Then web has 8 replicas
    And an event SuccessfulRescale was recorded saying "New size: 4"
    And an event SuccessfulRescale was recorded saying "New size: 8"
    When 15 seconds pass
    Then web has 10 replicas
    And the HPA of web last read 90 from its query

  Scenario: Inside the tolerance band the HPA holds steady
    Given the service "web" serves 105 requests per second
    And web autoscales from 1 to 8 replicas on the query "sum(rate(http_requests_total{job='web'}[2m]))" targeting 50 per pod
    When 5 minutes pass
    Then web has 2 replicas

  Scenario: A query with no answer feeds nothing and says so
    Given web autoscales from 2 to 8 replicas on the query "sum(rate(http_requests_total{job='missing'}[2m]))" targeting 50
    When 1 minute passes
    Then web has 2 replicas
    And an event FailedGetExternalMetric was recorded saying "the query returned no value"

  Scenario: A query that does not parse is refused at once
    Given web autoscales from 2 to 8 replicas on the query "sum(rate(" targeting 50
    Then the operation fails with "sum(rate("

  Scenario: A query-fed HPA needs an HPA target that exists
    Given the service "web" serves 10 requests per second
    And the HPA of api reads the query "sum(rate(http_requests_total[2m]))"
    Then the operation fails with "api"
