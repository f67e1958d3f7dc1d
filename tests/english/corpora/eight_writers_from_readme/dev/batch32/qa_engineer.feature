Feature: Proving the release rules hold before anyone relies on them
  As a QA engineer
  I write down the edge cases I'd otherwise test by hand
  So that regressions in scheduling, gating and alerting are caught on every run

  @cluster
  Scenario: Pods that don't fit stay pending instead of overcommitting a node
    Given 2 nodes
    And a deployment "batch" with 6 replicas requesting 2 CPU per pod
    When I reconcile
    Then 4 pods are running
    And 2 pods of "batch" are pending

  @cluster
  Scenario: A rolling update never goes above the surge limit
    Given 3 nodes and a deployment of 4
    When I roll out version v2 of web with maxSurge 2 and maxUnavailable 0
    Then the rollout never exceeded 6 pods
    And at least 4 web pods were ready the whole time
    And every pod of "web" runs v2

  @pipeline
  Scenario Outline: Coverage right at the edges of the threshold
    Given a manifest "web" version "3.0.0"
    And the coverage threshold is 90%
    When I build "web" as B1
    Given the unit tests of B1 pass with <coverage> coverage
    And the scan of B1 finds nothing
    And the integration tests of B1 pass
    When I run the pipeline for B1
    Then the pipeline <outcome>

    Examples:
      | coverage | outcome                             |
      | 89%      | got blocked at the unit test gate   |
      | 90%      | passes                              |
      | 91%      | passes                              |

  @pipeline
  Scenario: Failing unit tests block even with great coverage
    Given commit 9e1f0aa is built as R1
    And 2 of the 300 unit tests fail for R1
    When I run the pipeline for R1
    Then the pipeline got blocked at the unit test gate
    And R1 is not signed
    And staging runs nothing

  @pipeline
  Scenario: An expired waiver doesn't let the finding through anymore
    Given a manifest "web" version "3.1.0"
    When I build "web" as B2
    Given the unit tests of B2 pass with 95% coverage
    And the scan of B2 finds:
      | id            | severity | package |
      | CVE-2025-9001 | HIGH     | zlib    |
    And waiver list version 2 accepts CVE-2025-9001 because "legacy path" until 2025-06-30
    And the integration tests of B2 pass
    When I run the pipeline for B2
    Then the pipeline got blocked at the scan gate
    And the block mentions waiver list version 2

  @telemetry
  Scenario: Latency percentiles read back the way the service reported them
    Given the service "checkout" serves 150 requests per second with 0% errors
    And checkout responds with a median of 40ms and a p99 of 180ms
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And checkout's median is 40ms

  @story
  Scenario: The same story told twice gives the same timeline
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And a manifest "web" version "v1"
    When I build "web" as D1
    Given D1 passed every gate
    And D1 was promoted to dev, staging and prod
    When I approve the promotion of D1 to prod
    And 1 hour passes
    Then prod runs D1
    And telling the story again gives the same timeline, event for event

  @story
  Scenario: A healthy release never trips the rollback hook
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v1 is signed, approved and promoted all the way to prod
    And v2 is signed, approved and promoted all the way to prod
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 2 hours pass
    Then every pod of "web" runs v2
    And an alert rolled prod back 0 times
    And the history of prod is v1 and v2
