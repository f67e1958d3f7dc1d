Feature: Things I need to be able to tell leadership with confidence
  I don't run the cluster or the pipeline myself, but I want written-down
  proof that our safety nets work: we survive hardware loss, nothing
  unapproved ships, and a bad release gets undone before customers notice much.

  @cluster
  Scenario: Losing one machine doesn't take the product down
    Given a 3-node cluster running 6 replicas of web at v1
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 6 pods of "web" are running
    And at least 4 web pods were ready the whole time

  @cluster
  Scenario: Batch jobs stay on their own machines
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And 2 nodes
    And a deployment "reports" with 3 replicas that runs only on tier=batch
    When I reconcile
    Then 3 pods of "reports" are running
    And nothing is scheduled on node-1
    And nothing is scheduled on node-2

  @pipeline
  Scenario: Nothing reaches customers without a sign-off
    Given a manifest "web" version "5.0.0"
    When I build "web" as M1
    Given M1 passed every gate
    When I promote M1 to dev, then staging, then prod
    Then prod runs nothing
    When Priya approves the promotion of M1 to prod
    Then prod runs M1

  @pipeline
  Scenario: Waivers expire and stop covering us
    Given a manifest "web" version "5.0.1"
    When I build "web" as M2
    Given the unit tests of M2 pass with 92% coverage
    And the scan of M2 shows CVE-2026-1111 (HIGH, package openssl)
    And Priya from security waives CVE-2026-1111 until 2026-01-31 because "fix coming"
    And the integration tests of M2 pass
    When I run the pipeline for M2 on 2026-03-01
    Then the pipeline got blocked at the scan gate
    And M2 is not signed

  @telemetry
  Scenario Outline: We only get paged when the budget is really at risk
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing <error_rate> of requests
    And <duration> pass
    Then the SLO "availability" <outcome>

    Examples:
      | error_rate | duration   | outcome       |
      | 100%       | 10 minutes | pages         |
      | 0.05%      | 2 days     | does not page |
      | 20%        | 1 hour     | pages         |

  @telemetry
  Scenario: A month of heavy failures uses up the whole budget
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 5% of requests
    And 30 days pass
    Then the error budget for "availability" is fully spent

  @story
  Scenario: A bad release is undone automatically, with no one awake
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And pods running v2 fail 20% of requests
    When v2 is signed, approved and promoted all the way to prod
    And I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v1
    And every pod of "web" runs v1

  @story
  Scenario: The incident replays the same way in the postmortem
    Given 3 nodes
    And a deployment "web" with 4 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And "web" rolls back when the SLO "availability" pages
    And v1 and v2 of "web" are signed, approved and promoted all the way to prod
    And pods running v2 fail 50% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 30 minutes pass
    Then the history of prod is v1, v2 and v1
    And telling the story again gives the same timeline, event for event
