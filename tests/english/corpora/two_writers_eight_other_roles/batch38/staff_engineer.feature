Feature: Platform guarantees I keep getting asked to prove in design reviews
  Every quarter somebody asks whether our scheduling, release and alerting
  assumptions still hold. These are the answers, written down so they run.

  @cluster
  Scenario: Pods that don't fit anywhere wait instead of overcommitting a node
    Given 2 nodes with 4 CPU and 8Gi memory each
    And a deployment "batch-worker" with 5 replicas requesting 2 CPU per pod
    When I reconcile
    Then 4 pods of "batch-worker" are running
    And 1 pod of "batch-worker" is pending
    And no node has more than 4 CPU requested

  @cluster
  Scenario: Spreading over two zones means losing one zone is survivable
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "api" with 4 replicas spread across zones
    When I reconcile
    Then 2 pods of "api" are in zone-a
    And 2 pods of "api" are in zone-b
    When node-1 and node-2 fail and I reconcile
    Then 4 pods of "api" are running
    And nothing is scheduled on node-1

  @cluster
  Scenario: Draining a node for the kernel patch never breaks the disruption budget
    Given a 3-node cluster running 6 replicas of web at v1
    And a pod disruption budget for web with minAvailable 5
    When I drain node-2
    Then no fewer than 5 web pods stayed ready during the drain
    And no web pod is on node-2
    And 6 web pods are running

  @pipeline
  Scenario: What prod runs is pinned to a digest, not a mutable tag
    Given a manifest "ledger" version "3.4.0"
    When commit 4c2d19b is built as L1
    Given L1 passed every gate
    When I promote L1 to dev, then staging, then prod
    And Priya approves the promotion of L1 to prod
    Then prod runs L1
    And the history of prod references the digest of L1, not a tag

  @telemetry
  Scenario Outline: A short blip that is already over doesn't wake anyone up
    Given the service "checkout" serves 200 requests per second with 0% errors
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    When the service "checkout" starts failing <error rate>% of requests
    And <minutes> minutes pass
    And the service "checkout" starts failing 0% of requests
    And 1 hour passes
    Then the SLO "checkout-avail" does not page

    Examples:
      | error rate | minutes |
      | 100        | 1       |
      | 10         | 5       |
      | 2          | 20      |

  @telemetry
  Scenario: A slow p99 goes pending before it fires
    Given the service "web" serves 100 requests per second
    And web responds with a median of 40ms and a p99 of 300ms
    And an alert "WebSlow" fires if web's p99 is over 250ms for 5 minutes
    When 4 minutes pass
    Then "WebSlow" is pending
    When 2 minutes pass
    Then "WebSlow" is firing

  @story
  Scenario: A bad v2 burns the budget and the platform rolls itself back
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And the service "web" serves 300 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: A blocked scan keeps a bad build away from the error budget entirely
    Given 3 nodes
    And a deployment "search" with 3 replicas at version v1
    And search has a 99.5% availability SLO "search-avail" over 28 days
    And a manifest "search" version "2.0.0"
    When I build "search" as S1
    Given the unit tests of S1 pass with 95% coverage
    And the scan of S1 shows CVE-2026-4242 (CRITICAL, package libxml2)
    When I run the pipeline for S1
    Then the pipeline got blocked at the scan gate
    And S1 is not signed
    And every pod of "search" runs v1
