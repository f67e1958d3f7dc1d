Feature: Our tiny platform, tested like the rest of the code
  We're eight people. I wrote most of the infra myself at 2am.
  These scenarios are how I sleep at night: if they pass, the boring
  stuff (cluster, deploys, alerts) does what I think it does.

  @cluster
  Scenario: Our one API deployment fits on the two cheap nodes we pay for
    Given 2 nodes
    And a deployment "api" with 4 replicas requesting 1 CPU per pod
    When I reconcile
    Then 4 pods of "api" are running
    And no pod of "api" is pending

  @cluster
  Scenario: Asking for too much CPU leaves pods pending instead of overbooking
    Given 2 nodes
    And a deployment "api" with 10 replicas requesting 1 CPU per pod
    When I reconcile
    Then 8 pods of "api" are running
    And 2 pods of "api" are pending
    And the pending pods say there is not enough cpu

  @cluster
  Scenario: The autoscaler adds pods when launch day traffic shows up
    Given 3 nodes
    And a deployment "api" with 2 replicas requesting 500m CPU per pod
    And an autoscaler for "api" between 2 and 8 replicas targeting 60% cpu
    When cpu usage of "api" climbs to 120% of requests
    And I reconcile
    Then "api" has 4 replicas
    And no more than 8 pods of "api" are running

  @pipeline
  Scenario: I push straight from my laptop and the pipeline still makes me do it properly
    Given commit 5f00dad is built as B1
    And 0 of the 140 unit tests fail for B1
    And the scan of B1 finds nothing
    When I run the pipeline for B1
    Then the pipeline got blocked at the coverage gate
    And the block says which evidence is missing

  @pipeline
  Scenario: Shipping a build from green CI to prod in one go
    Given commit 5f00dad is built as B1
    And the unit tests of B1 pass with 81% coverage
    And the scan of B1 finds nothing
    And the integration tests of B1 pass
    And the coverage threshold is 80%
    When I run the pipeline for B1
    And I promote B1 to dev, then staging, then prod
    And I approve the promotion of B1 to prod myself
    Then dev, staging and prod all run B1

  @telemetry
  Scenario: One alert that matters for the API and nothing else
    Given the service "api" serves 40 requests per second with hardly any errors
    And an alert "ApiDown" fires if over 50% of api's requests fail for 2 minutes
    When api starts failing 100% of requests
    And 1 minute passes
    Then "ApiDown" is not firing yet
    When 2 more minutes pass
    Then "ApiDown" is firing

  @story
  Scenario: The release I shipped before the investor demo broke login and got undone by itself
    Given prod runs v14 of "api" on 2 nodes with 4 replicas
    And the service "api" serves 40 requests per second
    And an SLO "api-up" of 99.5% over 28 days for the service "api"
    And "api" rolls back when the SLO "api-up" pages
    And v15 is signed, approved and promoted all the way to prod
    And pods running v15 fail 40% of requests
    When I roll out v15 to "api" with maxSurge 1 and maxUnavailable 0
    And 10 minutes pass
    Then an alert rolled prod back 1 time
    And prod runs v14
    And the history of prod is v14, v15 and v14

  @story
  Scenario: A node vanishes during a deploy and customers never find out
    Given prod runs v14 of "api" on 3 nodes with 4 replicas
    And api is taking 40 requests per second with hardly any errors
    And an SLO "api-up" of 99.5% over 28 days for the service "api"
    And v15 made it through signing, approval and promotion to prod
    When I roll out v15 to "api" with maxSurge 1 and maxUnavailable 0
    And node-2 fails and I reconcile
    And 1 hour passes
    Then every pod of "api" runs v15
    And nothing is scheduled on node-2
    And the SLO "api-up" does not page
