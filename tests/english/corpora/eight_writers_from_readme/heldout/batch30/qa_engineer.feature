Feature: Regression checks I run before signing off a release
  I keep a list of things that broke on us once.
  Each one is a scenario here so it can never sneak back in.

  @cluster
  Scenario: Pods from a dead node come back up somewhere else
    Given 3 nodes and a deployment of 6
    When node-2 fails and I reconcile
    Then no pod is on node-2
    And 6 pods are running
    And nothing is scheduled on node-2

  @cluster
  Scenario Outline: Rollout settings are respected at every step
    Given a deployment "api" with 6 replicas requesting 500m CPU per pod at version v1 with maxSurge <surge> and maxUnavailable <unavailable>
    And 4 nodes
    When I roll out version v2 of api with maxSurge <surge> and maxUnavailable <unavailable>
    Then every pod of "api" runs v2
    And the rollout never exceeded <max> pods
    And at its lowest the rollout had <min> ready pods

    Examples:
      | surge | unavailable | max | min |
      | 1     | 0           | 7   | 6   |
      | 2     | 1           | 8   | 5   |
      | 0     | 2           | 6   | 4   |

  @cluster
  Scenario: Rolling back returns every pod to the old version
    Given a 3-node cluster running 4 replicas of web at v1
    When I roll out version v2 of web with maxSurge 1 and maxUnavailable 0
    And I roll back web
    Then every pod of "web" runs v1
    And 4 pods are running

  @pipeline
  Scenario: Failing unit tests stop the build before anything gets signed
    Given a manifest "cart" version "5.0.0"
    When commit a1b2c3d is built as R1
    Given 2 of the 300 unit tests fail for R1
    And the scan of R1 finds nothing
    And the integration tests of R1 pass
    When I run the pipeline for R1
    Then the pipeline fails
    And R1 is not signed
    And staging runs nothing

  @pipeline
  Scenario: The scan report lists several findings and only the waived one is let through
    Given a manifest "cart" version "5.1.0"
    When I build "cart" as R2
    Given the unit tests of R2 pass with 97% coverage
    And the scan of R2 finds:
      | id            | severity | package |
      | CVE-2026-3001 | HIGH     | openssl |
      | CVE-2026-3002 | CRITICAL | zlib    |
    And waiver list version 4 accepts CVE-2026-3001 because "feature flag off" until 2027-06-30
    When I run the pipeline for R2
    Then the pipeline got blocked at the scan gate
    And the block mentions CVE-2026-3002
    And the block mentions waiver list version 4

  @telemetry
  Scenario: Our alert rule file passes its unit tests
    Given a rule file "web-alerts.yml" containing:
      """
      groups:
        - name: web
          rules:
            - alert: WebErrors
              expr: sum(rate(http_requests_total{service="web",code=~"5.."}[5m])) / sum(rate(http_requests_total{service="web"}[5m])) > 0.05
              for: 5m
      """
    And a test file "web-alerts-test.yml" that feeds web 10% errors for 10 minutes
    When I test the rules in "web-alerts.yml"
    Then every rule test passes
    And "WebErrors" has 1 rule

  @story
  Scenario: The same release story replays identically every time
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then prod runs v1
    And telling the story again gives the same timeline, event for event

  @story
  Scenario: A healthy release rolls out and nothing pages
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    When I sign v2, get it approved and deploy it to prod
    And I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 2 hours pass
    Then the SLO "availability" does not page
    And every pod of "web" runs v2
    And the history of prod is v1 and v2
