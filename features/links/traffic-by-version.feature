Feature: Pods emit request metrics by version
  A service and a cluster deployment of the same name are one thing: the service's requests
  are served by the deployment's ready pods, split by the versions they run. The series gain
  a version label; their names and job stay, so queries over the whole service still work.

  Background:
    Given 3 nodes and a deployment of 4 with maxSurge 1 and maxUnavailable 0
    And the service "web" serves 100 requests per second
    And a manifest "web" version "v2"
    When I build "web" as R2
    Given R2 passed every gate
    And R2 was promoted to dev, staging and prod

  Scenario: Every series carries the version of the pods that served it
    When 15 minutes pass
    Then sum by (version) (rate(http_requests_total{job="web"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 100   |
    And sum(rate(http_requests_total{job="web"}[5m])) is 100
    And up{job="web"} is 1

  Scenario: Mid-rollout the traffic splits by ready pods, and a failing version fails only its share
    Given deployment web takes 10 minutes to become ready
    When 15 minutes pass
    And I approve the promotion of R2 to prod
    And 11 minutes pass
    Then 1 pod of version v2 is ready
    And 3 pods of version v1 are ready
    When v2 of the service "web" fails 50% of requests
    And 5 minutes pass
    Then sum by (version) (rate(http_requests_total{job="web"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 75    |
      | {version="v2"} | 25    |
    And sum by (version) (rate(http_requests_total{job="web",code="500"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 0     |
      | {version="v2"} | 12.5  |
    And sum(rate(http_requests_total{job="web"}[5m])) is 100

  Scenario: A failing canary pages, the page rolls prod back, and the errors stop
    Given an SLO "availability" of 99.9% over 30 days for the service "web"
    And when the SLO "availability" pages, roll back prod
    And a manifest "web" version "v1"
    When I build "web" as R1
    Given R1 passed every gate
    And R1 was promoted to dev, staging and prod
    When 15 minutes pass
    And I approve the promotion of R1 to prod
    And I approve the promotion of R2 to prod
    And v2 of the service "web" fails 100% of requests
    And 15 minutes pass
    Then prod runs R1
    And an alert rolled prod back 1 time
    When 1 hour passes
    Then every web pod runs v1
    And sum(rate(http_requests_total{job="web",code="500"}[5m])) is 0
    And the SLO "availability" does not page

  Scenario: A version's own failure needs the service to be served by pods
    Given the service "api" serves 10 requests per second
    When v2 of the service "api" fails 50% of requests
    Then the operation fails with "not served by a cluster deployment's pods"

  Scenario: The pods of a deployment of another name serve a service when the scenario says so
    Given the service "shop" serves 40 requests per second
    And the service "shop" is served by the pods of "web"
    When 10 minutes pass
    Then sum by (version) (rate(http_requests_total{job="shop"}[5m])) returns:
      | series         | value |
      | {version="v1"} | 40    |
