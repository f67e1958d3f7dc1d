Feature: Replaying the incidents I had to run
  Running the bridge goes better if I already know what pages,
  what doesn't, and what the system fixes on its own.

  @telemetry
  Scenario: An outage that was over before the long window caught up does not page
    Given the service "payments" serves 100 requests per second with 0% errors
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    When the service "payments" starts failing 100% of requests
    And 10 minutes pass
    And the service "payments" starts failing 0% of requests
    And 30 minutes pass
    Then the SLO "payments-avail" does not page

  @telemetry
  Scenario: A hard outage pages the on-call within minutes
    Given the service "payments" serves 100 requests per second with 0% errors
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    When the service "payments" starts failing 100% of requests
    And 5 minutes pass
    Then the burn-rate alert for payments pages the on-call

  @telemetry
  Scenario: A slow leak of errors eats the whole month's budget
    Given payments is taking 200 requests per second with hardly any errors
    And an SLO for payments of 99.9% availability over 30 days
    When 2% of its requests come back with HTTP 500
    And 3 days pass
    Then the error budget for "payments-avail" is fully spent
    And the burn-rate alert for payments pages the on-call

  @cluster
  Scenario: We lose half a zone mid-incident and capacity holds
    Given 4 nodes
    And node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b
    And a deployment "payments" with 8 replicas requesting 500m CPU per pod
    When node-1 fails and I reconcile
    Then no pod is on node-1
    And 8 pods of "payments" are running

  @cluster
  Scenario: Traffic spike during the incident, the autoscaler adds pods
    Given 3 nodes
    And a deployment "payments" with 2 replicas requesting 500m CPU per pod
    And payments autoscales between 2 and 8 replicas at 60% CPU
    When payments' CPU use goes to 90%
    And I reconcile
    Then payments has more than 2 replicas
    And payments has at most 8 replicas

  @story
  Scenario: Bad deploy, page, automatic rollback, and a clean timeline for the postmortem
    Given prod runs version v1 of "payments" on 3 nodes with 4 replicas
    And the service "payments" serves 100 requests per second
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And payments rolls back on its own when "payments-avail" pages
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 20% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 15 minutes pass
    Then an alert rolled prod back 1 time
    And every pod of "payments" runs v1
    And telling the story again gives the same timeline, event for event

  @story
  Scenario: No auto-rollback configured, so I make the call and roll back by hand
    Given prod runs version v1 of "payments" on 3 nodes with 6 replicas
    And the service "payments" serves 100 requests per second
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 50% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And 10 minutes pass
    Then the burn-rate alert for payments pages the on-call
    But prod runs v2
    When on-call rolls prod back to v1
    Then every pod of "payments" runs v1
    And the history of prod is v1, v2 and v1

  @story
  Scenario: A node dies during the rollback and we still end up on the good version
    Given prod runs version v1 of "payments" on 3 nodes with 6 replicas
    And an SLO "payments-avail" of 99.9% over 30 days for the service "payments"
    And the service "payments" serves 100 requests per second
    And v2 is signed, approved and promoted all the way to prod
    And pods running v2 fail 40% of requests
    When I roll out v2 to "payments" with maxSurge 1 and maxUnavailable 0
    And on-call rolls prod back to v1
    And node-3 fails and I reconcile
    Then no pod is on node-3
    And every pod of "payments" runs v1
    And 6 pods of "payments" are running
