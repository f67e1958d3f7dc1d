Feature: Pods serve traffic by readiness, by version and within their capacity
  A service linked to a deployment is served by its Ready pods only. With a per-pod
  capacity, what the ready pods cannot take fails, so losing pods — to a node failure or a
  scale-down — shows in the error ratio, and an HPA on requests per second per pod (the
  autoscaling/v2 Pods metric, read from the world's series) brings the capacity back.

  Background:
    Given services are scraped every 15 seconds

  Scenario: A node failure overloads the survivors, burns budget, and an HPA on requests per second heals it
    Given 3 nodes
    And the scheduler scores nodes with LeastAllocated
    And node failures are timed realistically
    And a deployment "web" with 3 replicas requesting 1 CPU per pod
    And deployment "web" takes 1 minute to become ready
    And the service "web" serves 240 requests per second
    And each pod of "web" serves at most 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And an HPA for "web" from 3 to 10 replicas targeting 80 requests per second per pod
    When 10 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 0
    And "web" has 3 replicas
    When node-2 fails
    And 2 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 40
    And the SLO "availability" has spent more than 0% of its error budget
    When 2 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 0
    And "web" has 5 replicas
    And 4 web pods are ready

  Scenario: A scale-down below what the traffic needs shows in the error ratio
    Given 3 nodes and a deployment of 4
    And the service "web" serves 300 requests per second
    And each pod of "web" serves at most 100 requests per second
    When 5 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 0
    When I scale "web" to 2
    And 2 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 100
    And sum(rate(http_requests_total{job="web",code="200"}[1m])) is 200

  Scenario: A service with no ready endpoint fails every request
    Given 3 nodes and a deployment of 2
    And the service "web" serves 50 requests per second
    When 5 minutes pass
    And I scale "web" to 0
    And 2 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 50
    And sum(rate(http_requests_total{job="web",code="200"}[1m])) is 0
    When I scale "web" to 2
    And 2 minutes pass
    Then sum(rate(http_requests_total{job="web",code="500"}[1m])) is 0

  Scenario: A pod that never turns Ready gets no traffic
    Given 3 nodes and a deployment of 4 with maxSurge 1 and maxUnavailable 0
    And the service "web" serves 100 requests per second
    When 2 minutes pass
    And I roll out version "v2" of "web" that never becomes ready
    Then the rollout stalls
    When 5 minutes pass
    Then sum by (version) (rate(http_requests_total{job="web"}[1m])) returns:
      | series         | value |
      | {version="v1"} | 100   |
    And 1 pod of "web" runs version "v2"
    And 4 pods of "web" are ready

  Scenario: Pods running an artifact fail a share of their requests, the others do not
    Given 3 nodes and a deployment of 4 with maxSurge 1 and maxUnavailable 0
    And the service "web" serves 100 requests per second
    And a manifest "web" version "v1"
    When I build "web" as D1
    Given D1 passed every gate
    And D1 was promoted to dev, staging and prod
    When I approve the promotion of D1 to prod
    Given a manifest "web" version "v2"
    When I build "web" as D2
    Given D2 passed every gate
    And D2 was promoted to dev, staging and prod
    And I approve the promotion of D2 to prod
    And pods running D2 fail 10% of requests
    When I roll out D2 to "web" with maxSurge 1 and maxUnavailable 1
    And 5 minutes pass
    Then sum by (version) (rate(http_requests_total{job="web",code="500"}[1m])) returns:
      | series         | value |
      | {version="v1"} | 0     |
      | {version="v2"} | 10    |

  Scenario: A traffic ramp scales up at once and down only after the stabilization window
    Given 3 nodes
    And a deployment "web" with 2 replicas requesting 250m CPU per pod
    And the service "web" serves 100 requests per second
    And an HPA for "web" from 2 to 10 replicas targeting 50 requests per second per pod
    When 5 minutes pass
    Then "web" has 2 replicas
    When the service "web" starts serving 400 requests per second
    And 3 minutes pass
    Then "web" has 8 replicas
    When the service "web" starts serving 100 requests per second
    And 3 minutes pass
    Then "web" has 8 replicas
    When 5 minutes pass
    Then "web" has 2 replicas

  Scenario: An HPA on requests per second with no requests yet reads nothing and keeps its replicas
    Given 3 nodes and a deployment of 3
    And an HPA for "web" from 1 to 10 replicas targeting 50 requests per second per pod
    And the service "web" serves 0 requests per second
    When 5 minutes pass
    Then "web" has 3 replicas
    And an event FailedGetExternalMetric was recorded
