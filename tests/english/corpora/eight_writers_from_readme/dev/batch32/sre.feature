Feature: Keeping the platform up when things go sideways
  As the SRE on the rotation this week
  I want to rehearse the failures I actually get paged for
  So that I trust the cluster, the alerts and the automatic rollbacks

  @cluster
  Scenario: Losing a node doesn't lose capacity
    Given 4 nodes and a deployment of 6
    When node-2 fails and I reconcile
    Then no pod is on node-2
    And 6 pods are running
    And nothing is scheduled on node-2

  @cluster
  Scenario: Two nodes in the same rack die at once
    Given a 4-node cluster running 8 replicas of web at v1
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    When node-1 and node-2 fail
    And I reconcile
    Then nothing is scheduled on node-1
    And nothing is scheduled on node-2
    And 8 pods are running

  @cluster
  Scenario: Draining a node for patching respects the disruption budget
    Given 3 nodes
    And a deployment "api" with 6 replicas requesting 500m CPU per pod
    And a disruption budget for "api" allowing at most 1 unavailable pod
    When I drain node-3
    And I reconcile
    Then no more than 1 api pod was unavailable during the drain
    And no pod is on node-3
    And 6 pods are running

  @telemetry
  Scenario Outline: Error alert only fires once the errors stick around
    Given the service "web" serves 300 requests per second with 0% errors
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When the service "web" starts failing <error rate> of requests
    And <duration> pass
    Then the alert "WebErrors" is <state>

    Examples:
      | error rate | duration  | state    |
      | 10%        | 2 minutes | pending  |
      | 10%        | 6 minutes | firing   |
      | 2%         | 6 minutes | inactive |

  @telemetry
  Scenario: A short blip doesn't wake anyone up
    Given the service "search" serves 200 requests per second with 0% errors
    And an SLO "search-avail" of 99.5% over 28 days for the service "search"
    When the service "search" starts failing 100% of requests
    And 3 minutes pass
    And the service "search" starts failing 0% of requests
    And 1 hour passes
    Then the SLO "search-avail" does not page

  @telemetry
  Scenario: A sustained outage burns through the budget and pages
    Given the service "web" serves 100 requests per second with 0% errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 50% of requests
    And 30 minutes pass
    Then the burn-rate alert for web pages the on-call
    When 2 days pass
    Then the error budget for "availability" is fully spent

  @story
  Scenario: Bad deploy at 3am, and the system rolls back before I find my laptop
    Given 3 nodes
    And a deployment "web" with 4 replicas requesting 500m CPU per pod
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And prod runs version v1 of "web" on 3 nodes with 4 replicas
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1

  @story
  Scenario: Node dies mid-incident and traffic still fits on the survivors
    Given 3 nodes
    And a deployment "web" with 6 replicas requesting 500m CPU per pod
    And the service "web" serves 240 requests per second
    And each pod of "web" serves at most 50 requests per second
    And an alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes
    When node-3 fails and I reconcile
    And 10 minutes pass
    Then no pod is on node-3
    And 6 pods are running
    And "WebErrors" never went to firing
