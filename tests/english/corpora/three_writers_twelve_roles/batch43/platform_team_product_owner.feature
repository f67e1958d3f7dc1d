Feature: What the platform promises the product teams
  As the product owner of the internal platform
  I want the promises we make to tenant teams written down as checks
  So that nobody has to take the platform team's word for it at the quarterly review

  @cluster
  Scenario: Losing one machine does not take a tenant down
    Given a 3-node cluster running 6 replicas of "orders" at v1
    When node-2 goes down and the cluster reconciles
    Then nothing of "orders" is left on node-2
    And 6 pods of "orders" are running
    And every pod of "orders" is on node-1 or node-3

  @cluster
  Scenario: Patching the fleet respects the disruption budget we sold
    Given 4 nodes
    And a deployment "billing" with 6 replicas
    And a disruption budget for "billing" that keeps at least 5 pods available
    When I drain node-1 for the monthly patch window
    Then no more than 1 billing pod was unavailable during the drain
    And no pod is scheduled on node-1
    And 6 pods of "billing" are running

  @cluster
  Scenario: The batch pool stays separate from the customer-facing workloads
    Given a node pool "batch" with 3 nodes of 8 CPU and 32Gi memory labeled tier=batch
    And a node pool "web" with 3 nodes of 4 CPU and 8Gi memory labeled tier=web
    And a deployment "reports" with 4 replicas that only runs on tier=batch
    When the scheduler places everything
    Then every pod of "reports" lands on a node labeled tier=batch
    And nothing of "reports" is scheduled on the web pool

  @pipeline
  Scenario: Nothing reaches production without every gate having its say
    Given a manifest "catalog" version "3.2.0"
    And the coverage threshold is 85%
    When I build "catalog" as C1
    And the unit tests of C1 pass with 88% coverage
    But nobody has uploaded integration test results for C1
    When I run the pipeline for C1
    Then the pipeline is blocked
    And the block says the integration test evidence is missing
    And prod runs nothing

  @telemetry
  Scenario Outline: The availability tier we sell decides when the owning team is paged
    Given the service "<service>" handles 200 requests per second with no errors
    And an SLO "availability" of <target> over 30 days for the service "<service>"
    When the service "<service>" starts failing <failure> of requests
    And 1 hour passes
    Then the SLO "availability" <outcome>

    Examples:
      | service  | target | failure | outcome       |
      | payments | 99.9%  | 5%      | pages         |
      | wiki     | 99%    | 0.5%    | does not page |

  @story
  Scenario: A tenant's bad release is undone without a human in the loop
    Given prod runs version v1 of "checkout" on 3 nodes with 6 replicas
    And "checkout" has a 99.9% availability SLO "checkout-avail" over 30 days
    And checkout rolls back on its own when "checkout-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods on v2 fail 25% of their requests
    When v2 is rolled out to "checkout" with maxSurge 1 and maxUnavailable 0
    And 20 minutes go by
    Then prod is back on v1
    And every pod of "checkout" runs v1
    And the prod history shows v1, v2 and then v1 again

  @story
  Scenario: The quarterly audit can replay a release exactly
    Given a 3-node cluster running 4 replicas of "ledger" at v1
    And ledger serves 100 requests per second
    And an SLO for ledger of 99.9% availability over 30 days
    And a manifest "ledger" version "v2"
    When I build "ledger" as L2
    And L2 passed every gate and was promoted to dev, staging and prod
    And the release manager approves L2 for prod
    Then the history of prod references the digest of L2, not a tag
    And telling the story again gives the same timeline, event for event
