Feature: Keeping web and checkout up without waking people for nothing
  As the SRE who owns the web tier's reliability
  I want my failure drills and paging rules written down as checks
  So that I know how the platform reacts before it happens at 3am

  @cluster
  Scenario: Losing a node moves its pods onto the rest of the fleet
    Given a 3-node cluster running 4 replicas of web at v1
    When node-2 goes down
    And I reconcile
    Then nothing is scheduled on node-2
    And 4 pods are running

  @cluster
  Scenario: Two nodes dying at once still leaves the service whole
    Given 4 nodes
    And a deployment "web" with 6 replicas requesting 500m CPU per pod
    When node-1 and node-3 fail
    And I reconcile
    Then no pod is on node-1
    And no pod is on node-3
    And 6 pods are running

  @telemetry
  Scenario: A short blip that already recovered should not page me
    Given the service "web" serves 200 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 5 minutes pass
    And the service "web" starts failing 0% of requests
    And 45 minutes pass
    Then the SLO "availability" does not page

  @telemetry
  Scenario: A steady trickle of 503s trips the error alert after it holds
    Given web is taking 300 requests per second with hardly any errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When 8% of its requests come back with HTTP 503
    And 3 minutes pass
    Then "WebErrors" is pending
    When 5 minutes pass
    Then "WebErrors" is firing

  @telemetry
  Scenario Outline: Sustained error rates and whether the burn-rate alert pages
    Given the service "checkout" serves 100 requests per second with 0% errors
    And an SLO "checkout-avail" of 99.9% over 30 days for the service "checkout"
    When the service "checkout" starts failing <error rate> of requests
    And <duration> pass
    Then the SLO "checkout-avail" <outcome>

    Examples:
      | error rate | duration   | outcome      |
      | 20%        | 15 minutes | pages        |
      | 0.05%      | 2 hours    | does not page |

  @telemetry
  Scenario: Latency targets for checkout hold under normal load
    Given the service "checkout" serves 150 requests per second
    And checkout responds with a median of 40ms and a p99 of 180ms
    When 10 minutes pass
    Then checkout's p99 is 180ms
    And the error budget for "checkout-avail" is not spent

  @story
  Scenario: A bad release burns the budget and web rolls itself back
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And services are scraped every 15 seconds
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then the burn-rate alert for web pages the on-call
    And prod runs v1
    And every pod of "web" runs v1

  @story
  Scenario: A node failure during a clean release does not eat the error budget
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When node-3 fails and I reconcile
    And 30 minutes pass
    Then no pod is on node-3
    And 4 pods are running
    And the SLO "availability" does not page
