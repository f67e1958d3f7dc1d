Feature: Things I want to be sure about before my first on-call shadow shift
  My mentor told me to write down what I think the platform does and then prove it.
  These are the cases I keep asking about in standup.

  @cluster
  Scenario: Losing a node does not lose the app
    Given a cluster with 3 nodes running 6 pods of "web"
    When node-3 goes down
    And I reconcile
    Then nothing is scheduled on node-3
    And 6 pods are running
    And every pod of "web" is on node-1 or node-2

  @cluster
  Scenario: Draining a node for patching respects the disruption budget
    Given 4 nodes and a deployment "web" with 6 replicas
    And a disruption budget for "web" that keeps at least 5 pods available
    When I drain node-2
    Then nothing is scheduled on node-2
    And no more than 1 web pod was unavailable during the drain
    And 6 pods of "web" are running

  @cluster
  Scenario: A pod that is too big just sits in Pending
    Given 2 nodes with 4 CPU and 8Gi memory each
    And a deployment "batch-report" with 1 replica requesting 6 CPU per pod
    When I reconcile
    Then the pod of "batch-report" is Pending
    And the reason mentions insufficient cpu

  @telemetry
  Scenario: A one-minute blip should not wake anybody up
    Given the service "web" serves 200 requests per second with 0% errors
    And an alert "WebErrors" fires if more than 5% of web's requests fail for 5 minutes
    When the service "web" starts failing 20% of requests
    And 1 minute passes
    And the service "web" starts failing 0% of requests
    And 10 minutes pass
    Then "WebErrors" never went to firing

  @telemetry
  Scenario: A long outage eats the whole error budget
    Given the service "web" serves 100 requests per second with hardly any errors
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When the service "web" starts failing 100% of requests
    And 2 hours pass
    Then the error budget for "availability" is fully spent
    And the burn-rate alert for web pages the on-call

  @story
  Scenario: The bad deploy from the incident review, replayed
    Given prod runs version v1 of "web" on 3 nodes with 4 replicas
    And the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And web rolls back on its own when "availability" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 25% of requests
    When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0
    And 20 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "web" runs v1

  @story
  Scenario: I roll prod back myself when the page comes in
    Given prod runs version v1 of "web" on 3 nodes with 6 replicas
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 50% of requests
    When 15 minutes pass
    Then the SLO "availability" pages
    When on-call rolls prod back to v1
    Then prod runs v1
    And the history of prod is v1, v2 and v1
